import { render } from "preact";
import { useMemo, useState } from "preact/hooks";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import { loadTranslator } from "../i18n/translator";
import { Logger } from "../logger";
import type { Offering, Package, PurchaseResult } from "../model/types";
import { mountWidget, type WidgetMount } from "../ui/mount-widget";
import { initialColorMode, type ColorMode } from "./colors";
import { PAYWALL_CSS } from "./paywall-css";
import type { WireAction, WireColorAliases, WirePaywallDocument } from "./paywall-document";
import { paywallLocalizer, type Localize } from "./paywall-localizations";
import { isSafeUrl } from "./paywall-markup";
import { initialPackageId, packageComponents, steppedPackageId } from "./paywall-packages";
import type { PaywallListener, PaywallPurchaseResult, PresentPaywallParams } from "./paywall-params";
import { variablesPerPackage, type PaywallVariables } from "./paywall-variables";
import { PaywallView, titleText } from "./paywall-view";
import { resolvePaywall } from "./resolve-paywall";

/** Everything the paywall needs from the core, validated by `Purchases.presentPaywall`. */
export interface PaywallSession extends Omit<PresentPaywallParams, "offering"> {
  readonly win: Window;
  readonly offering: Offering;
  /** The colour aliases of the offerings response's `ui_config.app.colors` (checked where they are used). */
  readonly aliases: Readonly<Record<string, unknown>> | null | undefined;
  /** The locale prices are formatted in. */
  readonly priceLocale: string;
  /** Opens the checkout for a package (the `purchase()` flow). */
  readonly purchase: (rcPackage: Package) => Promise<PurchaseResult>;
  /** Aborted when the Purchases instance closes. */
  readonly signal: AbortSignal;
}

const cancelled = () => new PurchasesError(ErrorCode.UserCancelledError);

/** Calls a host callback; one that throws is logged, so that it cannot break the paywall. */
function callHost<A extends unknown[]>(
  name: string,
  fn: ((...args: A) => void) | null | undefined,
  ...args: A
) {
  try {
    fn?.(...args);
  } catch (error) {
    Logger.error(`The paywall's ${name} callback threw: ${String(error)}`);
  }
}

interface PaywallAppProps {
  readonly session: PaywallSession;
  readonly paywall: WirePaywallDocument;
  readonly mode: ColorMode;
  readonly dir: "ltr" | "rtl";
  readonly localize: Localize;
  readonly variables: Readonly<Record<string, PaywallVariables>>;
  readonly mount: WidgetMount;
  readonly onFinish: (ended: { result: PaywallPurchaseResult } | { error: PurchasesError }) => void;
}

