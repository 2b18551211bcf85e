// The express purchase button (purchases-js's `presentExpressPurchaseButton`): Stripe's Express Checkout Element
// drawn into the host's element, so that a wallet (Apple Pay, Google Pay, Link) buys a package without the
// checkout. The elements are prepared for the package before any checkout exists (`checkout/prepare`); pressing a
// wallet starts a checkout, and the wallet's confirmation completes and confirms it as the checkout's own submit
// does, then the purchase is polled to its end.
import type {
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementReadyEvent,
} from "@stripe/stripe-js";
import type { PurchaseMetadata } from "../checkout/checkout-metadata";
import { startCheckout } from "../checkout/checkout-start";
import { pollPurchaseStatus } from "../checkout/purchase-poller";
import { sleep } from "../checkout/sleep";
import { submitPayment } from "../checkout/submit-payment";
import { TaxCalculator } from "../checkout/tax-calculator";
import { validateExpressButtonParams } from "../config/validate-express-params";
import { validatePurchaseParams } from "../config/validate-ui-params";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import { postCheckoutPrepare } from "../http/checkout-calls";
import type {
  WireBrandingInfo,
  WireCheckoutStartResponse,
  WireElementsConfiguration,
  WireGatewayParams,
} from "../http/wire";
import { loadTranslator, type Translator } from "../i18n/translator";
import type { Package, PurchaseOption } from "../model/types";
import type { StripeElementLike, StripeElementsLike, StripeLike } from "../stripe-like";
import { callHost } from "./call-host";
import { expressClickOptions, expressElementOptions, type WalletButtonTheme } from "./express-options";
import { purchasePlan } from "./product-texts";
import { purchaseSession, type PurchaseContext, type PurchaseListener } from "./purchase-request";
import {
  purchasedResult,
  sessionEndProperties,
  sessionStartProperties,
  type PurchasedResult,
  type PurchaseSession,
} from "./purchase-session";
import { elementsOptions, elementsPricing, loadStripeFor } from "./stripe-options";
import { themeVariables } from "./theme";
import { paysWithWallets } from "../config/key-payment";

export type { WalletButtonTheme };

/**
 * Handed to `onButtonReady`: sells another package with the buttons already drawn.
 *
 * @example
 * onButtonReady: (updater) => planPicker.onChange((rcPackage) => updater.updatePurchase(rcPackage)),
 */
export interface ExpressPurchaseButtonUpdater {
  /**
   * The buttons sell `rcPackage` from now on (`purchaseOption`, else its default option). Throws a
   * `PurchasesError` (ConfigurationError) for a package or option that is not one, changing nothing. A method, so
   * that a stand-in written for purchases-js (whose option is never null) is an updater here too.
   */
  updatePurchase(rcPackage: Package, purchaseOption?: PurchaseOption | null): void;
}

/**
 * What {@link Purchases.presentExpressPurchaseButton} sells and where it draws the wallet buttons.
 *
 * @example
 * await purchases.presentExpressPurchaseButton({ rcPackage, htmlTarget: document.getElementById("express")! });
 */
export interface PresentExpressPurchaseButtonParams {
  /** The package to sell. */
  rcPackage: Package;
  /** The element the wallet buttons are drawn into (appended; removed when the call settles). */
  htmlTarget: HTMLElement;
  /** The option of the package's product to sell; its default option when omitted. */
  purchaseOption?: PurchaseOption | null;
  /** The customer's email; the wallet asks for it when omitted. An invalid one is dropped with a warning. */
  customerEmail?: string;
  /** The backend's public id of an Apple external purchase token, sent with the checkout start. */
  externalPurchaseTokenId?: string;
  /** The language of the wallet's texts as a BCP-47 tag; the browser's language when omitted. */
  selectedLocale?: string;
  /** The language used when the selected one is not translated; "en" when omitted. */
  defaultLocale?: string;
  /** Sent with the checkout start, with the page's `utm_*` parameters (as {@link PurchaseParams.metadata}). */
  metadata?: PurchaseMetadata;
  /**
   * Called once the buttons are drawn: `walletsAvailable` is false when the browser offers no wallet (nothing
   * shows then: show your own checkout button).
   */
  onButtonReady?: (updater: ExpressPurchaseButtonUpdater, walletsAvailable: boolean) => void;
  /** Hears when a wallet's sheet opens (`onPurchaseStarted`), is closed, or a payment in it fails. */
  listener?: PurchaseListener;
  /** The buttons' look: "black" (default), "white" or "white-outline" (Google Pay: white). */
  walletButtonTheme?: WalletButtonTheme;
}

