import { render } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
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
import { callHost } from "../ui/call-host";
import type { WireOfferingsResponse } from "../http/wire";
import type { Offering, Offerings, Package, PurchaseResult } from "../model/types";
import { mountWidget, type WidgetMount } from "../ui/mount-widget";
import type { PurchaseContext, PurchaseParams } from "../ui/purchase-request";
import { initialColorMode, type ColorMode } from "./colors";
import { usesExtras } from "./component-children";
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
import { PaywallView, titleText, type PaywallViewModel, type PaywallWallet } from "./paywall-view";
import {
  findWorkflow,
  nextPage,
  stepProperties,
  type PaywallWorkflow,
  type WorkflowPage,
} from "./paywall-workflow";
import { resolvePaywall } from "./resolve-paywall";
import { validatePaywallParams } from "../config/validate-ui-params";
import { paysWithWallets } from "../config/key-payment";

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
  /** The offering's multi-page paywall, shown instead of its `paywallComponents` when there is one. */
  readonly workflow?: PaywallWorkflow | null;
  /** Draws the express purchase button for the wallet buttons; absent for keys without wallets. */
  readonly express?: PaywallWallet["present"] | null;
}

type PaywallEventName =
  | "paywall_impression"
  | "paywall_close"
  | "paywall_cancel"
  | "paywall_component_interacted"
  | "workflow_step_started"
  | "workflow_step_completed";

const userCancelled = () => new PurchasesError(ErrorCode.UserCancelledError);

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

/** Calls a host callback of the paywall; one that throws is logged, so that it cannot break the paywall. */
const callPaywallHost = <A extends unknown[]>(
  name: string,
  fn: ((...args: A) => void) | null | undefined,
  ...args: A
) => callHost(`The paywall's ${name}`, fn, ...args);

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

/** Hands a link to the host (`onNavigateToUrl`) or opens it in a new tab; a link that is not a web page is ignored. */
function openLink(session: PaywallSession, url: string) {
  if (!isSafeUrl(url)) return Logger.warn(`The paywall's link "${url}" is not a web address; ignored.`);
  if (session.onNavigateToUrl) return callPaywallHost("onNavigateToUrl", session.onNavigateToUrl, url);
  session.win.open(url, "_blank", "noopener,noreferrer");
}

/**
 * What a button that neither chooses, buys nor moves through a workflow does: go back (a workflow's previous page,
 * else ask `onBack`), close, or hand the customer to the host or a web page (a workflow's last step opens one).
 */
function buttonAction(
  session: PaywallSession,
  action: WireAction,
  url: string,
  ways: { goBack: () => void; close: () => void },
) {
  switch (action.type) {
    case "navigate_back":
      return ways.goBack();
    case "close_workflow":
      return ways.close();
    case "restore_purchases":
      return callPaywallHost("onRestorePurchases", session.onRestorePurchases);
    case "complete_workflow":
      return openLink(session, url);
    case "navigate_to":
      return action.destination === "customer_center"
        ? callPaywallHost("onVisitCustomerCenter", session.onVisitCustomerCenter)
        : openLink(session, url);
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
  /** Draws the paywall-extras components, when the paywall has some. */
  readonly extra: PaywallViewModel["extra"];
  /** What every analytics event of this paywall carries. */
  readonly eventBase: PaywallEventProperties;
  /** Reports an interaction (analytics and `listener.onInteraction`). */
  readonly interact: (interaction: PaywallInteraction) => void;
  /** The customer asked to go back: a workflow's previous page, else `onBack` decides when the paywall closes. */
  readonly goBack: () => void;
  /** The paywall's own close button (`close_workflow`): closes at once, as purchases-js does. */
  readonly close: () => void;
  /** A `workflow` button `componentId` was pressed. */
  readonly onWorkflow: (componentId: string | undefined) => void;
  readonly onFinish: (ended: { result: PaywallPurchaseResult } | { error: PurchasesError }) => void;
}

/** The package components shown, in document order (not those of hidden tabs or carousel pages). */
const shownPackages = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>("[data-package-id]")];