function PaywallApp({ session, paywall, mode, dir, localize, variables, mount, onFinish }: PaywallAppProps) {
  const { offering, win } = session;
  const listener: PaywallListener = session.listener ?? {};
  const available = useMemo(() => new Set(Object.keys(offering.packagesById)), [offering]);
  const packageIds = useMemo(
    () => packageComponents(paywall, available).map((p) => p.package_id),
    [paywall, available],
  );
  // Without package components, texts and purchase buttons use the offering's first package.
  const [selectedPackageId, setSelected] = useState(
    () =>
      initialPackageId(packageComponents(paywall, available)) ??
      offering.availablePackages[0]?.identifier ??
      null,
  );
  const [busy, setBusy] = useState(false);

  const select = (id: string | null, focus: boolean) => {
    if (id === null || !available.has(id)) return;
    setSelected(id);
    if (focus) {
      [...mount.root.querySelectorAll<HTMLElement>("[data-package-id]")]
        .find((el) => el.dataset.packageId === id)
        ?.focus();
    }
  };

  const purchase = () => {
    const rcPackage = selectedPackageId === null ? null : (offering.packagesById[selectedPackageId] ?? null);
    if (!rcPackage || busy) return;
    callHost("onPurchaseStarted", listener.onPurchaseStarted?.bind(listener), rcPackage);
    setBusy(true);
    session.purchase(rcPackage).then(
      (purchaseResult) => {
        const result = { ...purchaseResult, selectedPackage: rcPackage };
        callHost("onPurchaseCompleted", listener.onPurchaseCompleted?.bind(listener), result);
        onFinish({ result });
      },
      (error: unknown) => {
        setBusy(false);
        const failure = isPurchasesError(error)
          ? error
          : new PurchasesError(ErrorCode.UnknownError, undefined, { cause: error });
        if (failure.errorCode === ErrorCode.UserCancelledError && !session.signal.aborted) {
          // Closing the checkout returns to the paywall.
          callHost("onPurchaseCancelled", listener.onPurchaseCancelled?.bind(listener));
          return;
        }
        callHost("onPurchaseError", listener.onPurchaseError?.bind(listener), failure);
        onFinish({ error: failure });
      },
    );
  };

  const onAction = (action: WireAction) => {
    switch (action.type) {
      case "select_package":
        return select(action.package_id, false);
      case "purchase":
        return purchase();
      case "navigate_back":
        callHost("onBack", session.onBack);
        return onFinish({ error: cancelled() });
      case "restore_purchases":
        return callHost("onRestorePurchases", session.onRestorePurchases);
      case "navigate_to": {
        if (action.destination === "customer_center") {
          return callHost("onVisitCustomerCenter", session.onVisitCustomerCenter);
        }
        const url = localize(action.url?.url_lid ?? "");
        if (!isSafeUrl(url)) return Logger.warn(`The paywall's link "${url}" is not a web address; ignored.`);
        if (session.onNavigateToUrl) return callHost("onNavigateToUrl", session.onNavigateToUrl, url);
        win.open(url, "_blank", "noopener,noreferrer");
      }
    }
  };

  return (
    <PaywallView
      vm={{
        paywall,
        mode,
        aliases: (session.aliases ?? {}) as WireColorAliases,
        dir,
        localize,
        variables,
        available,
        selectedPackageId,
        title: titleText(paywall.components_config.base.stack),
        titleId: mount.titleId,
        busy,
        onAction,
        onStep: (step) => select(steppedPackageId(packageIds, selectedPackageId, step), true),
      }}
    />
  );
}

/**
 * Shows an offering's paywall (docs/checkout.md): full-screen or inside `htmlTarget`, in the selected locale and
 * colour mode. A purchase button opens the checkout for the selected package through `session.purchase`; the
 * promise resolves with the purchase result and that package, or rejects with a `PurchasesError` —
 * UserCancelledError when the customer goes back. The UI is gone when the promise settles.
 *
 * @example
 * const { selectedPackage } = await presentPaywall(session);
 */
export async function presentPaywall(session: PaywallSession): Promise<PaywallPurchaseResult> {
  const { win, offering, signal } = session;
  const paywall = resolvePaywall(offering.paywallComponents);
  const locale = session.selectedLocale ?? paywall.default_locale.replace(/_/g, "-");
  const t = await loadTranslator(locale, paywall.default_locale.replace(/_/g, "-"));
  if (signal.aborted) throw cancelled();
  const localize = paywallLocalizer(paywall, session.selectedLocale ?? null);
  const variables = variablesPerPackage(offering.availablePackages, t, session.priceLocale);
  const mode = initialColorMode(session.colorMode, win);

  return new Promise<PaywallPurchaseResult>((resolve, reject) => {
    let settled = false;
    const finish = (ended: { result: PaywallPurchaseResult } | { error: PurchasesError }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      mount.unmount();
      if ("result" in ended) resolve(ended.result);
      else reject(ended.error);
    };
    const onAbort = () => finish({ error: cancelled() });
    const mount = mountWidget({
      win,
      htmlTarget: session.htmlTarget ?? null,
      css: PAYWALL_CSS,
      nonce: session.nonce ?? undefined,
      lang: t.lang,
      dir: t.dir,
      variant: `pw-paywall pw-paywall-${mode}`,
      variables: {},
      onDismiss: () => {
        callHost("onBack", session.onBack);
        finish({ error: cancelled() });
      },
    });
    signal.addEventListener("abort", onAbort);
    render(
      <PaywallApp
        session={session}
        paywall={paywall}
        mode={mode}
        dir={t.dir}
        localize={localize}
        variables={variables}
        mount={mount}
        onFinish={finish}
      />,
      mount.root,
    );
    mount.focusFirst();
  });
}
