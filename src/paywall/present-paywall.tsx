import { render } from "preact";
import { useMemo, useRef, useState } from "preact/hooks";
import { presentedOfferingContext } from "../analytics/presented-offering-context";
import type {
  AnalyticsEventProperties,
  PaywallDisplayProperties,
  PaywallEventProperties,
} from "../analytics/analytics-event";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import { loadTranslator } from "../i18n/translator";
import { Logger } from "../logger";
import type { Offering, Package, PurchaseResult } from "../model/types";
import { mountWidget, type WidgetMount } from "../ui/mount-widget";
import type { PurchaseParams } from "../ui/purchase-request";
import { initialColorMode, type ColorMode } from "./colors";
import { PAYWALL_CSS } from "./paywall-css";
import type { WireAction, WireColorAliases, WirePaywallDocument } from "./paywall-document";
import { paywallLocalizer, type Localize } from "./paywall-localizations";
import { isSafeUrl } from "./paywall-markup";
import {
  buttonInteraction,
  interactionEvent,
  interactionProperties,
  type PaywallInteraction,
} from "./paywall-interactions";
import { initialPackageId, packageComponents, steppedPackageId } from "./paywall-packages";
import type { PaywallListener, PaywallPurchaseResult, PresentPaywallParams } from "./paywall-params";
import { variablesPerPackage, type PaywallVariables } from "./paywall-variables";
import { PaywallView, titleText } from "./paywall-view";
import { resolvePaywall } from "./resolve-paywall";

export { validatePaywallParams } from "../config/validate-ui-params";

/** Everything the paywall needs from the core, validated by `Purchases.presentPaywall`. */
export interface PaywallSession extends Omit<PresentPaywallParams, "offering"> {
  readonly win: Window;
  readonly offering: Offering;
  /** The colour aliases of the offerings response's `ui_config.app.colors` (checked where they are used). */
  readonly aliases: Readonly<Record<string, unknown>> | null | undefined;
  /** The custom variables' defaults of the offerings response's `ui_config.custom_variables`. */
  readonly customDefaults: Readonly<Record<string, unknown>> | null | undefined;
  /** The locale prices are formatted in. */
  readonly priceLocale: string;
  /** Opens the checkout (the `purchase()` flow) with the parameters the paywall makes for a package. */
  readonly purchase: (params: PurchaseParams) => Promise<PurchaseResult>;
  /** Records a paywall analytics event. */
  readonly track: <N extends PaywallEventName>(name: N, properties: AnalyticsEventProperties[N]) => void;
  readonly now: () => number;
  readonly randomUUID: () => string;
  /** Aborted when the Purchases instance closes. */
  readonly signal: AbortSignal;
}

type PaywallEventName =
  "paywall_impression" | "paywall_close" | "paywall_cancel" | "paywall_component_interacted";

const cancelled = () => new PurchasesError(ErrorCode.UserCancelledError);

/** The parameters of the checkout a purchase button opens for `rcPackage`: the paywall's own purchase options. */
function checkoutParams(session: PaywallSession, rcPackage: Package): PurchaseParams {
  return {
    rcPackage,
    htmlTarget: session.purchaseHtmlTarget,
    customerEmail: session.customerEmail,
    selectedLocale: session.selectedLocale,
    metadata: session.metadata,
    externalPurchaseTokenId: session.externalPurchaseTokenId,
    brandingAppearanceOverride: session.brandingAppearanceOverride,
    showDiscountCodeField: session.showDiscountCodeField,
    discountCode: session.discountCode,
    onDiscountCodeChanged: session.onDiscountCodeChanged,
  };
}

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

const CUSTOM_VARIABLE_NAME = /^[A-Za-z_][\w-]*$/;

/**
 * The custom variables' values as texts: the app's `customVariables` over the paywall settings' defaults.
 *
 * @throws PurchasesError (ConfigurationError) for a `customVariables` entry that is not a CustomVariableValue.
 */
function customValues(session: PaywallSession): PaywallVariables {
  const values: Record<string, string> = {};
  for (const [name, entry] of Object.entries(session.customDefaults ?? {})) {
    const value = (entry as { default_value?: unknown } | null)?.default_value;
    if (["string", "number", "boolean"].includes(typeof value)) values[name] = String(value);
  }
  const given: unknown = session.customVariables ?? {};
  if (typeof given !== "object" || given === null || Array.isArray(given))
    throw invalidParams("customVariables must map names to CustomVariableValue values.");
  for (const [name, entry] of Object.entries(given)) {
    if (!CUSTOM_VARIABLE_NAME.test(name))
      throw invalidParams(`customVariables: "${name}" is not a variable name (letters, digits, _ and -).`);
    const { type, value } = (entry ?? {}) as { type?: unknown; value?: unknown };
    const valid =
      (type === "string" || type === "number" || type === "boolean") &&
      typeof value === type &&
      (type !== "number" || Number.isFinite(value));
    if (!valid)
      throw invalidParams(
        `customVariables.${name} must be a CustomVariableValue (a string, number or boolean).`,
      );
    values[name] = String(value);
  }
  return values;
}

