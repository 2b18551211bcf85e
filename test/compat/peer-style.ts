// Code as a purchases-js 1.63.1 user writes it beyond calling the SDK: mutating what it returns (sorting packages,
// adding to the active subscriptions, deleting from records), naming enum members as types, switching over enums,
// subclassing and constructing errors, and building the models literally as test fixtures and mocks do. Like the
// sample app it is type-checked against the peer's published .d.ts and against purchases-web (sample-app.test.ts);
// peer-style.test.ts runs its mutations on both SDKs' real answers.
import {
  CustomVariableValue,
  ErrorCode,
  LogLevel,
  OfferingKeyword,
  PackageType,
  PAYWALL_COMPONENT_TYPES,
  PeriodUnit,
  ProductType,
  PurchasesError,
  ReservedCustomerAttribute,
  UninitializedPurchasesError,
  type BrandingAppearance,
  type CustomerInfo,
  type CustomPaywallImpressionParams,
  type CustomVariables,
  type EntitlementInfo,
  type EntitlementInfos,
  type ExpressPurchaseButtonUpdater,
  type FlagsConfig,
  type GetOfferingsParams,
  type HttpConfig,
  type IdentifyResult,
  type LogHandler,
  type NonSubscriptionOption,
  type NonSubscriptionTransaction,
  type Offering,
  type Offerings,
  type OwnershipType,
  type Package,
  type PaywallInteractionEvent,
  type PaywallListener,
  type PaywallPurchaseResult,
  type Period,
  type PeriodType,
  type PlatformInfo,
  type PresentedOfferingContext,
  type PresentExpressPurchaseButtonParams,
  type PresentPaywallParams,
  type Price,
  type PricingPhase,
  type Product,
  type Purchases,
  type PurchaseListener,
  type PurchaseMetadata,
  type PurchaseOption,
  type PurchaseParams,
  type PurchaseResult,
  type PurchasesConfig,
  type PurchasesErrorExtra,
  type RedemptionInfo,
  type Store,
  type StoreLoadTime,
  type StoreTransaction,
  type SubscriptionInfo,
  type SubscriptionOption,
  type TargetingContext,
  type VirtualCurrencies,
  type VirtualCurrency,
} from "@revenuecat/purchases-js";

// ---- Mutating what the SDK returns --------------------------------------------------------------------------------

/** Cheapest first, in place, as a pricing page sorts its plans. */
export function sortByPrice(offering: Offering): Package[] {
  offering.availablePackages.sort(
    (a, b) => a.webBillingProduct.price.amountMicros - b.webBillingProduct.price.amountMicros,
  );
  return offering.availablePackages;
}

/** Keeps only the packages the page shows, by splicing the SDK's own array. */
export function keepPackages(offering: Offering, shown: readonly PackageType[]): void {
  for (let i = offering.availablePackages.length - 1; i >= 0; i--) {
    const rcPackage = offering.availablePackages[i]!;
    if (!shown.includes(rcPackage.packageType)) {
      offering.availablePackages.splice(i, 1);
      delete offering.packagesById[rcPackage.identifier];
    }
  }
}

/** Adds a package the app made up (a "contact sales" row) to the offering it was given. */
export function addPackage(offering: Offering, rcPackage: Package): void {
  offering.availablePackages.push(rcPackage);
  offering.packagesById[rcPackage.identifier] = rcPackage;
}

/** Hides offerings the app does not sell and tags the rest. */
export function pruneOfferings(offerings: Offerings, sold: ReadonlySet<string>): void {
  for (const identifier of Object.keys(offerings.all)) {
    if (!sold.has(identifier)) delete offerings.all[identifier];
  }
  for (const offering of Object.values(offerings.all)) {
    if (offering.metadata) offering.metadata["seen_by_app"] = true;
  }
}

/** Drops subscription options the page does not offer. */
export function dropOptions(product: Product, keep: string): void {
  for (const optionId of Object.keys(product.subscriptionOptions)) {
    if (optionId !== keep) delete product.subscriptionOptions[optionId];
  }
}

/** A period the app shows as weeks when it is a whole number of them. */
export function inWeeks(period: Period): Period {
  if (period.unit === PeriodUnit.Day && period.number % 7 === 0) {
    period.number = period.number / 7;
    period.unit = PeriodUnit.Week;
  }
  return period;
}

