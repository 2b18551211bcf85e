import { defaultEnvironment, type PurchasesEnvironment } from "./environment";
import { ErrorCode } from "./errors/error-code";
import { PurchasesError } from "./errors/purchases-error";
import { fromWire } from "./errors/from-wire";
import { UninitializedPurchasesError } from "./errors/uninitialized-purchases-error";
import { Backend } from "./http/backend";
import { HttpClient } from "./http/http-client";
import { RequestCache } from "./http/request-cache";
import type { WireBrandingInfo, WireOfferingsResponse, WireProductDetails } from "./http/wire";
import { Logger, setLogHandler, setLogLevel, type LogHandler, type LogLevel } from "./logger";
import {
  DEFAULT_BASE_URL,
  type FlagsConfig,
  type HttpConfig,
  type PurchasesConfig,
  type ResolvedConfig,
} from "./config/purchases-config";
import { resolveConfig, validateAppUserId, validateCurrency } from "./config/validate-config";
import { validateAttributes, validateIdentifier, validateOfferingIdentifier } from "./config/validate-params";
import { offeringIdForPlacement, productIdsOf, toOfferings } from "./model/offerings";
import { AnalyticsTracker } from "./analytics/analytics-tracker";
import type { CustomerInfo, Offering, Offerings, Package, PurchaseResult } from "./model/types";
import type {
  CustomPaywallImpressionParams,
  PaywallPurchaseResult,
  PresentPaywallParams,
} from "./paywall/paywall-params";
import type { PresentExpressPurchaseButtonParams } from "./ui/express-purchase-button";
import type { PurchaseContext, PurchaseParams } from "./ui/purchase-request";
import type { PurchasedResult } from "./ui/purchase-session";
import type { VirtualCurrencies } from "./virtual-currencies/types";
import { isSandboxKey } from "./config/api-key-kind";
import { numberFormat } from "./model/price";
import { loadLazy } from "./load-lazy";
import { loadCustomerInfo } from "./model/customer-info-chunk";

export type { PurchaseParams };

/** Prefix of ids made by {@link Purchases.generateAnonymousAppUserId}. */
const ANONYMOUS_PREFIX = "$RCAnonymousID:";
const REQUEST_TIMEOUT_MS = 10_000;
/** Offerings and products change rarely. Customer info is never kept: see fetchCustomerInfo. */
const OFFERINGS_TTL_MS = 5 * 60_000;
/** Balances change only by purchases (which forget them) or by the host app's backend (invalidate the cache). */
const VIRTUAL_CURRENCIES_TTL_MS = 5 * 60_000;
/** Product ids per products request; larger catalogues are fetched in parallel batches. */
const PRODUCT_IDS_PER_REQUEST = 20;

/** The checkout's chunk (the Test Store modal, the card checkout's loader), loaded once. */
const loadCheckout = () => loadLazy("checkout", () => import("./ui/present-purchase"));
/** The paywall renderer's chunk, loaded once. */
const loadPaywall = () => loadLazy("paywall", () => import("./paywall/present-paywall"));

/** Options of {@link Purchases.getOfferings}. */
export interface GetOfferingsParams {
  /** ISO 4217 code of the currency to price products in; the customer's own when omitted. */
  currency?: string;
  /** Fetch only this offering (and its products); `OfferingKeyword.Current` ("current") names the current one. */
  offeringIdentifier?: string;
}

/** What {@link Purchases.identifyUser} resolves with. */
export interface IdentifyResult {
  /** The customer info of the identified app user id. */
  readonly customerInfo: CustomerInfo;
  /** Whether the backend made a new customer for that id (false when it knew it already). */
  readonly wasCreated: boolean;
}

/** Identifies a wrapper SDK (a framework binding) in request headers. */
export interface PlatformInfo {
  flavor: string;
  version: string;
}

