import { defaultEnvironment, type PurchasesEnvironment } from "./environment";
import { ErrorCode } from "./errors/error-code";
import { PurchasesError } from "./errors/purchases-error";
import { Backend } from "./http/backend";
import { HttpClient } from "./http/http-client";
import { RequestCache } from "./http/request-cache";
import type {
  WireBrandingInfo,
  WireCustomerInfoResponse,
  WireOfferingsResponse,
  WireProductDetails,
} from "./http/wire";
import { Logger, setLogHandler, setLogLevel, type LogHandler, type LogLevel } from "./logger";
import type { FlagsConfig, HttpConfig, PurchasesConfig, ResolvedConfig } from "./config/purchases-config";
import { resolveConfig, validateAppUserId, validateCurrency } from "./config/validate-config";
import {
  validateAttributes,
  validateEnvironmentOverride,
  validateIdentifier,
  validateOfferingIdentifier,
  validatePaywallParams,
  validatePurchaseParams,
} from "./config/validate-params";
import { offeringIdForPlacement, productIdsOf, toOfferings } from "./model/offerings";
import { toCustomerInfo } from "./model/customer-info";
import { AnalyticsTracker } from "./analytics/analytics-tracker";
import type {
  CustomerInfo,
  Offering,
  Offerings,
  Package,
  PurchaseOption,
  PurchaseResult,
} from "./model/types";
import type { PaywallPurchaseResult, PresentPaywallParams } from "./paywall/paywall-params";
import { checkoutMetadata } from "./checkout/checkout-metadata";
import { isValidEmail } from "./checkout/email";

/** Prefix of ids made by {@link Purchases.generateAnonymousAppUserId}. */
const ANONYMOUS_PREFIX = "$RCAnonymousID:";
const REQUEST_TIMEOUT_MS = 10_000;
/** Offerings and products change rarely; customer info changes with purchases and renewals. */
const OFFERINGS_TTL_MS = 5 * 60_000;
const CUSTOMER_INFO_TTL_MS = 30_000;
/** Product ids per products request; larger catalogues are fetched in parallel batches. */
const PRODUCT_IDS_PER_REQUEST = 20;

/**
 * Normalises a response; a body with the right top-level field but junk inside is the backend's fault, reported as
 * an UnexpectedBackendResponseError rather than the TypeError the junk would cause.
 */
function fromWire<T>(normalise: () => T): T {
  try {
    return normalise();
  } catch (cause) {
    if (cause instanceof PurchasesError) throw cause;
    throw new PurchasesError(ErrorCode.UnexpectedBackendResponseError, undefined, {
      underlyingErrorMessage: String(cause),
      cause,
    });
  }
}

/** Options of {@link Purchases.getOfferings}. */
export interface GetOfferingsParams {
  /** ISO 4217 code of the currency to price products in; the customer's own when omitted. */
  currency?: string;
  /** Fetch only this offering (and its products). */
  offeringIdentifier?: string;
}

/** Identifies a wrapper SDK (a framework binding) in request headers. */
export interface PlatformInfo {
  flavor: string;
  version: string;
}

/**
 * What {@link Purchases.purchase} buys and how the checkout shows.
 *
 * @example
 * await purchases.purchase({ rcPackage: offerings.current!.monthly!, customerEmail: "ada@example.com" });
 */
export interface PurchaseParams {
  /** The package to buy. */
  rcPackage: Package;
  /** The option of the package's product to buy; its default option when omitted. */
  purchaseOption?: PurchaseOption | null;
  /** Shows the checkout inside this element (no close button); full-screen over the page when omitted. */
  htmlTarget?: HTMLElement | null;
  /** The customer's email: the checkout does not ask for it. An invalid one is dropped with a warning. */
  customerEmail?: string | null;
  /** The language of the checkout as a BCP-47 tag ("pt-BR"); the browser's language when omitted. */
  selectedLocale?: string | null;
  /** The language used when the selected one is not translated; "en" when omitted. */
  defaultLocale?: string | null;
  /** Sent with the checkout start, together with the page's `utm_*` parameters (unless disabled). */
  metadata?: Record<string, string> | null;
  /** Resolves as soon as the payment succeeds, without the success page. */
  skipSuccessPage?: boolean;
  /** The CSP nonce put on the checkout's injected `<style>` element. */
  nonce?: string | null;
}