/** Optimistic customer info right after a purchase, before the SDK's next answer. */
export function grantLocally(info: CustomerInfo, productId: string, entitlement: EntitlementInfo): void {
  info.activeSubscriptions.add(productId);
  info.entitlements.active[entitlement.identifier] = entitlement;
  info.entitlements.all[entitlement.identifier] = entitlement;
  info.allPurchaseDatesByProduct[productId] = entitlement.latestPurchaseDate;
  info.allExpirationDatesByProduct[productId] = entitlement.expirationDate;
}

/** Forgets what a refund took away, in the app's copy. */
export function revokeLocally(info: CustomerInfo, productId: string): void {
  info.activeSubscriptions.delete(productId);
  for (const [identifier, entitlement] of Object.entries(info.entitlements.active)) {
    if (entitlement.productIdentifier === productId) delete info.entitlements.active[identifier];
  }
  delete info.subscriptionsByProductIdentifier[productId];
  delete info.allExpirationDatesByProduct[productId];
  delete info.allPurchaseDatesByProduct[productId];
  const kept = info.nonSubscriptionTransactions.filter((t) => t.productIdentifier !== productId);
  info.nonSubscriptionTransactions.length = 0;
  info.nonSubscriptionTransactions.push(...kept);
  info.nonSubscriptionTransactions.sort((a, b) => a.purchaseDate.getTime() - b.purchaseDate.getTime());
}

/** Spends from the balances the app holds until it asks again. */
export function spendLocally(currencies: VirtualCurrencies, code: string, amount: number): void {
  const held = currencies.all[code];
  if (!held) return;
  if (held.balance <= amount) delete currencies.all[code];
  else currencies.all[code] = { ...held, balance: held.balance - amount };
}

/** The package a paywall sold, swapped for the app's own copy of it. */
export function rememberSelection(result: PaywallPurchaseResult, mine: Package): PaywallPurchaseResult {
  result.selectedPackage = mine;
  return result;
}

// ---- Enum members as types, and exhaustive switches ---------------------------------------------------------------

export interface CurrentOfferingRequest {
  readonly offeringIdentifier: OfferingKeyword.Current;
}

export const currentRequest: CurrentOfferingRequest = { offeringIdentifier: OfferingKeyword.Current };
export const currentParams: GetOfferingsParams = { ...currentRequest, currency: "ZAR" };

/** A package slot the app sells, named by its enum member's type. */
export type SoldSlot = PackageType.Monthly | PackageType.Annual | PackageType.Lifetime;

export function isSoldSlot(type: PackageType): type is SoldSlot {
  return type === PackageType.Monthly || type === PackageType.Annual || type === PackageType.Lifetime;
}

/** Contact attributes, the only reserved ones this app sets. */
export type ContactAttribute = ReservedCustomerAttribute.Email | ReservedCustomerAttribute.DisplayName;

export function contactAttributes(
  email: string,
  name: string | null,
): Record<ContactAttribute, string | null> {
  return { [ReservedCustomerAttribute.Email]: email, [ReservedCustomerAttribute.DisplayName]: name };
}

export const DEBUG_LEVEL: LogLevel.Debug = LogLevel.Debug;
export const CANCELLED: ErrorCode.UserCancelledError = ErrorCode.UserCancelledError;
export const MONTH: PeriodUnit.Month = PeriodUnit.Month;
export const SUBSCRIPTION: ProductType.Subscription = ProductType.Subscription;

function unreachable(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}

export function keywordLabel(keyword: OfferingKeyword): string {
  switch (keyword) {
    case OfferingKeyword.Current:
      return "current";
    default:
      return unreachable(keyword);
  }
}

export function slotLabel(type: PackageType): string {
  switch (type) {
    case PackageType.Unknown:
    case PackageType.Custom:
      return "other";
    case PackageType.Lifetime:
      return "forever";
    case PackageType.Annual:
      return "yearly";
    case PackageType.SixMonth:
      return "6 months";
    case PackageType.ThreeMonth:
      return "3 months";
    case PackageType.TwoMonth:
      return "2 months";
    case PackageType.Monthly:
      return "monthly";
    case PackageType.Weekly:
      return "weekly";
    default:
      return unreachable(type);
  }
}

export function unitLabel(unit: PeriodUnit): string {
  switch (unit) {
    case PeriodUnit.Year:
      return "y";
    case PeriodUnit.Month:
      return "m";
    case PeriodUnit.Week:
      return "w";
    case PeriodUnit.Day:
      return "d";
    default:
      return unreachable(unit);
  }
}

export function productKind(type: ProductType): string {
  switch (type) {
    case ProductType.Subscription:
      return "renews";
    case ProductType.Consumable:
      return "used up";
    case ProductType.NonConsumable:
      return "kept";
    default:
      return unreachable(type);
  }
}