/** Branding of the project, as the checkout shows it. */
export type BrandingInfo = WireBrandingInfo;

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
  /** Aborted by {@link Purchases.close}: the checkout, paywall and express buttons on screen close with it. */
  private readonly lifetime = new AbortController();
  private purchasing = false;
  private showingPaywall = false;
  private warmed = false;

  /**
   * Validates the configuration and makes the shared instance. Throws a `PurchasesError` (changing
   * nothing) when a value is invalid. Calling it again with a valid configuration replaces the shared instance,
   * with a warning, and closes the old instance as {@link Purchases.close} does: a checkout or paywall it shows is
   * closed, and so are its express purchase buttons (those calls reject with UserCancelledError), its later calls reject with ConfigurationError, and its
   * caches and analytics timers are dropped. So an instance kept from before can never act for the wrong user.
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
   * @throws UninitializedPurchasesError (a PurchasesError, ConfigurationError) before `configure` is called.
   * @example
   * const customerInfo = await Purchases.getSharedInstance().getCustomerInfo();
   */
  static getSharedInstance(): Purchases {
    if (!sharedInstance) throw new UninitializedPurchasesError();
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

  /**
   * The same as {@link Purchases.generateAnonymousAppUserId}, under the name purchases-js uses.
   * @example
   * Purchases.configure({ apiKey, appUserId: Purchases.generateRevenueCatAnonymousAppUserId() });
   */
  static generateRevenueCatAnonymousAppUserId(): string {
    return Purchases.generateAnonymousAppUserId();
  }

  private constructor(config: PurchasesConfig) {
    this.config = resolveConfig(config);
    this.env = { ...defaultEnvironment(), ...config.environment };
    this.appUserId = this.config.appUserId;
    this.backend = new Backend(
      new HttpClient({
        ...this.config,
        isSandbox: this.isSandbox(),
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
    // A task from now, so configure() returns at once: the first event reads the device's time zone, which builds a
    // date formatter (10–20 ms on a phone, where configure() often runs inside a page's first render).
    this.env.setTimeout(() => this.analytics.track("sdk_initialized", {}), 0);
    const { apiKeyKind, baseUrl } = this.config;
    // purchases-js's default, kept for parity; loud, because the key and app user ids then go to a third party.
    if (baseUrl === DEFAULT_BASE_URL)
      Logger.warn(
        `No proxyURL: requests go to ${baseUrl}. Set httpConfig.proxyURL to your billing server's URL.`,
      );
    Logger.info(`Configured: ${apiKeyKind} key, ${baseUrl}, anonymous user: ${this.isAnonymous()}.`);
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
    const answer = this.fetchOfferings(currency);
    const offerings = (async () => {
      const wire = await answer;
      // "current" is OfferingKeyword.Current (compared as text so that the enum stays out of this bundle).
      const wanted = offeringIdentifier === "current" ? wire.current_offering_id : offeringIdentifier;
      const selected = offeringIdentifier
        ? { ...wire, offerings: wire.offerings.filter((o) => o.identifier === wanted) }
        : wire;
      return this.buildOfferings(selected, currency, null);
    })();
    // A failure is the caller's to handle; the warm-up then loads what needs no offering.
    this.warmUp(
      answer,
      offerings.then(
        (all) => all.current,
        () => null,
      ),
    );
    return offerings;
  }

  /**
   * Forgets the offerings (and their products) fetched for the current user, so the next `getOfferings` or
   * `getCurrentOfferingForPlacement` asks the backend again. A purchase does this by itself.
   * @example
   * purchases.invalidateOfferingsCache();
   * const fresh = await purchases.getOfferings();
   */
  invalidateOfferingsCache(): void {
    this.forget(this.appUserId, ["offerings", "products"]);
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
    const wire = await this.fetchOfferings(currency);
    const offeringId = fromWire(() => offeringIdForPlacement(wire, placementIdentifier));
    if (offeringId === null) return null;
    const only = { ...wire, offerings: wire.offerings.filter((o) => o.identifier === offeringId) };
    const offerings = await this.buildOfferings(only, currency, placementIdentifier);
    return offerings.all[offeringId] ?? null;
  }

  /**
   * @returns the customer's entitlements and purchases as the server has them now, judged by the server's clock.
   * Every call asks the server, so a change made elsewhere (a cancellation by your backend) shows at once.
   * @example
   * const info = await purchases.getCustomerInfo();
   * if ("premium" in info.entitlements.active) unlockPremium();
   */
  async getCustomerInfo(): Promise<CustomerInfo> {
    this.assertOpen();
    return this.fetchCustomerInfo(this.appUserId);
  }

  /**
   * @returns whether the customer has the entitlement `entitlementIdentifier` active now, asking the server as
   * {@link Purchases.getCustomerInfo} does.
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
    this.cache.invalidate(); // every cached answer, the balances too
    return this.getCustomerInfo();
  }

  /**
   * Tells the backend that the current user is `appUserId` (which links an anonymous id's purchases to it, on a
   * backend that supports `POST /v1/subscribers/identify`), then switches to that id as {@link Purchases.changeUser}
   * does. Identifying the current id again skips the identify call and reports `wasCreated: false`.
   * @throws PurchasesError InvalidAppUserIdError for an invalid id (nothing changes), or the backend's error.
   * @example
   * const { customerInfo, wasCreated } = await purchases.identifyUser("user_42");
   */
  async identifyUser(appUserId: string): Promise<IdentifyResult> {
    this.assertOpen();
    const newAppUserId = validateAppUserId(appUserId);
    const wasCreated =
      newAppUserId !== this.appUserId &&
      (await (
        await loadLazy("identify call", () => import("./http/checkout-calls"))
      ).postIdentify(this.backend, this.appUserId, newAppUserId));
    // Switching reads the customer info afresh: the identify answer is not trusted to be the whole of it.
    return { customerInfo: await this.changeUser(newAppUserId), wasCreated };
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
    return isSandboxKey(this.config.apiKeyKind);
  }

  /**
   * The older, positional form of {@link Purchases.purchase}, kept for code written for purchases-js.
   * @deprecated Use {@link Purchases.purchase}.
   * @example
   * const { customerInfo } = await purchases.purchasePackage(offering.monthly!, "ada@example.com");
   */
  purchasePackage(
    rcPackage: Package,
    customerEmail?: string,
    htmlTarget?: HTMLElement,
  ): Promise<PurchaseResult> {
    return this.purchase({ rcPackage, customerEmail, htmlTarget });
  }

  /**
   * Opens the checkout for a package and resolves once the customer has bought it. `test_` keys show the Test
   * Store modal instead, which simulates a purchase. Rejects with a `PurchasesError`: UserCancelledError when
   * the customer closes the checkout, ConfigurationError for invalid parameters (nothing is shown then), and
   * `ErrorCode.TestStoreSimulatedPurchaseError` (42) when the customer picks the Test Store modal's simulated
   * failure (`test_` keys only: nothing was charged or granted). With `LogLevel.Info` the start and the outcome of
   * each purchase are logged.
   *
   * @example
   * try {
   *   const { customerInfo } = await purchases.purchase({ rcPackage: offering.monthly, customerEmail: user.email });
   *   if ("premium" in customerInfo.entitlements.active) unlockPremium();
   * } catch (e) {
   *   if (isPurchasesError(e) && e.errorCode === ErrorCode.UserCancelledError) return;
   *   if (isPurchasesError(e) && e.errorCode === ErrorCode.TestStoreSimulatedPurchaseError) return showTestFailure();
   *   throw e;
   * }
   */
  async purchase(params: PurchaseParams): Promise<PurchaseResult> {
    this.assertOpen();
    if (this.purchasing) {
      throw new PurchasesError(
        ErrorCode.OperationAlreadyInProgressError,
        "A purchase is already in progress.",
      );
    }
    this.purchasing = true;
    try {
      const ui = await loadCheckout();
      const context = this.purchaseContext();
      // The chunk checks the parameters (nothing is fetched or shown when they are invalid).
      const session = ui.purchaseSession(params, context);
      const branding = await this.loadBranding();
      return await this.purchased(
        context.appUserId,
        ui.presentPurchase({ ...session, branding, signal: this.lifetime.signal }),
      );
    } finally {
      this.purchasing = false;
    }
  }

  /**
   * Draws Stripe's wallet buttons (Apple Pay, Google Pay, Link: those the customer's browser offers) into
   * `htmlTarget`, selling a package without the checkout; resolves once the customer has bought it through one.
   * `onButtonReady` says whether any wallet is offered (hide the element and show your checkout button when none
   * is) and hands over an updater that sells another package with the same buttons. Closing a wallet's sheet or
   * a declined card leaves the buttons there (`listener` hears of both); a failure to show them or to start the
   * purchase rejects and removes them. Needs a Web Billing key (`rcb_`): ConfigurationError for other keys and
   * invalid parameters, before anything is drawn.
   *
   * @example
   * const { customerInfo } = await purchases.presentExpressPurchaseButton({
   *   rcPackage: offering.monthly!,
   *   htmlTarget: document.getElementById("express")!,
   *   onButtonReady: (updater, walletsAvailable) => (checkoutButton.hidden = walletsAvailable),
   * });
   */
  presentExpressPurchaseButton(params: PresentExpressPurchaseButtonParams): Promise<PurchaseResult> {
    return this.expressButton(params, this.lifetime.signal);
  }

  /**
   * Shows the paywall of an offering (the current one by default) and resolves once the customer has bought a
   * package through it, with the purchase result and that package. Its purchase buttons open the checkout of
   * {@link Purchases.purchase}; a failed purchase is shown in the paywall, which stays open. Rejects with a
   * `PurchasesError`: UserCancelledError when the customer goes back (once `onBack` calls `closePaywall`),
   * ConfigurationError for invalid parameters or an offering without a paywall (nothing is shown then).
   *
   * @example
   * try {
   *   const { customerInfo, selectedPackage } = await purchases.presentPaywall({
   *     onBack: (closePaywall) => closePaywall(),
   *   });
   *   if ("premium" in customerInfo.entitlements.active) unlockPremium();
   * } catch (e) {
   *   if (isPurchasesError(e) && e.errorCode === ErrorCode.UserCancelledError) return;
   *   throw e;
   * }
   */
  async presentPaywall(params: PresentPaywallParams = {}): Promise<PaywallPurchaseResult> {
    this.assertOpen();
    if (this.showingPaywall)
      throw new PurchasesError(ErrorCode.OperationAlreadyInProgressError, "A paywall is already shown.");
    this.showingPaywall = true;
    try {
      const ui = await loadPaywall();
      return await ui.showPaywall(params, {
        ...this.purchaseContext(),
        offerings: () => this.getOfferings(),
        wireOfferings: () => this.fetchOfferings(undefined),
        signal: this.lifetime.signal,
        purchase: (purchaseParams) => this.purchase(purchaseParams),
        express: (expressParams, signal) => this.expressButton(expressParams, signal),
      });
    } finally {
      this.showingPaywall = false;
    }
  }

  /**
   * Records that the customer saw a paywall the app drew itself (`custom_paywall_impression`), with the offering
   * it sold (its placement and targeting too). Call it once each time such a paywall is shown. Never throws:
   * the event is checked, built and sent in the background, and invalid parameters (a `paywallId` that is not a
   * non-empty string, an offering not from `getOfferings`) are logged as an error, with nothing sent.
   *
   * @example
   * const offering = (await purchases.getOfferings()).current;
   * showMyPaywall(offering);
   * purchases.trackCustomPaywallImpression({ paywallId: "spring_sale", offering });
   */
  trackCustomPaywallImpression(params: CustomPaywallImpressionParams = {}): void {
    this.assertOpen();
    // A small lazy module checks and builds the event, so that the core does not carry it.
    import("./analytics/presented-offering-context")
      .then(({ customPaywallImpressionProperties }) =>
        this.analytics.track("custom_paywall_impression", customPaywallImpressionProperties(params)),
      )
      .catch((error: unknown) => Logger.error(`trackCustomPaywallImpression: ${String(error)}`));
  }

  /**
   * Loads what a purchase needs ahead of time (branding), so the checkout opens faster. Never rejects for a
   * backend failure: without branding the checkout uses the default look (a warning is logged).
   * @example
   * await purchases.preload();
   */
  async preload(): Promise<void> {
    this.assertOpen();
    await this.loadBranding();
  }

  /**
   * @returns the customer's virtual currency balances, every currency of the project keyed by its code. Kept for 5
   * minutes; a purchase, `changeUser` and {@link Purchases.invalidateVirtualCurrenciesCache} forget them.
   * @example
   * const { all } = await purchases.getVirtualCurrencies();
   * gemsLabel.textContent = String(all.GEMS?.balance ?? 0);
   */
  async getVirtualCurrencies(): Promise<VirtualCurrencies> {
    this.assertOpen();
    const { appUserId } = this;
    // The cache holds the balances frozen; each call gets a copy of its own to add to or delete from.
    const copies = await this.cache.get(
      `virtualCurrencies:${appUserId}:`,
      VIRTUAL_CURRENCIES_TTL_MS,
      async () =>
        (
          await loadLazy("virtual currencies", () => import("./virtual-currencies/to-virtual-currencies"))
        ).fetchVirtualCurrencies(this.backend, appUserId),
    );
    return copies();
  }

  /**
   * @returns the balances last fetched by {@link Purchases.getVirtualCurrencies} for the current customer, however
   * old, without a request; null when none were fetched since the cache was last invalidated.
   * @example
   * const gems = purchases.getCachedVirtualCurrencies()?.all.GEMS?.balance ?? 0;
   */
  getCachedVirtualCurrencies(): VirtualCurrencies | null {
    return this.cache.peek<() => VirtualCurrencies>(`virtualCurrencies:${this.appUserId}:`)?.() ?? null;
  }

  /**
   * Forgets the cached balances, so that the next {@link Purchases.getVirtualCurrencies} fetches them: call it after
   * your backend changed a balance (the customer spent some, or was granted some through the server).
   * @example
   * await spendGems(10); // your backend
   * purchases.invalidateVirtualCurrenciesCache();
   * const { all } = await purchases.getVirtualCurrencies();
   */
  invalidateVirtualCurrenciesCache(): void {
    this.cache.invalidate("virtualCurrencies:");
  }

  /**
   * Releases timers and listeners. A closed instance rejects further calls; if it was the shared
   * instance, `isConfigured()` becomes false.
   * @example
   * purchases.close();
   */
  close(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    this.cache.invalidate();
    this.analytics.dispose();
    if (sharedInstance === this) sharedInstance = null;
  }

  /**
   * Branding is loaded once per instance: taken from the `offerings` answer when it brings it along (this billing
   * server does), else asked for (once they have answered, when given). Without it the checkout still works, in the
   * default look: a failure is logged as a warning, resolves to null and is not kept, so the next purchase tries
   * again.
   */
  private loadBranding(offerings?: Promise<WireOfferingsResponse>): Promise<BrandingInfo | null> {
    this.brandingPromise ??= Promise.resolve(
      offerings?.then(
        (wire) => wire.branding,
        () => undefined,
      ),
    )
      .then((branding) =>
        typeof branding === "object" && branding !== null && !Array.isArray(branding)
          ? branding
          : this.lifetime.signal.aborted
            ? null
            : this.backend.getBranding(),
      )
      .catch((error: unknown) => {
        this.brandingPromise = null;
        Logger.warn(
          `The branding could not be loaded (${String(error)}); the checkout uses the default look.`,
        );
        return null;
      });
    return this.brandingPromise;
  }

  private assertOpen(): void {
    if (this.lifetime.signal.aborted) {
      throw new PurchasesError(
        ErrorCode.ConfigurationError,
        "This Purchases instance was closed. Configure a new one.",
      );
    }
  }

  /** The express purchase button, removed when `signal` aborts (the instance closing, or a paywall's button going). */
  private async expressButton(
    params: PresentExpressPurchaseButtonParams,
    signal: AbortSignal,
  ): Promise<PurchaseResult> {
    this.assertOpen();
    const ui = await loadLazy("express purchase button", () => import("./ui/express-purchase-button"));
    const context = this.purchaseContext();
    return this.purchased(
      context.appUserId,
      ui.presentExpressPurchaseButton(params, { ...context, branding: () => this.loadBranding(), signal }),
    );
  }

  /**
   * A page that asks for offerings shows an upgrade button next (or buys at once: a deep link, a paywall on load).
   * Beside the offerings' own requests, load the branding and the checkout's code, which then loads the rest a
   * purchase needs (its texts, the paywall's code when `current` has a paywall): see the chunk's warmUp. Once per
   * instance; everything loaded is kept where it is loaded.
   */
  private warmUp(answer: Promise<WireOfferingsResponse>, current: Promise<Offering | null>): void {
    const win = this.env.window;
    if (!win?.document || this.warmed) return;
    this.warmed = true;
    void this.loadBranding(answer);
    // A page's first number format costs 10-20 ms (Intl's locale data): spent a task from now, while the
    // offerings are on their way, instead of when their prices are formatted.
    setTimeout(() => numberFormat(this.locale(), { style: "currency", currency: "USD" }));
    Promise.resolve(loadCheckout()).then(
      (ui) =>
        ui.warmUp(win, this.config.apiKeyKind, current, {
          signal: this.lifetime.signal,
          paywall: loadPaywall,
        }),
      () => {},
    );
  }

  /** What a purchase's UI needs of this instance. */
  private purchaseContext(): PurchaseContext {
    return {
      env: this.env,
      backend: this.backend,
      analytics: this.analytics,
      appUserId: this.appUserId,
      config: this.config,
      priceLocale: this.locale(),
    };
  }

  /**
   * The result of a purchase a UI made for `appUserId`. The purchase may have granted virtual currencies and may
   * change the offerings shown to them: both are read fresh next time. The buyer's customer info is read now when
   * the UI brought none (the buyer's even if `changeUser` came meanwhile, as purchases-js does).
   */
  private async purchased(appUserId: string, purchase: Promise<PurchasedResult>): Promise<PurchaseResult> {
    const result = await purchase;
    this.forget(appUserId, ["offerings", "products", "virtualCurrencies"]);
    return { ...result, customerInfo: result.customerInfo ?? (await this.fetchCustomerInfo(appUserId)) };
  }

  /** Forgets the `kinds` of answers kept for `appUserId`: theirs only ("user_1" is no prefix of "user_10"'s). */
  private forget(appUserId: string, kinds: readonly string[]): void {
    for (const kind of kinds) this.cache.invalidate(`${kind}:${appUserId}:`);
  }

  /**
   * The offerings, with their products' details in `currency` when the server sends them along (this billing
   * server does; others answer without them and the products are asked for next): one round trip instead of two.
   */
  private fetchOfferings(currency: string | undefined): Promise<WireOfferingsResponse> {
    const appUserId = this.appUserId;
    return this.cache.get(`offerings:${appUserId}:${currency ?? ""}`, OFFERINGS_TTL_MS, () =>
      this.backend.getOfferings(appUserId, currency),
    );
  }

  private async buildOfferings(
    wire: WireOfferingsResponse,
    currency: string | undefined,
    placementIdentifier: string | null,
  ): Promise<Offerings> {
    const products = Array.isArray(wire.product_details)
      ? wire.product_details
      : await this.fetchProducts(
          fromWire(() => productIdsOf(wire)),
          currency,
        );
    Logger.info(`${wire.offerings.length} offerings fetched.`);
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

  /**
   * One request per call, as purchases-js makes: a kept answer would hide a change the app's backend made (issue #45),
   * and a call that joined a request already under way could miss a change its caller has just been told of.
   */
  private async fetchCustomerInfo(appUserId: string): Promise<CustomerInfo> {
    const [wire, { toCustomerInfo }] = await Promise.all([
      this.backend.getCustomerInfo(appUserId),
      loadCustomerInfo(),
    ]);
    // Judge expiry by the server's clock at the moment it answered, not the device's.
    const serverNowMs = Number.isFinite(wire.request_date_ms)
      ? wire.request_date_ms
      : Date.parse(wire.request_date);
    return fromWire(() => toCustomerInfo(wire, serverNowMs, this.locale()));
  }

  private locale(): string {
    return this.config.locale || this.env.window?.navigator?.language || "en-US";
  }
}