/**
 * The purchases a paywall makes: its purchase buttons open the checkout for the selected package, its wallet
 * buttons buy through a wallet (when the key has wallets). A purchase resolves the paywall; a failure is shown and
 * reported and the paywall stays, so the customer may try again, choose another package or go back; closing the
 * checkout returns to the paywall.
 */
function usePaywallPurchases(props: PaywallAppProps, selectedPackageId: string | null) {
  const { session, interact, onFinish } = props;
  const { offering } = session;
  const listener: PaywallListener = session.listener ?? {};
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = (rcPackage: Package) =>
    callPaywallHost("onPurchaseStarted", listener.onPurchaseStarted?.bind(listener), rcPackage);
  const completed = (purchaseResult: PurchaseResult, rcPackage: Package) => {
    const result = { ...purchaseResult, selectedPackage: rcPackage };
    callPaywallHost("onPurchaseCompleted", listener.onPurchaseCompleted?.bind(listener), result);
    onFinish({ result });
  };
  const failed = (failure: PurchasesError) => {
    setError(`${props.errorTitle}: ${failure.message}`);
    callPaywallHost("onPurchaseError", listener.onPurchaseError?.bind(listener), failure);
    callPaywallHost("onPurchaseError", session.onPurchaseError, failure);
  };
  const checkoutClosed = () => {
    session.track("paywall_cancel", props.eventBase);
    callPaywallHost("onPurchaseCancelled", listener.onPurchaseCancelled?.bind(listener));
  };

  const purchase = () => {
    const rcPackage = selectedPackageId === null ? null : (offering.packagesById[selectedPackageId] ?? null);
    if (!rcPackage || busy) return;
    interact({
      component_type: "purchase_button",
      component_value: "web_checkout",
      current_package_id: rcPackage.identifier,
    });
    started(rcPackage);
    setBusy(true);
    setError(null);
    session.purchase(checkoutParams(session, rcPackage)).then(
      (purchaseResult) => completed(purchaseResult, rcPackage),
      (reason: unknown) => {
        setBusy(false);
        if (session.signal.aborted) return onFinish({ error: userCancelled() });
        const failure = isPurchasesError(reason)
          ? reason
          : new PurchasesError(ErrorCode.UnknownError, undefined, { cause: reason });
        if (failure.errorCode !== ErrorCode.UserCancelledError) return failed(failure);
        checkoutClosed();
      },
    );
  };

  const wallet: PaywallWallet | null = session.express
    ? {
        present: session.express,
        packageOf: (id) => (id === null ? null : (offering.packagesById[id] ?? null)),
        started: (rcPackage) => {
          interact({
            component_type: "wallet_button",
            component_value: "express_checkout",
            current_package_id: rcPackage.identifier,
          });
          setError(null);
          started(rcPackage);
        },
        purchased: completed,
        failed,
        cancelled: checkoutClosed,
      }
    : null;
  return { busy, error, purchase, wallet };
}

function PaywallApp(props: PaywallAppProps) {
  const { session, paywall, mode, dir, localize, variables, mount, interact } = props;
  const { offering } = session;
  const available = useMemo(() => new Set(Object.keys(offering.packagesById)), [offering]);
  const shownIds = () => shownPackages(mount.root).map((el) => el.dataset.packageId!);
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
  const { busy, error, purchase, wallet } = usePaywallPurchases(props, selectedPackageId);

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
    if (focus)
      shownPackages(mount.root)
        .find((el) => el.dataset.packageId === id)
        ?.focus();
  };

  const onAction = (action: WireAction, componentId?: string) => {
    if (action.type === "select_package") return select(action.package_id, false);
    if (action.type === "purchase") return purchase();
    const linked = action.type === "complete_workflow" || action.type === "navigate_to";
    const url = linked ? localize(action.url?.url_lid ?? "") : "";
    const web = action.type === "complete_workflow" || (linked && action.destination === "url");
    interact(buttonInteraction(action, web ? url : ""));
    if (action.type === "workflow") return props.onWorkflow(componentId);
    buttonAction(session, action, url, props);
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
        onStep: (step) => select(steppedPackageId(shownIds(), selectedPackageId, step), true),
        interact,
        now: session.now,
        win: session.win,
        extra: props.extra,
        wallet,
      }}
    />
  );
}