/** Branding of the project, as the checkout shows it. */
export type BrandingInfo = WireBrandingInfo;

interface CachedCustomerInfo {
  wire: WireCustomerInfoResponse;
  receivedAt: number;
}

let sharedInstance: Purchases | null = null;
let platformInfo: PlatformInfo | null = null;

/**
 * The entry point of the SDK. Configure it once with a Web Billing API key and the customer's id, then
 * read offerings and customer info and start purchases.
 *
 * @example
 * const purchases = Purchases.configure({ apiKey: "rcb_sb_abc", appUserId: "user_1" });
 * const offerings = await purchases.getOfferings({ currency: "ZAR" });
 * const monthly = offerings.current?.monthly;
 */
export class Purchases {
  private appUserId: string;
  private readonly config: ResolvedConfig;
  private readonly env: PurchasesEnvironment;
  private readonly backend: Backend;
  private readonly cache: RequestCache;
  private readonly analytics: AnalyticsTracker;
  private brandingPromise: Promise<BrandingInfo | null> | null = null;
  /** Closes the checkout on screen, if one is open. */
  private purchaseController: AbortController | null = null;
  /** Closes the paywall on screen, if one is open. */
  private paywallController: AbortController | null = null;
  private closed = false;

  /**
   * Validates the configuration and makes the shared instance. Throws a `PurchasesError` (changing
   * nothing) when a value is invalid. Calling it again replaces the shared instance, with a warning.
   *
   * @example
   * Purchases.configure({ apiKey: "rcb_abc", appUserId: "user_1", httpConfig: { proxyURL: "/billing" } });
   * Purchases.configure("rcb_abc", "user_1"); // the positional form
   */
  static configure(config: PurchasesConfig): Purchases;
  static configure(
    apiKey: string,
    appUserId: string,
    httpConfig?: HttpConfig,
    flags?: FlagsConfig,
  ): Purchases;
  static configure(
    configOrApiKey: PurchasesConfig | string,
    appUserId?: string,
    httpConfig?: HttpConfig,
    flags?: FlagsConfig,
  ): Purchases {
    const config: PurchasesConfig =
      typeof configOrApiKey === "string"
        ? { apiKey: configOrApiKey, appUserId: appUserId as string, httpConfig, flags }
        : configOrApiKey;
    const instance = new Purchases(config);
    if (sharedInstance) {
      Logger.warn(
        "Purchases is already initialized. You normally should only configure Purchases once. Creating and returning new instance.",
      );
      sharedInstance.close();
    }
    sharedInstance = instance;
    return instance;
  }

  /**
   * @returns the instance made by the last `configure`.
   * @throws PurchasesError (ConfigurationError) before `configure` is called.
   * @example
   * const customerInfo = await Purchases.getSharedInstance().getCustomerInfo();
   */
  static getSharedInstance(): Purchases {
    if (!sharedInstance) {
      throw new PurchasesError(
        ErrorCode.ConfigurationError,
        "Purchases must be configured before calling getSharedInstance. Call Purchases.configure first.",
      );
    }
    return sharedInstance;
  }

  /**
   * @returns whether a shared instance exists.
   * @example
   * if (!Purchases.isConfigured()) Purchases.configure({ apiKey, appUserId });
   */
  static isConfigured(): boolean {
    return sharedInstance !== null;
  }

  /**
   * Sets how much the SDK logs (default `LogLevel.Warn`).
   * @example
   * Purchases.setLogLevel(LogLevel.Debug);
   */
  static setLogLevel(level: LogLevel): void {
    setLogLevel(level);
  }

