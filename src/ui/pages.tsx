import { useEffect, useState } from "preact/hooks";
import type { WireBrandingInfo } from "../http/wire";
import type { Translator } from "../i18n/translator";
import { errorPageModel, type ErrorKind } from "./error-page-model";

/** The rotating spinner of loading states. */
export function Spinner({ t }: { t: Translator }) {
  return (
    <div class="pw-loading" role="status">
      <div class="pw-spinner" aria-hidden="true" />
      <span class="pw-sr">{t.t("common.loading")}</span>
    </div>
  );
}

/** Brand icon and wordmark, or the app name; a close button when the widget is full-screen. */
export function Header(props: {
  t: Translator;
  branding: WireBrandingInfo | null;
  onClose: (() => void) | null;
}) {
  const { t, branding, onClose } = props;
  const name = branding?.app_name ?? "";
  const icon = branding?.app_icon_webp ?? branding?.app_icon;
  const wordmark = branding?.app_wordmark_webp ?? branding?.app_wordmark;
  return (
    <header class="pw-header">
      {icon && <img src={icon} alt={wordmark ? "" : name} />}
      {wordmark && <img src={wordmark} alt={name} />}
      {!icon && !wordmark && name && <span class="pw-app-name">{name}</span>}
      {onClose && (
        <button type="button" class="pw-close" aria-label={t.t("common.close_checkout")} onClick={onClose}>
          ×
        </button>
      )}
    </header>
  );
}

/** The sandbox banner at the top of sandbox checkouts, shown until dismissed. */
export function SandboxBanner({ t }: { t: Translator }) {
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  return (
    <div class="pw-banner" role="note">
      <span>{t.t("sandbox.banner")}</span>
      <button type="button" aria-label={t.t("sandbox.dismiss")} onClick={() => setVisible(false)}>
        ×
      </button>
    </div>
  );
}

/** The success page: 'payment complete' and a Continue button. */
export function SuccessPage(props: {
  t: Translator;
  titleId: string;
  onContinue: () => void;
  onShown: () => void;
}) {
  const { t, titleId, onContinue, onShown } = props;
  useEffect(onShown, []);
  return (
    <div class="pw-page">
      <div class="pw-icon pw-icon-success" aria-hidden="true">
        ✓
      </div>
      <h2 id={titleId} class="pw-h1" tabIndex={-1}>
        {t.t("success.title")}
      </h2>
      <p>{t.t("success.message")}</p>
      <button type="button" class="pw-btn" onClick={onContinue}>
        {t.t("common.continue")}
      </button>
    </div>
  );
}

/** Props of {@link ErrorPage}. */
export interface ErrorPageProps {
  readonly t: Translator;
  readonly titleId: string;
  readonly kind: ErrorKind;
  readonly errorCode: number;
  readonly email: string;
  readonly branding: WireBrandingInfo | null;
  /** What a developer should know of the cause, shown in the sandbox only (a billing server without a gateway). */
  readonly sandboxDetail?: string | null;
  readonly onRetry: () => void;
  readonly onClose: () => void;
}

/** An error page of docs/checkout.md: title, message with the error code, support link, and its action. */
export function ErrorPage(props: ErrorPageProps) {
  const { t, titleId, kind, branding } = props;
  const supportEmail = branding?.support_email ?? null;
  const appName = branding?.app_name ?? null;
  const model = errorPageModel(kind, { supportEmail, appName });
  const label =
    model.action === "try_again"
      ? t.t("common.try_again")
      : model.action === "go_to_app"
        ? t.t("common.go_to_app", { appName: appName ?? "" })
        : t.t("common.close");
  return (
    <div class="pw-page">
      <div class={`pw-icon pw-icon-${model.icon}`} aria-hidden="true">
        {model.icon === "success" ? "✓" : "!"}
      </div>
      <h2 id={titleId} class="pw-h1" tabIndex={-1}>
        {t.t(model.titleKey)}
      </h2>
      <div role="alert">
        <p>{t.t(model.messageKey, { errorCode: props.errorCode, email: props.email })}</p>
        {model.sandboxOnly && <p class="pw-muted">{t.t("error.sandbox_only")}</p>}
        {props.sandboxDetail && (
          <p class="pw-muted">
            {props.sandboxDetail} ({t.t("error.sandbox_only")})
          </p>
        )}
      </div>
      {model.supportHintKey && supportEmail && (
        <p>
          {t.t(model.supportHintKey)} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      )}
      <button
        type="button"
        class="pw-btn"
        onClick={model.action === "try_again" ? props.onRetry : props.onClose}
      >
        {label}
      </button>
    </div>
  );
}