/** What {@link PaywallPages} draws: the pages and where they start, and how the paywall goes back from its first. */
type PaywallPagesProps = Omit<PaywallAppProps, "paywall" | "localize" | "onWorkflow"> & {
  readonly pages: Readonly<Record<string, WirePaywallDocument>>;
  readonly first: WorkflowPage;
};

/**
 * The paywall's page on screen: the offering's paywall, or a workflow's pages one over another. A `workflow`
 * button opens the page its step's trigger names; going back returns to the page before (the first page asks
 * `onBack`); focus moves to each page as it opens.
 */
function PaywallPages(props: PaywallPagesProps) {
  const { session, pages } = props;
  const [trail, setTrail] = useState<readonly WorkflowPage[]>([props.first]);
  const page = trail[trail.length - 1]!;
  const paywall = pages[page.pageId]!;
  const localize = useMemo(
    () => paywallLocalizer(paywall, session.selectedLocale ?? null),
    [paywall, session.selectedLocale],
  );
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) props.mount.focusFirst();
    opened.current = true;
  }, [trail]);
  const workflow = session.workflow;
  // purchases-js's workflow step events: each step started (how, and from which) and completed (for which); the
  // first step's start is tracked with the paywall's impression.
  const leave = (to: WorkflowPage | null, reason: "forward" | "back") => {
    if (!workflow) return;
    const from = page.stepId;
    session.track("workflow_step_completed", {
      ...stepProperties(workflow, from),
      ...(to ? { to_step_id: to.stepId } : {}),
    });
    if (to)
      session.track("workflow_step_started", {
        ...stepProperties(workflow, to.stepId),
        from_step_id: from,
        entry_reason: reason,
      });
  };
  const onWorkflow = (componentId: string | undefined) => {
    const next = workflow ? nextPage(workflow, page.stepId, componentId) : null;
    if (!next)
      return Logger.warn(`The paywall's button "${componentId ?? ""}" leads to no page of its workflow.`);
    leave(next, "forward");
    setTrail([...trail, next]);
  };
  const goBack = () => {
    const previous = trail.length > 1 ? trail[trail.length - 2]! : null;
    leave(previous, "back");
    if (previous) setTrail(trail.slice(0, -1));
    else props.goBack();
  };
  return (
    <PaywallApp
      key={`${trail.length}:${page.pageId}`}
      {...props}
      paywall={paywall}
      localize={localize}
      goBack={goBack}
      onWorkflow={onWorkflow}
    />
  );
}

/**
 * Shows an offering's paywall (docs/checkout.md): full-screen or inside `htmlTarget`, in the selected locale and
 * colour mode. A purchase button opens the checkout for the selected package through `session.purchase`; the
 * promise resolves with the purchase result and that package. A failed purchase is shown and reported, and the
 * paywall stays open. Going back asks `onBack`, which closes the paywall with `closePaywall()` (at once without
 * `onBack`); the promise then rejects with UserCancelledError. The UI is gone when the promise settles.
 * `paywall_impression`, `paywall_component_interacted`, `paywall_cancel` and `paywall_close` are tracked, and a
 * workflow's `workflow_step_started` and `workflow_step_completed`.
 *
 * @example
 * const { selectedPackage } = await presentPaywall(session);
 */