  /**
   * Sends log lines to `handler` instead of the console; `null` restores the console.
   * @example
   * Purchases.setLogHandler((level, message) => myLogger.log(level, message));
   */
  static setLogHandler(handler: LogHandler | null): void {
    setLogHandler(handler);
  }

  /**
   * Names the wrapper SDK in the `X-Platform-Flavor` headers of every later request.
   * @example
   * Purchases.setPlatformInfo({ flavor: "purchases-web-react", version: "1.0.0" });
   */
  static setPlatformInfo(info: PlatformInfo | null): void {
    if (info !== null && (typeof info?.flavor !== "string" || typeof info?.version !== "string")) {
      throw new PurchasesError(
        ErrorCode.ConfigurationError,
        "Platform info needs a string flavor and version.",
      );
    }
    platformInfo = info && { flavor: info.flavor, version: info.version };
  }

  /**
   * @returns a new anonymous app user id: `$RCAnonymousID:` followed by 32 hex characters.
   * @example
   * Purchases.configure({ apiKey, appUserId: Purchases.generateAnonymousAppUserId() });
   */
  static generateAnonymousAppUserId(): string {
    return ANONYMOUS_PREFIX + defaultEnvironment().randomUUID().replace(/-/g, "");
  }

  private constructor(config: PurchasesConfig) {
    this.config = resolveConfig(config);
    validateEnvironmentOverride(config.environment);
    this.env = { ...defaultEnvironment(), ...config.environment };
    this.appUserId = this.config.appUserId;
    this.backend = new Backend(
      new HttpClient({
        apiKey: this.config.apiKey,
        baseUrl: this.config.baseUrl,
        isSandbox: this.isSandbox(),
        additionalHeaders: this.config.additionalHeaders,
        platformInfo: () => platformInfo,
        env: this.env,
        timeoutMs: REQUEST_TIMEOUT_MS,
      }),
    );
    this.cache = new RequestCache(this.env);
    this.analytics = new AnalyticsTracker({
      backend: this.backend,
      env: this.env,
      appUserId: () => this.appUserId,
      enabled: this.config.flags.collectAnalyticsEvents,
    });
    this.analytics.track("sdk_initialized", {});
  }

  /**
   * @returns the offerings with their packages and normalised products.
   * @example
   * const { current } = await purchases.getOfferings({ currency: "ZAR" });
   */
  async getOfferings(params: GetOfferingsParams = {}): Promise<Offerings> {
    this.assertOpen();
    const currency = validateCurrency(params.currency);
    const offeringIdentifier = validateOfferingIdentifier(params.offeringIdentifier);
    const wire = await this.fetchOfferings();
    const selected = offeringIdentifier
      ? { ...wire, offerings: wire.offerings.filter((o) => o.identifier === offeringIdentifier) }
      : wire;
    return this.buildOfferings(selected, currency, null);
  }

  /**
   * @returns the offering shown at `placementIdentifier` (or the fallback offering), null when none.
   * @example
   * const offering = await purchases.getCurrentOfferingForPlacement("onboarding");
   */
  async getCurrentOfferingForPlacement(
    placementIdentifier: string,
    params: Omit<GetOfferingsParams, "offeringIdentifier"> = {},
  ): Promise<Offering | null> {
    this.assertOpen();
    validateIdentifier("placementIdentifier", placementIdentifier);
    const currency = validateCurrency(params.currency);
    const wire = await this.fetchOfferings();
    const offeringId = fromWire(() => offeringIdForPlacement(wire, placementIdentifier));
    if (offeringId === null) return null;
    const only = { ...wire, offerings: wire.offerings.filter((o) => o.identifier === offeringId) };
    const offerings = await this.buildOfferings(only, currency, placementIdentifier);
    return offerings.all[offeringId] ?? null;
  }