const invalidParams = (message: string) => new PurchasesError(ErrorCode.ConfigurationError, message);

/** What a button that neither chooses nor buys does: go back, or hand the customer to the host. */
function buttonAction(session: PaywallSession, action: WireAction, url: string, goBack: () => void) {
  switch (action.type) {
    case "navigate_back":
      return goBack();
    case "restore_purchases":
      return callHost("onRestorePurchases", session.onRestorePurchases);
    case "navigate_to": {
      if (action.destination === "customer_center") {
        return callHost("onVisitCustomerCenter", session.onVisitCustomerCenter);
      }
      if (!isSafeUrl(url)) return Logger.warn(`The paywall's link "${url}" is not a web address; ignored.`);
      if (session.onNavigateToUrl) return callHost("onNavigateToUrl", session.onNavigateToUrl, url);
      session.win.open(url, "_blank", "noopener,noreferrer");
    }
  }
}

interface PaywallAppProps {
  readonly session: PaywallSession;
  readonly paywall: WirePaywallDocument;
  readonly mode: ColorMode;
  readonly dir: "ltr" | "rtl";
  readonly localize: Localize;
  readonly variables: Readonly<Record<string, PaywallVariables>>;
  readonly errorTitle: string;
  /** The values of `{{ custom.* }}`. */
  readonly custom: PaywallVariables;
  readonly mount: WidgetMount;
  /** What every analytics event of this paywall carries. */
  readonly eventBase: PaywallEventProperties;
  /** Reports an interaction (analytics and `listener.onInteraction`). */
  readonly interact: (interaction: PaywallInteraction) => void;
  /** The customer asked to go back: `onBack` decides when the paywall closes. */
  readonly goBack: () => void;
  readonly onFinish: (ended: { result: PaywallPurchaseResult } | { error: PurchasesError }) => void;
}