export function levelLabel(level: LogLevel): string {
  switch (level) {
    case LogLevel.Silent:
    case LogLevel.Error:
    case LogLevel.Warn:
      return "quiet";
    case LogLevel.Info:
    case LogLevel.Debug:
    case LogLevel.Verbose:
      return "chatty";
    default:
      return unreachable(level);
  }
}

export function isRetryable(code: ErrorCode): boolean {
  switch (code) {
    case ErrorCode.NetworkError:
    case ErrorCode.UnknownBackendError:
    case ErrorCode.OperationAlreadyInProgressError:
      return true;
    default:
      return false;
  }
}

export function attributeGroup(attribute: ReservedCustomerAttribute): string {
  switch (attribute) {
    case ReservedCustomerAttribute.Email:
    case ReservedCustomerAttribute.PhoneNumber:
    case ReservedCustomerAttribute.DisplayName:
      return "contact";
    case ReservedCustomerAttribute.Campaign:
    case ReservedCustomerAttribute.MediaSource:
      return "attribution";
    default:
      return "integration";
  }
}

export function componentLabel(event: PaywallInteractionEvent): string {
  const labels: Record<(typeof PAYWALL_COMPONENT_TYPES)[keyof typeof PAYWALL_COMPONENT_TYPES], string> = {
    [PAYWALL_COMPONENT_TYPES.TAB]: "tab",
    [PAYWALL_COMPONENT_TYPES.SWITCH]: "switch",
    [PAYWALL_COMPONENT_TYPES.CAROUSEL]: "carousel",
    [PAYWALL_COMPONENT_TYPES.BUTTON]: "button",
    [PAYWALL_COMPONENT_TYPES.TEXT]: "text",
    [PAYWALL_COMPONENT_TYPES.PACKAGE]: "plan",
    [PAYWALL_COMPONENT_TYPES.PACKAGE_SELECTION_SHEET]: "sheet",
    [PAYWALL_COMPONENT_TYPES.PURCHASE_BUTTON]: "buy",
    [PAYWALL_COMPONENT_TYPES.WALLET_BUTTON]: "wallet",
  };
  return labels[event.component_type as keyof typeof labels] ?? event.component_type;
}

export const STORE_ORDER: Store[] = ["rc_billing", "stripe", "test_store"];
export const PERIOD_TYPE_ORDER: PeriodType[] = ["trial", "intro", "normal", "prepaid"];
export const OWNERSHIPS: OwnershipType[] = ["PURCHASED", "FAMILY_SHARED", "UNKNOWN"];

// ---- Errors ------------------------------------------------------------------------------------------------------

export function positionalErrors(extra: PurchasesErrorExtra | undefined): PurchasesError[] {
  const maybeMessage: string | undefined = extra ? "with extra" : undefined;
  const maybeUnderlying: string | null | undefined = extra?.statusCode ? `HTTP ${extra.statusCode}` : null;
  return [
    new PurchasesError(ErrorCode.UnknownError),
    new PurchasesError(ErrorCode.NetworkError, "Offline"),
    new PurchasesError(ErrorCode.NetworkError, maybeMessage),
    new PurchasesError(ErrorCode.StoreProblemError, "Store", "gateway timeout"),
    new PurchasesError(ErrorCode.StoreProblemError, "Store", null),
    new PurchasesError(ErrorCode.StoreProblemError, "Store", undefined),
    new PurchasesError(ErrorCode.StoreProblemError, "Store", maybeUnderlying),
    new PurchasesError(ErrorCode.UnexpectedBackendResponseError, "Bad body", null, { statusCode: 502 }),
    new PurchasesError(ErrorCode.UnknownBackendError, "Backend", undefined, { backendErrorCode: 7110 }),
    new PurchasesError(ErrorCode.UnknownBackendError, "Backend", maybeUnderlying, extra),
    new PurchasesError(ErrorCode.UnknownBackendError, undefined, undefined, undefined),
  ];
}

/** An app's own error type on top of the SDK's, as apps write them. */
export class CheckoutUnavailableError extends PurchasesError {
  constructor(reason: string, extra?: PurchasesErrorExtra) {
    super(ErrorCode.PurchaseNotAllowedError, "Checkout unavailable", reason, extra);
    this.name = "CheckoutUnavailableError";
  }
}

export function rethrown(error: PurchasesError): PurchasesError {
  const copy = new PurchasesError(error.errorCode, error.message, error.underlyingErrorMessage, error.extra);
  copy.name = error.name;
  return copy;
}