  /**
   * @returns the customer's entitlements and purchases, judged by the server's clock.
   * @example
   * const info = await purchases.getCustomerInfo();
   * if ("premium" in info.entitlements.active) unlockPremium();
   */
  async getCustomerInfo(): Promise<CustomerInfo> {
    this.assertOpen();
    const appUserId = this.appUserId;
    const cached = await this.cache.get<CachedCustomerInfo>(
      `customerInfo:${appUserId}`,
      CUSTOMER_INFO_TTL_MS,
      async () => ({
        wire: await this.backend.getCustomerInfo(appUserId),
        receivedAt: this.env.now(),
      }),
    );
    return this.customerInfoFrom(cached);
  }

  /**
   * @returns whether the customer has the entitlement `entitlementIdentifier` active now.
   * @example
   * if (await purchases.isEntitledTo("premium")) showUnlimitedBadge();
   */
  async isEntitledTo(entitlementIdentifier: string): Promise<boolean> {
    validateIdentifier("entitlementIdentifier", entitlementIdentifier);
    const info = await this.getCustomerInfo();
    return entitlementIdentifier in info.entitlements.active;
  }

  /**
   * Stores attributes on the customer; a `null` value deletes one.
   * @example
   * await purchases.setAttributes({ $email: "ada@example.com", favourite_realm: "night court" });
   */
  async setAttributes(attributes: Record<string, string | null>): Promise<void> {
    this.assertOpen();
    const entries = validateAttributes(attributes);
    if (entries.length === 0) return;
    const updatedAt = this.env.now();
    await this.backend.postAttributes(
      this.appUserId,
      Object.fromEntries(entries.map(([key, value]) => [key, { value, updated_at_ms: updatedAt }])),
    );
  }

  /**
   * Switches to another customer and returns their customer info.
   * @example
   * const info = await purchases.changeUser("user_42");
   */
  async changeUser(newAppUserId: string): Promise<CustomerInfo> {
    this.assertOpen();
    this.appUserId = validateAppUserId(newAppUserId);
    this.cache.invalidate();
    return this.getCustomerInfo();
  }

  /**
   * @returns the current app user id.
   * @example
   * console.log(purchases.getAppUserId());
   */
  getAppUserId(): string {
    return this.appUserId;
  }

  /**
   * @returns whether the current id was made by `generateAnonymousAppUserId`.
   * @example
   * if (purchases.isAnonymous()) askToSignIn();
   */
  isAnonymous(): boolean {
    return this.appUserId.startsWith(ANONYMOUS_PREFIX);
  }

  /**
   * @returns whether the API key is a sandbox (`rcb_sb_`) or Test Store (`test_`) key.
   * @example
   * if (purchases.isSandbox()) showTestBanner();
   */
  isSandbox(): boolean {
    return this.config.apiKeyKind === "sandbox" || this.config.apiKeyKind === "test_store";
  }

  /**
   * Opens the checkout for a package and resolves once the customer has bought it. `test_` keys show the Test
   * Store modal instead, which simulates a purchase. Rejects with a `PurchasesError`: UserCancelledError when
   * the customer closes the checkout, ConfigurationError for invalid parameters (nothing is shown then).
   *
   * @example
   * try {
   *   const { customerInfo } = await purchases.purchase({ rcPackage: offering.monthly, customerEmail: user.email });
   *   if ("premium" in customerInfo.entitlements.active) unlockPremium();
   * } catch (e) {
   *   if (isPurchasesError(e) && e.errorCode === ErrorCode.UserCancelledError) return;
   *   throw e;
   * }
   */
  async purchase(params: PurchaseParams): Promise<PurchaseResult> {
    this.assertOpen();
    const session = this.validatePurchase(params);
    if (this.purchaseController) {
      throw new PurchasesError(
        ErrorCode.OperationAlreadyInProgressError,
        "A purchase is already in progress.",
      );
    }
    const controller = (this.purchaseController = new AbortController());
    try {
      const branding = await this.loadBranding();
      const ui = await import("./ui/present-purchase").catch((cause: unknown) => {
        throw new PurchasesError(ErrorCode.NetworkError, "The checkout could not be loaded.", { cause });
      });
      const outcome = await ui.presentPurchase({ ...session, branding, signal: controller.signal });
      if (outcome.kind === "test_store") return outcome.result;
      const { operation } = outcome;
      // The purchase changed the customer's entitlements: read them fresh.
      this.cache.invalidate(`customerInfo:${this.appUserId}`);
      return {
        customerInfo: await this.getCustomerInfo(),
        redemptionInfo: operation.redemptionInfo,
        operationSessionId: operation.operationSessionId,
        storeTransaction: {
          storeTransactionId: operation.storeTransactionIdentifier,
          productIdentifier: operation.productIdentifier,
          purchaseDate: operation.purchaseDate,
        },
      };
    } finally {
      if (this.purchaseController === controller) this.purchaseController = null;
    }
  }

