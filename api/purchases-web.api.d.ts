// purchases-web
import { StripeConstructorOptions, Stripe, ConfirmationToken, StripePaymentElement, StripeExpressCheckoutElement, StripeLinkAuthenticationElement, StripeElements, StripeError } from "@stripe/stripe-js";
interface WireBrandingAppearance {
    color_buttons_primary?: string | null;
    color_buttons_primary_text?: string | null;
    color_accent?: string | null;
    color_error?: string | null;
    color_product_info_bg?: string | null;
    color_form_bg?: string | null;
    color_page_bg?: string | null;
    font?: string | null;
    shapes?: "default" | "rounded" | "rectangle" | "pill" | null;
    show_product_description?: boolean | null;
}
interface WireBrandFontConfig {
    font_url: string;
    desktop?: {
        font_size?: number;
        font_weight?: number;
    } | null;
    mobile?: {
        font_size?: number;
        font_weight?: number;
    } | null;
}
interface WireBrandingInfo {
    app_icon: string | null;
    app_icon_webp: string | null;
    app_wordmark: string | null;
    app_wordmark_webp: string | null;
    app_name: string | null;
    support_email: string | null;
    appearance: WireBrandingAppearance | null;
    brand_font_config?: WireBrandFontConfig | null;
    gateway_tax_collection_enabled: boolean;
}
declare enum LogLevel {
    Silent = 0,
    Error = 1,
    Warn = 2,
    Info = 3,
    Debug = 4,
    Verbose = 5
}
type LogHandler = (level: LogLevel, message: string) => void;
type StripeGatewayError = Pick<StripeError, "type" | "code" | "decline_code" | "message">;
type StripeElementLike = StripePaymentElement | StripeExpressCheckoutElement | StripeLinkAuthenticationElement;
type StripeElementsLike = StripeElements;
type StripeConfirmationToken = ConfirmationToken;
type StripeLike = Pick<Stripe, "elements" | "createConfirmationToken" | "confirmSetup" | "confirmPayment">;
type StripeLoader = (publishableKey: string, options: Pick<StripeConstructorOptions, "stripeAccount" | "locale">) => Promise<StripeLike | null>;
type TimerHandle = unknown;
interface PurchasesEnvironment {
    fetch: typeof fetch;
    now(): number;
    setTimeout(callback: () => void, ms: number): TimerHandle;
    clearTimeout(handle: TimerHandle): void;
    random(): number;
    randomUUID(): string;
    window: Window | null;
    loadStripe?: StripeLoader;
}
interface HttpConfig {
    proxyURL?: string;
    additionalHeaders?: Record<string, string>;
}
interface FlagsConfig {
    autoCollectUTMAsMetadata?: boolean;
    collectAnalyticsEvents?: boolean;
    allowPaddleAPIKey?: boolean;
    hideBackButton?: boolean;
    applePayBrandingLogoEnabled?: boolean;
    storeLoadTime?: StoreLoadTime;
}
type StoreLoadTime = "configuration" | "purchase_start";
interface BrandingAppearance {
    color_buttons_primary: string;
    color_buttons_primary_text?: string | null;
    color_accent: string;
    color_error: string;
    color_product_info_bg: string;
    color_form_bg: string;
    color_page_bg: string;
    font: string;
    shapes: "default" | "rectangle" | "rounded" | "pill";
    show_product_description: boolean;
}
interface PurchasesConfig {
    apiKey: string;
    appUserId: string;
    locale?: string;
    httpConfig?: HttpConfig;
    flags?: FlagsConfig;
    brandingAppearanceOverride?: Partial<BrandingAppearance>;
    environment?: Partial<PurchasesEnvironment>;
}
declare enum PeriodUnit {
    Year = "year",
    Month = "month",
    Week = "week",
    Day = "day"
}
interface Period {
    number: number;
    unit: PeriodUnit;
}
declare enum PackageType {
    Unknown = "unknown",
    Custom = "custom",
    Lifetime = "$rc_lifetime",
    Annual = "$rc_annual",
    SixMonth = "$rc_six_month",
    ThreeMonth = "$rc_three_month",
    TwoMonth = "$rc_two_month",
    Monthly = "$rc_monthly",
    Weekly = "$rc_weekly"
}
declare enum ProductType {
    Subscription = "subscription",
    Consumable = "consumable",
    NonConsumable = "non_consumable"
}
interface Price {
    readonly amount: number;
    readonly amountMicros: number;
    readonly currency: string;
    readonly formattedPrice: string;
}
interface PricingPhase {
    readonly periodDuration: string | null;
    readonly period: Period | null;
    readonly price: Price | null;
    readonly cycleCount: number;
    readonly pricePerWeek: Price | null;
    readonly pricePerMonth: Price | null;
    readonly pricePerYear: Price | null;
}
interface PurchaseOption {
    readonly id: string;
    readonly priceId: string;
}
interface SubscriptionOption extends PurchaseOption {
    readonly base: PricingPhase;
    readonly trial: PricingPhase | null;
    readonly introPrice: PricingPhase | null;
}
interface NonSubscriptionOption extends PurchaseOption {
    readonly basePrice: Price;
}
interface TargetingContext {
    readonly ruleId: string;
    readonly revision: number;
}
interface PresentedOfferingContext {
    readonly offeringIdentifier: string;
    readonly placementIdentifier: string | null;
    readonly targetingContext: TargetingContext | null;
}
interface Product {
    readonly identifier: string;
    readonly displayName: string;
    readonly title: string;
    readonly description: string | null;
    readonly productType: ProductType;
    readonly price: Price;
    readonly currentPrice: Price;
    readonly normalPeriodDuration: string | null;
    readonly period: Period | null;
    readonly presentedOfferingIdentifier: string;
    readonly presentedOfferingContext: PresentedOfferingContext;
    readonly defaultPurchaseOption: PurchaseOption;
    readonly defaultSubscriptionOption: SubscriptionOption | null;
    readonly subscriptionOptions: Record<string, SubscriptionOption>;
    readonly defaultNonSubscriptionOption: NonSubscriptionOption | null;
    readonly freeTrialPhase: PricingPhase | null;
    readonly introPricePhase: PricingPhase | null;
}
interface Package {
    readonly identifier: string;
    readonly packageType: PackageType;
    readonly webBillingProduct: Product;
    readonly rcBillingProduct: Product;
    readonly webCheckoutURL?: string | null;
}
interface PaywallData {
    readonly default_locale: string;
    readonly [key: string]: unknown;
}
interface Offering {
    readonly identifier: string;
    readonly serverDescription: string;
    readonly metadata: Record<string, unknown> | null;
    readonly packagesById: Record<string, Package>;
    readonly availablePackages: Package[];
    readonly lifetime: Package | null;
    readonly annual: Package | null;
    readonly sixMonth: Package | null;
    readonly threeMonth: Package | null;
    readonly twoMonth: Package | null;
    readonly monthly: Package | null;
    readonly weekly: Package | null;
    readonly hasPaywall: boolean;
    readonly paywallComponents?: PaywallData | null;
    readonly webCheckoutURL?: string | null;
}
declare const OfferingKeyword: {
    readonly Current: "current";
};
type OfferingKeyword = (typeof OfferingKeyword)[keyof typeof OfferingKeyword];
declare namespace OfferingKeyword {
    type Current = typeof OfferingKeyword.Current;
}
interface Offerings {
    readonly all: Record<string, Offering>;
    readonly current: Offering | null;
}
type Store = "app_store" | "mac_app_store" | "play_store" | "amazon" | "stripe" | "rc_billing" | "paddle" | "test_store" | "promotional" | "galaxy" | "unknown";
type PeriodType = "normal" | "intro" | "trial" | "prepaid";
type OwnershipType = "PURCHASED" | "FAMILY_SHARED" | "UNKNOWN";
interface EntitlementInfo {
    readonly identifier: string;
    readonly isActive: boolean;
    readonly willRenew: boolean;
    readonly store: Store;
    readonly latestPurchaseDate: Date;
    readonly originalPurchaseDate: Date;
    readonly expirationDate: Date | null;
    readonly productIdentifier: string;
    readonly productPlanIdentifier: string | null;
    readonly unsubscribeDetectedAt: Date | null;
    readonly billingIssueDetectedAt: Date | null;
    readonly isSandbox: boolean;
    readonly periodType: PeriodType;
    readonly ownershipType: OwnershipType | null;
}
interface EntitlementInfos {
    readonly all: Record<string, EntitlementInfo>;
    readonly active: Record<string, EntitlementInfo>;
}
interface NonSubscriptionTransaction {
    readonly transactionIdentifier: string;
    readonly productIdentifier: string;
    readonly purchaseDate: Date;
    readonly storeTransactionId: string | null;
    readonly store: Store;
}
interface SubscriptionInfo {
    readonly productIdentifier: string;
    readonly productPlanIdentifier: string | null;
    readonly displayName: string | null;
    readonly price: Price | null;
    readonly managementURL: string | null;
    readonly autoResumeDate: Date | null;
    readonly purchaseDate: Date;
    readonly originalPurchaseDate: Date | null;
    readonly expiresDate: Date | null;
    readonly store: Store;
    readonly unsubscribeDetectedAt: Date | null;
    readonly isSandbox: boolean;
    readonly billingIssuesDetectedAt: Date | null;
    readonly gracePeriodExpiresDate: Date | null;
    readonly ownershipType: OwnershipType;
    readonly periodType: PeriodType;
    readonly refundedAt: Date | null;
    readonly storeTransactionId: string | null;
    readonly isActive: boolean;
    readonly willRenew: boolean;
}
interface CustomerInfo {
    readonly entitlements: EntitlementInfos;
    readonly allExpirationDatesByProduct: Record<string, Date | null>;
    readonly allPurchaseDatesByProduct: Record<string, Date | null>;
    readonly activeSubscriptions: Set<string>;
    readonly managementURL: string | null;
    readonly requestDate: Date;
    readonly firstSeenDate: Date;
    readonly originalPurchaseDate: Date | null;
    readonly originalAppUserId: string;
    readonly nonSubscriptionTransactions: NonSubscriptionTransaction[];
    readonly subscriptionsByProductIdentifier: Record<string, SubscriptionInfo>;
}
interface RedemptionInfo {
    readonly redeemUrl: string | null;
    readonly redeemUrlRedirect?: string | null;
}
interface StoreTransaction {
    readonly storeTransactionId: string;
    readonly productIdentifier: string;
    readonly purchaseDate: Date;
}
interface PurchaseResult {
    readonly customerInfo: CustomerInfo;
    readonly redemptionInfo: RedemptionInfo | null;
    readonly operationSessionId: string;
    readonly storeTransaction: StoreTransaction;
    readonly customerEmail?: string;
}
type CustomVariables = Record<string, CustomVariableValue>;
type CustomVariableValue = {
    readonly type: "string";
    readonly value: string;
} | {
    readonly type: "number";
    readonly value: number;
} | {
    readonly type: "boolean";
    readonly value: boolean;
};
declare const CustomVariableValue: {
    readonly string: (value: string) => CustomVariableValue;
    readonly number: (value: number) => CustomVariableValue;
    readonly boolean: (value: boolean) => CustomVariableValue;
};
type PurchaseMetadata = Record<string, string | null>;
declare enum ErrorCode {
    UnknownError = 0,
    UserCancelledError = 1,
    StoreProblemError = 2,
    PurchaseNotAllowedError = 3,
    PurchaseInvalidError = 4,
    ProductNotAvailableForPurchaseError = 5,
    ProductAlreadyPurchasedError = 6,
    ReceiptAlreadyInUseError = 7,
    InvalidReceiptError = 8,
    MissingReceiptFileError = 9,
    NetworkError = 10,
    InvalidCredentialsError = 11,
    UnexpectedBackendResponseError = 12,
    InvalidAppUserIdError = 14,
    OperationAlreadyInProgressError = 15,
    UnknownBackendError = 16,
    InvalidAppleSubscriptionKeyError = 17,
    IneligibleError = 18,
    InsufficientPermissionsError = 19,
    PaymentPendingError = 20,
    InvalidSubscriberAttributesError = 21,
    LogOutWithAnonymousUserError = 22,
    ConfigurationError = 23,
    UnsupportedError = 24,
    EmptySubscriberAttributesError = 25,
    CustomerInfoError = 28,
    SignatureVerificationError = 36,
    InvalidEmailError = 38,
    TestStoreSimulatedPurchaseError = 42
}
interface PurchasesErrorExtra {
    readonly statusCode?: number;
    readonly backendErrorCode?: number;
}
interface PurchasesErrorOptions {
    readonly underlyingErrorMessage?: string | null;
    readonly extra?: PurchasesErrorExtra;
    readonly cause?: unknown;
}
declare class PurchasesError extends Error {
    name: string;
    readonly errorCode: ErrorCode;
    readonly underlyingErrorMessage?: string | null;
    readonly extra?: PurchasesErrorExtra;
    constructor(errorCode: ErrorCode, message?: string, options?: PurchasesErrorOptions);
    constructor(errorCode: ErrorCode, message?: string, underlyingErrorMessage?: string | null, extra?: PurchasesErrorExtra);
    toString(): string;
}
declare function isPurchasesError(value: unknown): value is PurchasesError;
interface PurchaseParams {
    rcPackage: Package;
    purchaseOption?: PurchaseOption | null;
    htmlTarget?: HTMLElement | null;
    customerEmail?: string | null;
    externalPurchaseTokenId?: string | null;
    selectedLocale?: string | null;
    defaultLocale?: string | null;
    metadata?: PurchaseMetadata | null;
    skipSuccessPage?: boolean;
    nonce?: string | null;
    showDiscountCodeField?: boolean;
    discountCode?: string;
    onDiscountCodeChanged?: (discountCode: string | null) => void;
    brandingAppearanceOverride?: Partial<BrandingAppearance>;
    termsAndConditionsUrl?: string;
}
interface PurchaseListener {
    onPurchaseStarted?(rcPackage: Package): void;
    onPurchaseCancelled?(): void;
    onPurchaseError?(error: PurchasesError): void;
}
interface PaywallInteractionEvent {
    readonly timestamp: number;
    readonly session_id: string;
    readonly offering_id: string;
    readonly paywall_id?: string;
    readonly paywall_revision: number;
    readonly display_mode?: string;
    readonly dark_mode?: boolean;
    readonly locale?: string;
    readonly component_type: string;
    readonly component_value: string;
    readonly component_name?: string;
    readonly component_url?: string;
    readonly origin_index?: number;
    readonly destination_index?: number;
    readonly origin_context_name?: string;
    readonly destination_context_name?: string;
    readonly default_index?: number;
    readonly origin_package_id?: string;
    readonly destination_package_id?: string;
    readonly default_package_id?: string;
    readonly current_package_id?: string;
    readonly resulting_package_id?: string;
    readonly origin_product_id?: string;
    readonly destination_product_id?: string;
    readonly default_product_id?: string;
    readonly current_product_id?: string;
    readonly resulting_product_id?: string;
}
interface PaywallListener extends PurchaseListener {
    onPurchaseCompleted?(result: PaywallPurchaseResult): void;
    onInteraction?(event: PaywallInteractionEvent): void;
}
interface PresentPaywallParams extends Pick<PurchaseParams, "metadata" | "externalPurchaseTokenId" | "brandingAppearanceOverride" | "showDiscountCodeField" | "discountCode" | "onDiscountCodeChanged"> {
    offering?: Offering | null;
    htmlTarget?: HTMLElement | null;
    purchaseHtmlTarget?: HTMLElement | null;
    customerEmail?: string | null;
    selectedLocale?: string | null;
    colorMode?: "light" | "dark" | null;
    listener?: PaywallListener | null;
    onBack?: ((closePaywall: () => void) => void) | null;
    hideBackButtons?: boolean | null;
    customVariables?: Readonly<Record<string, CustomVariableValue>> | null;
    onPurchaseError?: ((error: Error) => void) | null;
    onNavigateToUrl?: ((url: string) => void) | null;
    onVisitCustomerCenter?: (() => void) | null;
    onRestorePurchases?: (() => void) | null;
    nonce?: string | null;
}
interface PaywallPurchaseResult extends PurchaseResult {
    selectedPackage: Package;
}
interface CustomPaywallImpressionParams {
    paywallId?: string;
    offering?: Offering;
}
type WalletButtonTheme = "black" | "white" | "white-outline";
interface ExpressPurchaseButtonUpdater {
    updatePurchase(rcPackage: Package, purchaseOption?: PurchaseOption | null): void;
}
interface PresentExpressPurchaseButtonParams {
    rcPackage: Package;
    htmlTarget: HTMLElement;
    purchaseOption?: PurchaseOption | null;
    customerEmail?: string;
    externalPurchaseTokenId?: string;
    selectedLocale?: string;
    defaultLocale?: string;
    metadata?: PurchaseMetadata;
    onButtonReady?: (updater: ExpressPurchaseButtonUpdater, walletsAvailable: boolean) => void;
    listener?: PurchaseListener;
    walletButtonTheme?: WalletButtonTheme;
}
interface VirtualCurrency {
    readonly balance: number;
    readonly name: string;
    readonly code: string;
    readonly serverDescription: string | null;
}
interface VirtualCurrencies {
    readonly all: {
        [code: string]: VirtualCurrency;
    };
}
interface GetOfferingsParams {
    currency?: string;
    offeringIdentifier?: string;
}
interface IdentifyResult {
    readonly customerInfo: CustomerInfo;
    readonly wasCreated: boolean;
}
interface PlatformInfo {
    flavor: string;
    version: string;
}
type BrandingInfo = WireBrandingInfo;
declare class Purchases {
    private appUserId;
    private readonly config;
    private readonly env;
    private readonly backend;
    private readonly cache;
    private readonly analytics;
    private brandingPromise;
    private readonly lifetime;
    private purchasing;
    private showingPaywall;
    private warmed;
    static configure(config: PurchasesConfig): Purchases;
    static configure(apiKey: string, appUserId: string, httpConfig?: HttpConfig, flags?: FlagsConfig): Purchases;
    static getSharedInstance(): Purchases;
    static isConfigured(): boolean;
    static setLogLevel(level: LogLevel): void;
    static setLogHandler(handler: LogHandler | null): void;
    static setPlatformInfo(info: PlatformInfo | null): void;
    static generateAnonymousAppUserId(): string;
    static generateRevenueCatAnonymousAppUserId(): string;
    private constructor();
    getOfferings(params?: GetOfferingsParams): Promise<Offerings>;
    invalidateOfferingsCache(): void;
    getCurrentOfferingForPlacement(placementIdentifier: string, params?: Omit<GetOfferingsParams, "offeringIdentifier">): Promise<Offering | null>;
    getCustomerInfo(): Promise<CustomerInfo>;
    isEntitledTo(entitlementIdentifier: string): Promise<boolean>;
    setAttributes(attributes: Record<string, string | null>): Promise<void>;
    changeUser(newAppUserId: string): Promise<CustomerInfo>;
    identifyUser(appUserId: string): Promise<IdentifyResult>;
    getAppUserId(): string;
    isAnonymous(): boolean;
    isSandbox(): boolean;
    purchasePackage(rcPackage: Package, customerEmail?: string, htmlTarget?: HTMLElement): Promise<PurchaseResult>;
    purchase(params: PurchaseParams): Promise<PurchaseResult>;
    presentExpressPurchaseButton(params: PresentExpressPurchaseButtonParams): Promise<PurchaseResult>;
    presentPaywall(params?: PresentPaywallParams): Promise<PaywallPurchaseResult>;
    trackCustomPaywallImpression(params?: CustomPaywallImpressionParams): void;
    preload(): Promise<void>;
    getVirtualCurrencies(): Promise<VirtualCurrencies>;
    getCachedVirtualCurrencies(): VirtualCurrencies | null;
    invalidateVirtualCurrenciesCache(): void;
    close(): void;
    private loadBranding;
    private assertOpen;
    private expressButton;
    private warmUp;
    private purchaseContext;
    private purchased;
    private forget;
    private fetchOfferings;
    private buildOfferings;
    private fetchProducts;
    private fetchCustomerInfo;
    private locale;
}
declare const PAYWALL_COMPONENT_TYPES: {
    readonly TAB: "tab";
    readonly SWITCH: "switch";
    readonly CAROUSEL: "carousel";
    readonly BUTTON: "button";
    readonly TEXT: "text";
    readonly PACKAGE: "package";
    readonly PACKAGE_SELECTION_SHEET: "package_selection_sheet";
    readonly PURCHASE_BUTTON: "purchase_button";
    readonly WALLET_BUTTON: "wallet_button";
};
declare class UninitializedPurchasesError extends PurchasesError {
    name: string;
    constructor();
}
declare function formatPrice(price: Price, locale?: string): string;
declare function formatPrice(amountMicros: number, currency: string, locale?: string): string;
interface FormatPeriodOptions {
    unitDisplay?: "long" | "short" | "narrow";
    omitOne?: boolean;
}
declare function formatPeriod(period: string | Period, locale?: string, { unitDisplay, omitOne }?: FormatPeriodOptions): string;
declare const ReservedCustomerAttribute: {
    readonly DisplayName: "$displayName";
    readonly Email: "$email";
    readonly PhoneNumber: "$phoneNumber";
    readonly IDFA: "$idfa";
    readonly IDFV: "$idfv";
    readonly GPSAdId: "$gpsAdId";
    readonly AndroidId: "$androidId";
    readonly AmazonAdId: "$amazonAdId";
    readonly IP: "$ip";
    readonly AdjustId: "$adjustId";
    readonly AmplitudeDeviceId: "$amplitudeDeviceId";
    readonly AmplitudeUserId: "$amplitudeUserId";
    readonly AppsflyerId: "$appsflyerId";
    readonly AppsflyerSharingFilter: "$appsflyerSharingFilter";
    readonly BranchId: "$branchId";
    readonly BrazeAliasName: "$brazeAliasName";
    readonly BrazeAliasLabel: "$brazeAliasLabel";
    readonly ClevertapId: "$clevertapId";
    readonly FbAnonId: "$fbAnonId";
    readonly MparticleId: "$mparticleId";
    readonly OnesignalId: "$onesignalId";
    readonly OnesignalUserId: "$onesignalUserId";
    readonly IntercomContactId: "$intercomContactId";
    readonly MediaSource: "$mediaSource";
    readonly Campaign: "$campaign";
    readonly AdGroup: "$adGroup";
    readonly AdId: "$ad";
    readonly Keyword: "$keyword";
    readonly Creative: "$creative";
    readonly APNSTokens: "$apnsTokens";
    readonly FCMTokens: "$fcmTokens";
    readonly AirshipChannelId: "$airshipChannelId";
    readonly SegmentId: "$segmentId";
    readonly IterableUserId: "$iterableUserId";
    readonly IterableCampaignId: "$iterableCampaignId";
    readonly IterableTemplateId: "$iterableTemplateId";
    readonly FirebaseAppInstanceId: "$firebaseAppInstanceId";
    readonly MixpanelDistinctId: "$mixpanelDistinctId";
    readonly ATTConsentStatus: "$attConsentStatus";
    readonly KochavaDeviceId: "$kochavaDeviceId";
    readonly DeviceVersion: "$deviceVersion";
    readonly PosthogUserId: "$posthogUserId";
    readonly TelemetryDeckUserId: "$telemetryDeckUserId";
    readonly TelemetryDeckAppId: "$telemetryDeckAppId";
    readonly AppleRefundHandlingPreference: "$appleRefundHandlingPreference";
    readonly CustomerioId: "$customerioId";
    readonly TenjinId: "$tenjinId";
    readonly SingularDeviceId: "$singularDeviceId";
};
type ReservedCustomerAttribute = (typeof ReservedCustomerAttribute)[keyof typeof ReservedCustomerAttribute];
declare namespace ReservedCustomerAttribute {
    type DisplayName = typeof ReservedCustomerAttribute.DisplayName;
    type Email = typeof ReservedCustomerAttribute.Email;
    type PhoneNumber = typeof ReservedCustomerAttribute.PhoneNumber;
    type IDFA = typeof ReservedCustomerAttribute.IDFA;
    type IDFV = typeof ReservedCustomerAttribute.IDFV;
    type GPSAdId = typeof ReservedCustomerAttribute.GPSAdId;
    type AndroidId = typeof ReservedCustomerAttribute.AndroidId;
    type AmazonAdId = typeof ReservedCustomerAttribute.AmazonAdId;
    type IP = typeof ReservedCustomerAttribute.IP;
    type AdjustId = typeof ReservedCustomerAttribute.AdjustId;
    type AmplitudeDeviceId = typeof ReservedCustomerAttribute.AmplitudeDeviceId;
    type AmplitudeUserId = typeof ReservedCustomerAttribute.AmplitudeUserId;
    type AppsflyerId = typeof ReservedCustomerAttribute.AppsflyerId;
    type AppsflyerSharingFilter = typeof ReservedCustomerAttribute.AppsflyerSharingFilter;
    type BranchId = typeof ReservedCustomerAttribute.BranchId;
    type BrazeAliasName = typeof ReservedCustomerAttribute.BrazeAliasName;
    type BrazeAliasLabel = typeof ReservedCustomerAttribute.BrazeAliasLabel;
    type ClevertapId = typeof ReservedCustomerAttribute.ClevertapId;
    type FbAnonId = typeof ReservedCustomerAttribute.FbAnonId;
    type MparticleId = typeof ReservedCustomerAttribute.MparticleId;
    type OnesignalId = typeof ReservedCustomerAttribute.OnesignalId;
    type OnesignalUserId = typeof ReservedCustomerAttribute.OnesignalUserId;
    type IntercomContactId = typeof ReservedCustomerAttribute.IntercomContactId;
    type MediaSource = typeof ReservedCustomerAttribute.MediaSource;
    type Campaign = typeof ReservedCustomerAttribute.Campaign;
    type AdGroup = typeof ReservedCustomerAttribute.AdGroup;
    type AdId = typeof ReservedCustomerAttribute.AdId;
    type Keyword = typeof ReservedCustomerAttribute.Keyword;
    type Creative = typeof ReservedCustomerAttribute.Creative;
    type APNSTokens = typeof ReservedCustomerAttribute.APNSTokens;
    type FCMTokens = typeof ReservedCustomerAttribute.FCMTokens;
    type AirshipChannelId = typeof ReservedCustomerAttribute.AirshipChannelId;
    type SegmentId = typeof ReservedCustomerAttribute.SegmentId;
    type IterableUserId = typeof ReservedCustomerAttribute.IterableUserId;
    type IterableCampaignId = typeof ReservedCustomerAttribute.IterableCampaignId;
    type IterableTemplateId = typeof ReservedCustomerAttribute.IterableTemplateId;
    type FirebaseAppInstanceId = typeof ReservedCustomerAttribute.FirebaseAppInstanceId;
    type MixpanelDistinctId = typeof ReservedCustomerAttribute.MixpanelDistinctId;
    type ATTConsentStatus = typeof ReservedCustomerAttribute.ATTConsentStatus;
    type KochavaDeviceId = typeof ReservedCustomerAttribute.KochavaDeviceId;
    type DeviceVersion = typeof ReservedCustomerAttribute.DeviceVersion;
    type PosthogUserId = typeof ReservedCustomerAttribute.PosthogUserId;
    type TelemetryDeckUserId = typeof ReservedCustomerAttribute.TelemetryDeckUserId;
    type TelemetryDeckAppId = typeof ReservedCustomerAttribute.TelemetryDeckAppId;
    type AppleRefundHandlingPreference = typeof ReservedCustomerAttribute.AppleRefundHandlingPreference;
    type CustomerioId = typeof ReservedCustomerAttribute.CustomerioId;
    type TenjinId = typeof ReservedCustomerAttribute.TenjinId;
    type SingularDeviceId = typeof ReservedCustomerAttribute.SingularDeviceId;
}
export { CustomVariableValue, ErrorCode, LogLevel, OfferingKeyword, PAYWALL_COMPONENT_TYPES, PackageType, PeriodUnit, ProductType, Purchases, PurchasesError, ReservedCustomerAttribute, UninitializedPurchasesError, formatPeriod, formatPrice, isPurchasesError };
export type { BrandingAppearance, BrandingInfo, CustomPaywallImpressionParams, CustomVariables, CustomerInfo, EntitlementInfo, EntitlementInfos, ExpressPurchaseButtonUpdater, FlagsConfig, FormatPeriodOptions, GetOfferingsParams, HttpConfig, IdentifyResult, LogHandler, NonSubscriptionOption, NonSubscriptionTransaction, Offering, Offerings, OwnershipType, Package, PaywallData, PaywallInteractionEvent, PaywallListener, PaywallPurchaseResult, Period, PeriodType, PlatformInfo, PresentExpressPurchaseButtonParams, PresentPaywallParams, PresentedOfferingContext, Price, PricingPhase, Product, PurchaseListener, PurchaseMetadata, PurchaseOption, PurchaseParams, PurchaseResult, PurchasesConfig, PurchasesEnvironment, PurchasesErrorExtra, PurchasesErrorOptions, RedemptionInfo, Store, StoreLoadTime, StoreTransaction, StripeConfirmationToken, StripeElementLike, StripeElementsLike, StripeGatewayError, StripeLike, StripeLoader, SubscriptionInfo, SubscriptionOption, TargetingContext, TimerHandle, VirtualCurrencies, VirtualCurrency, WalletButtonTheme };
