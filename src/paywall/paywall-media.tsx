import { commonStyle, shapeRadius } from "./component-style";
import type { WireVideo, WireWebView } from "./paywall-document";
import { isSelected, styleContext, withOverrides, type PaywallViewModel, type Scope } from "./paywall-view";

/**
 * A video: muted and inline, over its fallback image as poster. It plays by itself (`auto_play`) only when the
 * system does not ask for reduced motion; otherwise, or with `show_controls`, it shows its controls. Without an
 * https video it is its fallback image.
 */
export function Video({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireVideo;
}) {
  const video = withOverrides(component, isSelected(vm, scope));
  const pick = <T,>(source: { light: T; dark?: T | null } | null | undefined) =>
    vm.mode === "dark" ? (source?.dark ?? source?.light) : source?.light;
  const url = pick(video.source)?.url ?? "";
  const image = pick(video.fallback_source);
  const poster = image?.webp || image?.original || "";
  const https = (value: string) => /^https:\/\//i.test(value);
  const still = vm.win.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  const autoplay = video.auto_play === true && !still;
  const radius = shapeRadius(video.mask_shape, vm.dir);
  const fit = {
    objectFit: video.fit_mode === "fit" ? "contain" : "cover",
    ...(radius ? { borderRadius: radius } : {}),
  };
  return (
    <div class="pw-pwl-image" style={{ ...commonStyle(video, styleContext(vm, scope)), ...fit }}>
      {https(url) ? (
        <video
          src={url}
          poster={https(poster) ? poster : undefined}
          muted
          playsInline
          autoplay={autoplay}
          loop={video.loop === true}
          controls={video.show_controls === true || (video.auto_play === true && still)}
          preload="metadata"
          style={fit}
        />
      ) : (
        https(poster) && <img src={poster} alt="" style={fit} />
      )}
    </div>
  );
}

/**
 * A web page in a frame, only over https and from another origin than the host page's: sandboxed (its scripts run
 * in its own origin, it cannot navigate the host page or open pop-ups), without a referrer, and titled by the
 * component's name or the page's host so that screen readers can announce it.
 */
export function WebView({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireWebView;
}) {
  let url: URL | null = null;
  try {
    url = new URL(component.url);
  } catch {
    // not a URL: nothing is shown
  }
  if (!url || url.protocol !== "https:" || url.username || url.password) return null;
  if (url.origin === vm.win.location?.origin) return null;
  return (
    <div class="pw-pwl-webview" style={commonStyle(component, styleContext(vm, scope))}>
      <iframe
        src={url.href}
        title={component.name || url.host}
        sandbox="allow-scripts allow-same-origin"
        referrerpolicy="no-referrer"
        loading="lazy"
      />
    </div>
  );
}