  /**
   * Shows the paywall of an offering (the current one by default) and resolves once the customer has bought a
   * package through it, with the purchase result and that package. Its purchase buttons open the checkout of
   * {@link Purchases.purchase}. Rejects with a `PurchasesError`: UserCancelledError when the customer goes back,
   * ConfigurationError for invalid parameters or an offering without a paywall (nothing is shown then).
   *
   * @example
   * try {
   *   const { customerInfo, selectedPackage } = await purchases.presentPaywall({ onBack: () => history.back() });
   *   if ("premium" in customerInfo.entitlements.active) unlockPremium();
   * } catch (e) {
   *   if (isPurchasesError(e) && e.errorCode === ErrorCode.UserCancelledError) return;
   *   throw e;
   * }
   */
  async presentPaywall(params: PresentPaywallParams = {}): Promise<PaywallPurchaseResult> {
    this.assertOpen();
    const win = this.env.window;
    validatePaywallParams(params, Boolean(win?.document));
    const { offering, purchaseHtmlTarget, customerEmail, selectedLocale } = params;
    if (this.paywallController)
      throw new PurchasesError(ErrorCode.OperationAlreadyInProgressError, "A paywall is already shown.");
    const controller = (this.paywallController = new AbortController());
    try {
      const shown = offering ?? (await this.getOfferings()).current;
      if (!shown?.paywallComponents) {
        throw new PurchasesError(
          ErrorCode.ConfigurationError,
          shown
            ? `The offering ${shown.identifier} has no paywall components.`
            : "There is no current offering.",
        );
      }
      const wire = await this.fetchOfferings();
      const ui = await import("./paywall/present-paywall").catch((cause: unknown) => {
        throw new PurchasesError(ErrorCode.NetworkError, "The paywall could not be loaded.", { cause });
      });
      return await ui.presentPaywall({
        ...params,
        win: win!,
        offering: shown,
        aliases: wire.ui_config?.app?.colors,
        priceLocale: this.locale(),
        signal: controller.signal,
        purchase: (rcPackage) =>
          this.purchase({ rcPackage, htmlTarget: purchaseHtmlTarget, customerEmail, selectedLocale }),
      });
    } finally {
      this.paywallController = null;
    }
  }

  /**
   * Loads what a purchase needs ahead of time (branding), so the checkout opens faster.
   * @example
   * await purchases.preload();
   */
  async preload(): Promise<void> {
    this.assertOpen();
    await this.loadBranding();
  }

  /**
   * Releases timers and listeners. A closed instance rejects further calls; if it was the shared
   * instance, `isConfigured()` becomes false.
   * @example
   * purchases.close();
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.purchaseController?.abort();
    this.paywallController?.abort();
    this.cache.invalidate();
    this.analytics.dispose();
    if (sharedInstance === this) sharedInstance = null;
  }

  /** Branding is loaded once per instance; a failure is logged and leaves the checkout unbranded. */
  private loadBranding(): Promise<BrandingInfo | null> {
    this.brandingPromise ??= this.backend.getBranding().catch((error: unknown) => {
      this.brandingPromise = null;
      if (this.config.apiKeyKind === "test_store") {
        Logger.warn("Branding is not available for Test Store keys; the checkout uses the default look.");
        return null;
      }
      throw error;
    });
    return this.brandingPromise;
  }