/** What the core gives the button beyond a purchase's context. */
export interface ExpressContext extends PurchaseContext {
  /** The project's branding (null: the default look); loaded once the parameters are checked. */
  readonly branding: () => Promise<WireBrandingInfo | null>;
  /** Aborted when the instance closes: the buttons go and the call rejects with UserCancelledError. */
  readonly signal: AbortSignal;
}

/** Apple Pay wants the click answered within a second; the checkout start usually answers well before. */
const CLICK_ANSWER_MS = 900;

/**
 * Draws the express purchase button into `params.htmlTarget` and resolves once a wallet has bought the package
 * (the result's customer info is left to the core). Checks the parameters first (a `PurchasesError`, nothing
 * drawn), then rejects when the buttons cannot be drawn or a purchase cannot start; the buttons are removed once
 * the call settles.
 *
 * @example
 * const result = await presentExpressPurchaseButton(params, { ...context, branding, signal });
 */
export async function presentExpressPurchaseButton(
  params: PresentExpressPurchaseButtonParams,
  context: ExpressContext,
): Promise<PurchasedResult> {
  const { env, config } = context;
  const walletKey = paysWithWallets(config.apiKeyKind);
  validateExpressButtonParams(params, Boolean(env.window?.document), walletKey);
  const session = purchaseSession(params, context);
  const branding = await context.branding();
  const t = await loadTranslator(
    session.selectedLocale ?? session.win.navigator?.language,
    session.defaultLocale,
  );
  return new ExpressButton({ ...session, branding, signal: context.signal }, params, t).settled;
}

/** The wallet buttons of one call, from their drawing to the purchase (or failure) that removes them. */
class ExpressButton {
  readonly settled: Promise<PurchasedResult>;
  private sale: { rcPackage: Package; purchaseOption: PurchaseOption | null };
  private form: { stripe: StripeLike; elements: StripeElementsLike } | null = null;
  private element: StripeElementLike | null = null;
  private readonly container: HTMLElement;
  /** The checkout the last press of a wallet started. */
  private started: Promise<WireCheckoutStartResponse> | null = null;
  /** What the elements are priced for now: the prepared package, or the customer's own checkout once started. */
  private pricedFor: WireElementsConfiguration | null = null;
  private traceId = "";
  private done = false;
  private resolve!: (result: PurchasedResult) => void;
  private reject!: (error: PurchasesError) => void;

  constructor(
    private readonly session: PurchaseSession,
    private readonly params: PresentExpressPurchaseButtonParams,
    private readonly t: Translator,
  ) {
    this.sale = { rcPackage: session.rcPackage, purchaseOption: session.purchaseOption };
    this.settled = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.container = session.win.document.createElement("div");
    this.container.className = "pw-express";
    params.htmlTarget.append(this.container);
    session.signal.addEventListener("abort", this.onAbort);
    this.draw().catch((error: unknown) =>
      this.finish({ error: asPurchasesError(error, "The wallet buttons could not be shown.") }),
    );
  }

  private readonly onAbort = () => this.finish({ error: new PurchasesError(ErrorCode.UserCancelledError) });