export async function presentPaywall(session: PaywallSession): Promise<PaywallPurchaseResult> {
  const { win, offering, signal, workflow } = session;
  const pages = workflow?.pages ?? { "": resolvePaywall(offering.paywallComponents) };
  const first = workflow?.first ?? { pageId: "", stepId: "" };
  const paywall = pages[first.pageId]!;
  const custom = customValues(session);
  const locale = session.selectedLocale ?? paywall.default_locale.replace(/_/g, "-");
  // The rarer components load before the first render, so that nothing appears late.
  const [t, extras] = await Promise.all([
    loadTranslator(locale, paywall.default_locale.replace(/_/g, "-")),
    Object.values(pages).some(usesExtras)
      ? import("./paywall-extras").catch((cause: unknown) => {
          throw new PurchasesError(ErrorCode.NetworkError, "The paywall's components could not be loaded.", {
            cause,
          });
        })
      : null,
  ]);
  if (signal.aborted) throw userCancelled();
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
    callPaywallHost(
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
    const closePaywall = () => finish({ error: userCancelled() });
    const goBack = () =>
      session.onBack ? callPaywallHost("onBack", session.onBack, closePaywall) : closePaywall();
    const onAbort = () => finish({ error: userCancelled() });
    const mount = mountWidget({
      win,
      htmlTarget: session.htmlTarget ?? null,
      css: PAYWALL_CSS + (extras?.EXTRAS_CSS ?? ""),
      nonce: session.nonce ?? undefined,
      lang: t.lang,
      dir: t.dir,
      variant: `pw-paywall pw-paywall-${mode}`,
      variables: {},
      onDismiss: goBack,
    });
    signal.addEventListener("abort", onAbort);
    render(
      <PaywallPages
        session={session}
        pages={pages}
        first={first}
        mode={mode}
        dir={t.dir}
        variables={variables}
        errorTitle={t.t("error.title")}
        custom={custom}
        mount={mount}
        extra={extras?.renderExtra ?? null}
        eventBase={eventBase}
        interact={interact}
        goBack={goBack}
        close={closePaywall}
        onFinish={finish}
      />,
      mount.root,
    );
    session.track("paywall_impression", { ...eventBase, ...display });
    if (workflow)
      session.track("workflow_step_started", {
        ...stepProperties(workflow, first.stepId),
        entry_reason: "start",
      });
    mount.focusFirst();
  });
}

/** What the core gives {@link showPaywall}: a purchase's context, the offerings, and the purchase flow. */
export interface PaywallContext extends PurchaseContext {
  /** The customer's offerings (cached by the core). */
  readonly offerings: () => Promise<Offerings>;
  /** The offerings response as sent, for its `ui_config`. */
  readonly wireOfferings: () => Promise<WireOfferingsResponse>;
  /** Aborted when the Purchases instance closes. */
  readonly signal: AbortSignal;
  readonly purchase: (params: PurchaseParams) => Promise<PurchaseResult>;
  /** `presentExpressPurchaseButton`, removed when `signal` aborts: the paywall's wallet buttons. */
  readonly express: PaywallWallet["present"];
}

/**
 * `Purchases.presentPaywall`: checks the parameters (nothing is fetched or shown when they are invalid), picks
 * the offering (the current one by default) and its workflow, if the backend attaches one, and shows it. An
 * offering with neither a paywall nor a workflow is a ConfigurationError.
 *
 * @example
 * return ui.showPaywall(params, { ...purchaseContext, offerings, wireOfferings, signal, purchase });
 */
export async function showPaywall(
  params: PresentPaywallParams,
  context: PaywallContext,
): Promise<PaywallPurchaseResult> {
  const { env } = context;
  validatePaywallParams(params, Boolean(env.window?.document));
  const shown = params.offering ?? (await context.offerings()).current;
  const workflow = shown && (await findWorkflow(context.backend, context.appUserId, shown.identifier));
  if (!shown || (!shown.paywallComponents && !workflow)) {
    throw new PurchasesError(
      ErrorCode.ConfigurationError,
      shown ? `The offering ${shown.identifier} has no paywall components.` : "There is no current offering.",
    );
  }
  const wire = await context.wireOfferings();
  return presentPaywall({
    ...params,
    win: env.window!,
    offering: shown,
    workflow,
    aliases: wire.ui_config?.app?.colors,
    customDefaults: wire.ui_config?.custom_variables,
    priceLocale: context.priceLocale,
    track: (name, properties) => context.analytics.track(name, properties),
    now: env.now,
    randomUUID: env.randomUUID,
    signal: context.signal,
    purchase: context.purchase,
    // Test Store and Paddle keys have no wallets: their wallet buttons show what shows without one.
    express: paysWithWallets(context.config.apiKeyKind) ? context.express : null,
  });
}