  /** Checks a purchase's parameters before anything is loaded or shown, and gathers what the checkout needs. */
  private validatePurchase(params: PurchaseParams) {
    const win = this.env.window;
    validatePurchaseParams(params, Boolean(win?.document));
    const { rcPackage, htmlTarget, customerEmail, selectedLocale, defaultLocale, skipSuccessPage, nonce } =
      params;
    const purchaseOption = params.purchaseOption ?? null;
    const metadata = checkoutMetadata(this.env, this.config.flags.autoCollectUTMAsMetadata, params.metadata);
    let email: string | null = null;
    if (isValidEmail(customerEmail)) email = customerEmail;
    else if (customerEmail != null) {
      Logger.warn(
        "The customerEmail given to purchase is not a valid email; the checkout asks for one instead.",
      );
    }
    return {
      env: this.env,
      win: win!,
      backend: this.backend,
      analytics: this.analytics,
      appUserId: this.appUserId,
      apiKeyKind: this.config.apiKeyKind,
      rcPackage,
      purchaseOption,
      htmlTarget: htmlTarget ?? null,
      customerEmail: email,
      selectedLocale: selectedLocale ?? null,
      defaultLocale: defaultLocale ?? null,
      metadata,
      skipSuccessPage: skipSuccessPage ?? false,
      nonce: nonce ?? undefined,
      priceLocale: this.locale(),
    };
  }

  private assertOpen(): void {
    if (this.closed) {
      throw new PurchasesError(
        ErrorCode.ConfigurationError,
        "This Purchases instance was closed. Configure a new one.",
      );
    }
  }

  private fetchOfferings(): Promise<WireOfferingsResponse> {
    const appUserId = this.appUserId;
    return this.cache.get(`offerings:${appUserId}`, OFFERINGS_TTL_MS, () =>
      this.backend.getOfferings(appUserId),
    );
  }

  private async buildOfferings(
    wire: WireOfferingsResponse,
    currency: string | undefined,
    placementIdentifier: string | null,
  ): Promise<Offerings> {
    const products = await this.fetchProducts(
      fromWire(() => productIdsOf(wire)),
      currency,
    );
    if (wire.offerings.length === 0) Logger.debug("No offerings were returned by the backend.");
    return fromWire(() => toOfferings(wire, products, { locale: this.locale(), placementIdentifier }));
  }

  private async fetchProducts(
    productIds: string[],
    currency: string | undefined,
  ): Promise<WireProductDetails[]> {
    const appUserId = this.appUserId;
    const batches: string[][] = [];
    for (let i = 0; i < productIds.length; i += PRODUCT_IDS_PER_REQUEST) {
      batches.push(productIds.slice(i, i + PRODUCT_IDS_PER_REQUEST));
    }
    const responses = await Promise.all(
      batches.map((ids) =>
        this.cache.get(`products:${appUserId}:${currency ?? ""}:${ids.join(",")}`, OFFERINGS_TTL_MS, () =>
          this.backend.getProducts(appUserId, ids, currency),
        ),
      ),
    );
    return responses.flatMap((response) => response.product_details);
  }

  private customerInfoFrom({ wire, receivedAt }: CachedCustomerInfo): CustomerInfo {
    // Judge expiry by the server's clock: its request date plus the time since the answer arrived.
    const serverRequestMs = Number.isFinite(wire.request_date_ms)
      ? wire.request_date_ms
      : Date.parse(wire.request_date);
    return fromWire(() => toCustomerInfo(wire, serverRequestMs + (this.env.now() - receivedAt)));
  }

  private locale(): string {
    return this.env.window?.navigator?.language || "en-US";
  }
}