export function describeFailure(error: unknown): string {
  if (error instanceof UninitializedPurchasesError) {
    error.name = "NotConfigured";
    return error.message;
  }
  if (error instanceof PurchasesError) {
    const underlying: string | null | undefined = error.underlyingErrorMessage;
    const extra: PurchasesErrorExtra | undefined = error.extra;
    return `${error.errorCode} ${underlying ?? ""} ${extra?.statusCode ?? ""} ${error.toString()}`;
  }
  return String(error);
}

export const notConfigured: Error = new UninitializedPurchasesError();

// ---- Models built literally, as test fixtures and mocks build them --------------------------------------------------

export const price: Price = {
  amount: 9900,
  amountMicros: 99_000_000,
  currency: "ZAR",
  formattedPrice: "R 99,00",
};
export const month: Period = { number: 1, unit: PeriodUnit.Month };
export const basePhase: PricingPhase = {
  periodDuration: "P1M",
  period: month,
  price,
  cycleCount: 0,
  pricePerWeek: null,
  pricePerMonth: price,
  pricePerYear: null,
};
export const trialPhase: PricingPhase = { ...basePhase, periodDuration: "P1W", price: null, cycleCount: 1 };
export const option: PurchaseOption = { id: "monthly", priceId: "price_monthly" };
export const subscriptionOption: SubscriptionOption = {
  ...option,
  base: basePhase,
  trial: trialPhase,
  introPrice: null,
};
export const lifetimeOption: NonSubscriptionOption = { id: "once", priceId: "price_once", basePrice: price };
export const targeting: TargetingContext = { ruleId: "rule_1", revision: 3 };
export const context: PresentedOfferingContext = {
  offeringIdentifier: "default",
  placementIdentifier: null,
  targetingContext: targeting,
};

export const product: Product = {
  identifier: "premium_monthly",
  displayName: "Premium",
  title: "Premium",
  description: null,
  currentPrice: price,
  productType: ProductType.Subscription,
  normalPeriodDuration: "P1M",
  presentedOfferingIdentifier: "default",
  presentedOfferingContext: context,
  defaultPurchaseOption: subscriptionOption,
  defaultSubscriptionOption: subscriptionOption,
  subscriptionOptions: { [subscriptionOption.id]: subscriptionOption },
  defaultNonSubscriptionOption: null,
  price,
  period: month,
  freeTrialPhase: trialPhase,
  introPricePhase: null,
};

/** A package as a fixture writes it: without the optional checkout URL. */
export const monthly: Package = {
  identifier: "$rc_monthly",
  rcBillingProduct: product,
  webBillingProduct: product,
  packageType: PackageType.Monthly,
};

/** An offering as a fixture writes it: only the fields the peer declares, the optional URL left out. */
export const offering: Offering = {
  identifier: "default",
  serverDescription: "The default offering",
  metadata: { hero: "ember" },
  packagesById: { [monthly.identifier]: monthly },
  availablePackages: [monthly],
  lifetime: null,
  annual: null,
  sixMonth: null,
  threeMonth: null,
  twoMonth: null,
  monthly,
  weekly: null,
  hasPaywall: false,
};

export const offerings: Offerings = { all: { [offering.identifier]: offering }, current: offering };