  /** Prepares Stripe for the package, then creates and mounts the Express Checkout Element. */
  private async draw(): Promise<void> {
    const { session } = this;
    const gateway = await this.prepare();
    const stripe = await loadStripeFor(session.env, gateway, this.t.locale);
    if (this.done) return;
    const vars = themeVariables(session.branding?.appearance, session.branding?.brand_font_config);
    const elements = stripe.elements(
      elementsOptions(gateway.elements_configuration, vars, session.branding?.brand_font_config),
    );
    this.pricedFor = gateway.elements_configuration;
    this.form = { stripe, elements };
    const theme = this.params.walletButtonTheme ?? "black";
    const element = elements.create(
      "expressCheckout",
      expressElementOptions(theme, session.branding?.app_name ?? null, session.customerEmail === null),
    );
    this.element = element;
    element.on("ready", (event) => this.onReady(event));
    element.on("click", (event) => this.onClick(event));
    element.on("confirm", (event) => void this.onConfirm(event));
    element.on("cancel", () => this.onCancel());
    element.on("loaderror", (event) => {
      const message = event.error.message ?? "loaderror";
      this.finish({ error: asPurchasesError(new Error(message), "The wallet buttons could not be shown.") });
    });
    element.mount(this.container);
  }

  /** What Stripe's elements need for the package on sale (`checkout/prepare`). */
  private async prepare(): Promise<WireGatewayParams> {
    const product = this.sale.rcPackage.webBillingProduct;
    const option = this.sale.purchaseOption ?? product.defaultPurchaseOption;
    const prepared = await postCheckoutPrepare(this.session.backend, {
      product_id: product.identifier,
      price_id: option.priceId,
      ...(option.id === product.defaultPurchaseOption.id ? {} : { offer_id: option.id }),
    });
    return prepared.stripe_gateway_params;
  }

  private onReady(event: StripeExpressCheckoutElementReadyEvent): void {
    const methods = event.availablePaymentMethods ?? {};
    const updater: ExpressPurchaseButtonUpdater = {
      updatePurchase: (rcPackage, purchaseOption) => this.update(rcPackage, purchaseOption ?? null),
    };
    callHost(
      "The express purchase button's onButtonReady",
      this.params.onButtonReady,
      updater,
      Object.values(methods).some(Boolean),
    );
  }

  /** Sells another package: checked at once, then the elements priced for it. */
  private update(rcPackage: Package, purchaseOption: PurchaseOption | null): void {
    validatePurchaseParams({ rcPackage, purchaseOption }, true, "updatePurchase");
    this.sale = { rcPackage, purchaseOption };
    this.prepare()
      .then((gateway) => this.priceFor(gateway.elements_configuration))
      .catch((error: unknown) =>
        this.finish({ error: asPurchasesError(error, "The package could not be changed.") }),
      );
  }

  /** Prices the elements for `config` (mode, amount, currency, card saving). */
  private async priceFor(config: WireElementsConfiguration): Promise<void> {
    await this.form?.elements.update(elementsPricing(config));
    this.pricedFor = config;
  }

  /** A wallet was pressed: start its checkout and open the sheet (with the subscription's terms, in time). */
  private onClick(event: StripeExpressCheckoutElementClickEvent): void {
    const { session } = this;
    const { rcPackage, purchaseOption } = this.sale;
    this.traceId = session.env.randomUUID();
    callHost(
      "The express purchase button's onPurchaseStarted",
      this.listener("onPurchaseStarted"),
      rcPackage,
    );
    session.analytics.track(
      "checkout_session_start",
      sessionStartProperties({ ...session, ...this.sale }),
      this.traceId,
    );
    const started = startCheckout({
      ...session,
      rcPackage,
      purchaseOption,
      email: session.customerEmail,
      traceId: this.traceId,
      signal: session.signal,
    });
    this.started = started;
    started.catch(() => {});
    const managementUrl = Promise.race([
      started.then(
        async (checkout) => {
          // The customer's own checkout can differ from the prepared package (no free trial left: a payment, not a
          // setup): the sheet must show and take what this checkout charges.
          const own = checkout.gateway_params?.elements_configuration;
          if (own && !samePricing(own, this.pricedFor)) await this.priceFor(own);
          return checkout.management_url;
        },
        () => null,
      ),
      sleep(session.env, CLICK_ANSWER_MS).then(() => null),
    ]);
    void managementUrl.then((url) =>
      event.resolve(
        expressClickOptions({
          product: rcPackage.webBillingProduct,
          option: purchaseOption,
          managementUrl: url,
          t: this.t,
          now: session.env.now(),
        }),
      ),
    );
  }

