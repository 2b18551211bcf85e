// The lazily loaded part of the paywall renderer: the rarer component types (docs/checkout.md). present-paywall
// loads it before the first render when a paywall has one of them (resolve-paywall's `usesExtras`), so paywalls
// without them never download it.
import type { ComponentChildren } from "preact";
import { Carousel } from "./paywall-carousel";
import { Countdown } from "./paywall-countdown";
import { InputChoice, InputOption, InputText } from "./paywall-inputs";
import { Loader, LoaderGroupItem, LoaderPart } from "./paywall-loaders";
import { Video, WebView } from "./paywall-media";
import { TabControl, TabControlButton, TabControlToggle, Tabs } from "./paywall-tabs";
import { StackBox, type ComponentProps } from "./paywall-view";
import { WalletButton } from "./paywall-wallet";

/** The styles of these components, added to the paywall's. */
export const EXTRAS_CSS = `
.pw-pwl-header{position:sticky;top:0;z-index:1}
.pw-pwl-tabs{display:flex;flex-direction:column}
.pw-pwl-toggle{position:relative;flex:none;width:51px;height:31px;border:0;border-radius:16px;background:#8886;cursor:pointer}
.pw-pwl-thumb{position:absolute;top:2px;inset-inline-start:2px;width:27px;height:27px;border-radius:50%;background:#fff;box-shadow:0 1px 3px #0003;transition:inset-inline-start .2s}
.pw-pwl-toggle[aria-checked=true] .pw-pwl-thumb{inset-inline-start:22px}
.pw-pwl-carousel{display:flex;flex-direction:column;align-self:stretch;gap:8px;max-width:100%}
.pw-pwl-pages{display:flex;gap:4px}
.pw-pwl-page-box{flex:1;min-width:0;display:flex;flex-direction:column}
.pw-pwl-page{display:flex;flex-direction:column;animation:pw-pwl-in .3s ease}
.pw-pwl-arrow{flex:none;align-self:center;width:32px;height:32px;border:0;border-radius:50%;background:#8883;color:inherit;font:inherit;font-size:20px;line-height:1;cursor:pointer}
.pw-pwl-arrow[aria-disabled=true]{opacity:.35;cursor:default}
.pw-pwl-dots{display:flex;align-self:center;align-items:center}
.pw-pwl-dots span{border-radius:9999px}
.pw-pwl-webview iframe{display:block;width:100%;height:100%;min-height:300px;border:0}
.pw-pwl-input{font:inherit;color:inherit;background:none;border:1px solid #8888;border-radius:8px;padding:10px 12px;width:100%}
.pw-pwl-bar{height:8px;width:100%;border-radius:9999px}
.pw-pwl-ring{width:48px;height:48px;border-radius:50%;mask:radial-gradient(closest-side,#0000 70%,#000 71%);-webkit-mask:radial-gradient(closest-side,#0000 70%,#000 71%)}
.pw-pwl-wallet-waiting{visibility:hidden;height:0;overflow:hidden}
.pw-pwl-wallet{align-self:stretch}
.pw-pwl-skeleton{min-height:16px;border-radius:6px;background:#8883;animation:pw-pwl-pulse 1.2s ease-in-out infinite alternate}
@keyframes pw-pwl-pulse{to{opacity:.4}}
@keyframes pw-pwl-in{from{opacity:0}}
`;

/**
 * Draws a component of a type this module owns; the paywall view hands it every type it does not draw itself.
 *
 * @example
 * <PaywallView vm={{ ...vm, extra: renderExtra }} />
 */
export function renderExtra({ vm, scope, component }: ComponentProps): ComponentChildren {
  switch (component.type) {
    case "header":
      return (
        <StackBox vm={vm} scope={scope} stack={component.stack} className="pw-pwl-stack pw-pwl-header" />
      );
    case "tabs":
      return <Tabs vm={vm} scope={scope} component={component} />;
    case "tab_control":
      return <TabControl vm={vm} scope={scope} />;
    case "tab_control_button":
      return <TabControlButton vm={vm} scope={scope} component={component} />;
    case "tab_control_toggle":
      return <TabControlToggle vm={vm} scope={scope} component={component} />;
    case "carousel":
      return <Carousel vm={vm} scope={scope} component={component} />;
    case "countdown":
      return <Countdown vm={vm} scope={scope} component={component} />;
    case "video":
      return <Video vm={vm} scope={scope} component={component} />;
    case "web_view":
      return <WebView vm={vm} scope={scope} component={component} />;
    case "wallet_button":
    case "express_purchase_button":
      return <WalletButton vm={vm} scope={scope} component={component} />;
    case "redemption_button":
      // Its link to the app exists only after a purchase (purchases-js shows it on its success page); the paywall
      // closes when a purchase completes, so here it is a button that is unavailable.
      return (
        <StackBox
          vm={vm}
          scope={scope}
          stack={component.stack}
          tag="button"
          className="pw-pwl-stack pw-pwl-button"
          attributes={{ type: "button", "aria-disabled": true }}
        />
      );
    case "input_text":
      return <InputText vm={vm} scope={scope} component={component} />;
    case "input_single_choice":
    case "input_multiple_choice":
      return <InputChoice vm={vm} scope={scope} component={component} />;
    case "input_option":
      return <InputOption vm={vm} scope={scope} component={component} />;
    case "loader":
      return <Loader vm={vm} scope={scope} component={component} />;
    case "loader_group_item":
      return <LoaderGroupItem vm={vm} scope={scope} component={component} />;
    case "loader_progress_component":
      return <StackBox vm={vm} scope={scope} stack={component.stack} />;
    case "loader_group":
    case "loader_progress_components":
    case "loader_percentage":
    case "skeleton_loader":
    case "circular_loader_animation":
    case "linear_loader_animation":
      return <LoaderPart vm={vm} scope={scope} component={component} />;
    default:
      return null;
  }
}