const now = new Date("2026-01-01T00:00:00Z");
export const entitlement: EntitlementInfo = {
  identifier: "premium",
  isActive: true,
  willRenew: true,
  store: "rc_billing",
  latestPurchaseDate: now,
  originalPurchaseDate: now,
  expirationDate: null,
  productIdentifier: product.identifier,
  productPlanIdentifier: null,
  unsubscribeDetectedAt: null,
  billingIssueDetectedAt: null,
  isSandbox: true,
  periodType: "normal",
  ownershipType: null,
};
export const entitlements: EntitlementInfos = { all: { premium: entitlement }, active: {} };
export const subscription: SubscriptionInfo = {
  productIdentifier: product.identifier,
  productPlanIdentifier: null,
  purchaseDate: now,
  originalPurchaseDate: null,
  expiresDate: null,
  store: "rc_billing",
  unsubscribeDetectedAt: null,
  isSandbox: true,
  billingIssuesDetectedAt: null,
  gracePeriodExpiresDate: null,
  ownershipType: "PURCHASED",
  periodType: "normal",
  refundedAt: null,
  storeTransactionId: null,
  managementURL: null,
  isActive: true,
  willRenew: true,
  displayName: null,
  autoResumeDate: null,
  price: null,
};
export const transaction: NonSubscriptionTransaction = {
  transactionIdentifier: "txn_1",
  productIdentifier: "gems_100",
  purchaseDate: now,
  storeTransactionId: null,
  store: "test_store",
};
export const customerInfo: CustomerInfo = {
  entitlements,
  allExpirationDatesByProduct: {},
  allPurchaseDatesByProduct: { [product.identifier]: now },
  activeSubscriptions: new Set([product.identifier]),
  managementURL: null,
  requestDate: now,
  firstSeenDate: now,
  originalPurchaseDate: null,
  originalAppUserId: "ada",
  nonSubscriptionTransactions: [transaction],
  subscriptionsByProductIdentifier: { [product.identifier]: subscription },
};
/** The peer's anonymous purchase before the redemption link exists. */
export const pendingRedemption: RedemptionInfo = { redeemUrl: null };
export const redemption: RedemptionInfo = {
  redeemUrl: "https://example.com/redeem",
  redeemUrlRedirect: null,
};
export const storeTransaction: StoreTransaction = {
  storeTransactionId: "st_1",
  productIdentifier: product.identifier,
  purchaseDate: now,
};
export const purchaseResult: PurchaseResult = {
  customerInfo,
  redemptionInfo: pendingRedemption,
  operationSessionId: "op_1",
  storeTransaction,
};
export const paywallResult: PaywallPurchaseResult = { ...purchaseResult, selectedPackage: monthly };
export const identified: IdentifyResult = { customerInfo, wasCreated: false };
export const gems: VirtualCurrency = { balance: 5, name: "Gems", code: "GEMS", serverDescription: null };
export const currencies: VirtualCurrencies = { all: { GEMS: gems } };

// ---- Parameters and callbacks built as an app builds them ------------------------------------------------------------

const loadTime: StoreLoadTime = "configuration";
export const flags: FlagsConfig = { collectAnalyticsEvents: false, storeLoadTime: loadTime };
export const http: HttpConfig = { proxyURL: "https://billing.example.com" };
export const appearance: Partial<BrandingAppearance> = { shapes: "rounded" };
export const config: PurchasesConfig = {
  apiKey: "rcb_sb_abc",
  appUserId: "ada",
  httpConfig: http,
  flags,
  brandingAppearanceOverride: appearance,
};
export const platform: PlatformInfo = { flavor: "react", version: "1.0.0" };
export const logHandler: LogHandler = (level, message) => void `${levelLabel(level)} ${message}`;
export const metadata: PurchaseMetadata = { campaign: "spring" };
metadata["coupon"] = null;
delete metadata["coupon"];

export const purchaseParams: PurchaseParams = { rcPackage: monthly, purchaseOption: option, metadata };
export const purchaseListener: PurchaseListener = {
  onPurchaseStarted: (rcPackage: Package) => void rcPackage.identifier,
  onPurchaseError: (error: Error) => void error.message,
  onPurchaseCancelled: () => undefined,
};
export const paywallListener: PaywallListener = {
  ...purchaseListener,
  onInteraction: (event: PaywallInteractionEvent) => void componentLabel(event),
};
export const customVariables: CustomVariables = { level: CustomVariableValue.number(3) };
export const paywallParams: PresentPaywallParams = { offering, listener: paywallListener, customVariables };
export const impression: CustomPaywallImpressionParams = { offering };

/** The updater an express-button test hands to its own `onButtonReady`. */
export const fakeUpdater: ExpressPurchaseButtonUpdater = {
  updatePurchase: (rcPackage: Package, purchaseOption?: PurchaseOption) =>
    void `${rcPackage.identifier} ${purchaseOption?.id}`,
};
export const expressParams: PresentExpressPurchaseButtonParams = {
  rcPackage: monthly,
  htmlTarget: {} as HTMLElement,
  onButtonReady: (updater) => updater.updatePurchase(monthly, option),
  listener: purchaseListener,
};

/** A stand-in for the SDK in an app's unit tests, typed by the SDK's own class. */
export const fakePurchases: Pick<
  Purchases,
  "getOfferings" | "getCurrentOfferingForPlacement" | "getCustomerInfo" | "purchase" | "getVirtualCurrencies"
> = {
  getOfferings: async (params?: GetOfferingsParams) =>
    params?.offeringIdentifier === OfferingKeyword.Current ? { all: {}, current: offering } : offerings,
  getCurrentOfferingForPlacement: async (_placement: string, _params?: GetOfferingsParams) => offering,
  getCustomerInfo: async () => customerInfo,
  purchase: async (params: PurchaseParams) => ({
    ...purchaseResult,
    redemptionInfo: null,
    operationSessionId: params.rcPackage.identifier,
  }),
  getVirtualCurrencies: async () => currencies,
};