  /** The customer confirmed in the wallet: complete the checkout, confirm the payment, poll the purchase. */
  private async onConfirm(event: StripeExpressCheckoutElementConfirmEvent): Promise<void> {
    const { session, form, started } = this;
    const { paymentFailed } = event;
    try {
      if (!form || !started) throw new PurchasesError(ErrorCode.UnknownError, "No checkout was started.");
      const checkout = await started;
      // The wallet asked for the payer's email when the host gave none (`emailRequired`).
      const payer = event.billingDetails?.email ?? "";
      const taxCollected = session.branding?.gateway_tax_collection_enabled === true;
      const plan = purchasePlan(
        this.sale.rcPackage.webBillingProduct,
        this.sale.purchaseOption,
        session.env.now(),
      );
      const result = await submitPayment({
        ...form,
        backend: session.backend,
        operationSessionId: checkout.operation_session_id,
        email: session.customerEmail ?? payer,
        taxes: taxCollected
          ? new TaxCalculator({
              backend: session.backend,
              operationSessionId: checkout.operation_session_id,
              price: plan.chargedPrice,
              taxCollectionEnabled: true,
            })
          : null,
        lastTax: null,
        seenTotalMicros: null,
        returnUrl: session.win.location?.href ?? "",
      });
      if (result.kind === "failed") throw result.error;
      if (result.kind !== "confirmed") {
        // A declined card or an address tax cannot place: the sheet says so, the buttons stay for another try.
        paymentFailed({
          reason: result.kind === "invalid_tax_location" ? "invalid_billing_address" : "fail",
        });
        const message = result.kind === "form_error" ? result.error.message : undefined;
        const error = new PurchasesError(ErrorCode.StoreProblemError, "The wallet's payment failed.", {
          underlyingErrorMessage: message ?? result.kind,
        });
        callHost("The express purchase button's onPurchaseError", this.listener("onPurchaseError"), error);
        return;
      }
      const operation = await pollPurchaseStatus({
        backend: session.backend,
        env: session.env,
        operationSessionId: checkout.operation_session_id,
        signal: session.signal,
      });
      this.finish({ result: purchasedResult(operation, session.customerEmail ?? (payer || null)) });
    } catch (error) {
      paymentFailed({ reason: "fail" });
      this.finish({ error: asPurchasesError(error, "The purchase could not be made.") });
    }
  }

  private onCancel(): void {
    this.started = null;
    callHost("The express purchase button's onPurchaseCancelled", this.listener("onPurchaseCancelled"));
  }

  private listener<K extends keyof PurchaseListener>(name: K): PurchaseListener[K] {
    const listener = this.params.listener;
    return listener?.[name]?.bind(listener) as PurchaseListener[K];
  }

  /** Settles the call once: the buttons are removed, the session's end tracked when a checkout had started. */
  private finish(ended: { result: PurchasedResult } | { error: PurchasesError }): void {
    if (this.done) return;
    this.done = true;
    this.session.signal.removeEventListener("abort", this.onAbort);
    this.element?.destroy();
    this.container.remove();
    if (this.traceId) {
      const properties =
        "result" in ended
          ? sessionEndProperties({ withRedemptionInfo: ended.result.redemptionInfo !== null })
          : sessionEndProperties(ended);
      this.session.analytics.track("checkout_session_end", properties, this.traceId);
    }
    if ("result" in ended) this.resolve(ended.result);
    else this.reject(ended.error);
  }
}

const asPurchasesError = (error: unknown, message: string) =>
  isPurchasesError(error)
    ? error
    : new PurchasesError(ErrorCode.StoreProblemError, message, {
        underlyingErrorMessage: error instanceof Error ? error.message : String(error),
        cause: error,
      });

/** Whether two element configurations charge the same way (mode, amount, currency, card saving). */
function samePricing(a: WireElementsConfiguration, b: WireElementsConfiguration | null): boolean {
  return (
    b !== null &&
    a.mode === b.mode &&
    (a.currency ?? "").toLowerCase() === (b.currency ?? "").toLowerCase() &&
    (a.mode === "payment" ? a.amount : null) === (b.mode === "payment" ? b.amount : null) &&
    (a.setup_future_usage ?? null) === (b.setup_future_usage ?? null)
  );
}