function PaywallApp(props: PaywallAppProps) {
  const { session, paywall, mode, dir, localize, variables, mount, interact, onFinish } = props;
  const { offering } = session;
  const listener: PaywallListener = session.listener ?? {};
  const available = useMemo(() => new Set(Object.keys(offering.packagesById)), [offering]);
  const packageIds = useMemo(
    () => packageComponents(paywall, available).map((p) => p.package_id),
    [paywall, available],
  );
  // Without package components, texts and purchase buttons use the offering's first package.
  const [defaultPackageId] = useState(
    () =>
      initialPackageId(packageComponents(paywall, available)) ??
      offering.availablePackages[0]?.identifier ??
      null,
  );
  const [selectedPackageId, setSelected] = useState(defaultPackageId);
  // Two clicks before a render must compare with the latest choice, not the rendered one.
  const latest = useRef(selectedPackageId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const select = (id: string | null, focus: boolean) => {
    if (id === null || !available.has(id)) return;
    const origin = latest.current;
    latest.current = id;
    if (id !== origin) {
      interact({
        component_type: "package",
        component_value: id,
        destination_package_id: id,
        ...(origin === null ? {} : { origin_package_id: origin }),
        ...(defaultPackageId === null ? {} : { default_package_id: defaultPackageId }),
      });
    }
    setSelected(id);
    if (focus) {
      [...mount.root.querySelectorAll<HTMLElement>("[data-package-id]")]
        .find((el) => el.dataset.packageId === id)
        ?.focus();
    }
  };

  const failed = (failure: PurchasesError) => {
    // As in purchases-js the paywall stays open: the customer may try again, choose another package or go back.
    setError(`${props.errorTitle}: ${failure.message}`);
    callHost("onPurchaseError", listener.onPurchaseError?.bind(listener), failure);
    callHost("onPurchaseError", session.onPurchaseError, failure);
  };

  const purchase = () => {
    const rcPackage = selectedPackageId === null ? null : (offering.packagesById[selectedPackageId] ?? null);
    if (!rcPackage || busy) return;
    interact({
      component_type: "purchase_button",
      component_value: "web_checkout",
      current_package_id: rcPackage.identifier,
    });
    callHost("onPurchaseStarted", listener.onPurchaseStarted?.bind(listener), rcPackage);
    setBusy(true);
    setError(null);
    session.purchase(checkoutParams(session, rcPackage)).then(
      (purchaseResult) => {
        const result = { ...purchaseResult, selectedPackage: rcPackage };
        callHost("onPurchaseCompleted", listener.onPurchaseCompleted?.bind(listener), result);
        onFinish({ result });
      },
      (reason: unknown) => {
        setBusy(false);
        if (session.signal.aborted) return onFinish({ error: cancelled() });
        const failure = isPurchasesError(reason)
          ? reason
          : new PurchasesError(ErrorCode.UnknownError, undefined, { cause: reason });
        if (failure.errorCode !== ErrorCode.UserCancelledError) return failed(failure);
        // Closing the checkout returns to the paywall.
        session.track("paywall_cancel", props.eventBase);
        callHost("onPurchaseCancelled", listener.onPurchaseCancelled?.bind(listener));
      },
    );
  };

  const onAction = (action: WireAction) => {
    if (action.type === "select_package") return select(action.package_id, false);
    if (action.type === "purchase") return purchase();
    const url = action.type === "navigate_to" ? localize(action.url?.url_lid ?? "") : "";
    interact(
      buttonInteraction(action, action.type === "navigate_to" && action.destination === "url" ? url : ""),
    );
    buttonAction(session, action, url, props.goBack);
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
        custom: props.custom,
        hideBackButtons: session.hideBackButtons === true,
        showRestoreButtons: typeof session.onRestorePurchases === "function",
        error,
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
 * promise resolves with the purchase result and that package. A failed purchase is shown and reported, and the
 * paywall stays open. Going back asks `onBack`, which closes the paywall with `closePaywall()` (at once without
 * `onBack`); the promise then rejects with UserCancelledError. The UI is gone when the promise settles.
 * `paywall_impression`, `paywall_component_interacted`, `paywall_cancel` and `paywall_close` are tracked.
 *
 * @example
 * const { selectedPackage } = await presentPaywall(session);
 */
export async function presentPaywall(session: PaywallSession): Promise<PaywallPurchaseResult> {
  const { win, offering, signal } = session;
  const paywall = resolvePaywall(offering.paywallComponents);
  const custom = customValues(session);
  const locale = session.selectedLocale ?? paywall.default_locale.replace(/_/g, "-");
  const t = await loadTranslator(locale, paywall.default_locale.replace(/_/g, "-"));
  if (signal.aborted) throw cancelled();
  const localize = paywallLocalizer(paywall, session.selectedLocale ?? null);
  const variables = variablesPerPackage(
    offering.availablePackages,
    t,
    session.priceLocale,
    new Date(session.now()),
  );
  const mode = initialColorMode(session.colorMode, win);
  const context = presentedOfferingContext(offering);
  const eventBase: PaywallEventProperties = {
    session_id: session.randomUUID(),
    offering_id: offering.identifier,
    paywall_id: typeof paywall.id === "string" ? paywall.id : null,
    paywall_revision: typeof paywall.revision === "number" ? paywall.revision : 0,
    ...(context ? { presented_offering_context: context } : {}),
  };
  const display: PaywallDisplayProperties = {
    display_mode: session.htmlTarget ? "embedded" : "full_screen",
    dark_mode: mode === "dark",
    locale: locale.replace(/-/g, "_"),
  };
  const interact = (interaction: PaywallInteraction) => {
    const properties = interactionProperties(offering, eventBase, display, interaction);
    session.track("paywall_component_interacted", properties);
    const listener = session.listener;
    callHost(
      "onInteraction",
      listener?.onInteraction?.bind(listener),
      interactionEvent(properties, session.now()),
    );
  };

  return new Promise<PaywallPurchaseResult>((resolve, reject) => {
    let settled = false;
    const finish = (ended: { result: PaywallPurchaseResult } | { error: PurchasesError }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      mount.unmount();
      session.track("paywall_close", eventBase);
      if ("result" in ended) resolve(ended.result);
      else reject(ended.error);
    };
    const closePaywall = () => finish({ error: cancelled() });
    const goBack = () => (session.onBack ? callHost("onBack", session.onBack, closePaywall) : closePaywall());
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
      onDismiss: goBack,
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
        errorTitle={t.t("error.title")}
        custom={custom}
        mount={mount}
        eventBase={eventBase}
        interact={interact}
        goBack={goBack}
        onFinish={finish}
      />,
      mount.root,
    );
    session.track("paywall_impression", { ...eventBase, ...display });
    mount.focusFirst();
  });
}
