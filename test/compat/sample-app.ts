// A sample app written for @revenuecat/purchases-js 1.63.1: every export, method, parameter and field of its public
// API used the way an app uses them. It is only type-checked, twice (sample-app.test.ts): against the peer's own
// published .d.ts (tsconfig.peer.json) and against purchases-web's src/index.ts in its place (tsconfig.ours.json).
// Code that compiles here against the peer must compile against purchases-web unchanged.
import {
  CustomVariableValue,
  ErrorCode,
  LogLevel,
  OfferingKeyword,
  PackageType,
  PAYWALL_COMPONENT_TYPES,
  PeriodUnit,
  ProductType,
  Purchases,
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

const log: string[] = [];

export function configureBilling(appUserId: string): Purchases {
  const handler: LogHandler = (level: LogLevel, message: string) => {
    if (level <= LogLevel.Warn) log.push(message);
  };
  Purchases.setLogHandler(handler);
  Purchases.setLogLevel(LogLevel.Debug);
  const platform: PlatformInfo = { flavor: "sample-app", version: "1.0.0" };
  Purchases.setPlatformInfo(platform);
  const httpConfig: HttpConfig = {
    proxyURL: "https://billing.realmheart.example",
    additionalHeaders: { "X-Realm": "ember" },
  };
  const storeLoadTime: StoreLoadTime = "purchase_start";
  const flags: FlagsConfig = {
    autoCollectUTMAsMetadata: true,
    collectAnalyticsEvents: true,
    hideBackButton: false,
    applePayBrandingLogoEnabled: true,
    storeLoadTime,
  };
  const appearance: Partial<BrandingAppearance> = { color_buttons_primary: "#8B2252", shapes: "pill" };
  const config: PurchasesConfig = {
    apiKey: "rcb_sb_sample",
    appUserId,
    httpConfig,
    flags,
    brandingAppearanceOverride: appearance,
  };
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  return Purchases.configure(config);
}

export function configureAnonymously(): Purchases {
  return Purchases.configure("rcb_sb_sample", Purchases.generateRevenueCatAnonymousAppUserId(), {}, {});
}

export function describePrice(price: Price | null): string {
  if (!price) return "free";
  const { amount, amountMicros, currency, formattedPrice } = price;
  return `${formattedPrice} (${amount} / ${amountMicros} ${currency})`;
}

export function describePeriod(period: Period | null): string {
  if (!period) return "once";
  const units: Record<PeriodUnit, string> = {
    [PeriodUnit.Day]: "day",
    [PeriodUnit.Week]: "week",
    [PeriodUnit.Month]: "month",
    [PeriodUnit.Year]: "year",
  };
  return `${period.number} ${units[period.unit]}`;
}

export function describePhase(phase: PricingPhase | null): string {
  if (!phase) return "none";
  const perPeriod = [phase.pricePerWeek, phase.pricePerMonth, phase.pricePerYear]
    .map(describePrice)
    .join(", ");
  return `${phase.periodDuration ?? "?"} ${describePeriod(phase.period)} x${phase.cycleCount}: ${describePrice(phase.price)} (${perPeriod})`;
}

export function describeOption(option: PurchaseOption): string {
  return `${option.id}/${option.priceId}`;
}

export function describeProduct(product: Product): string[] {
  const subscription: SubscriptionOption | null = product.defaultSubscriptionOption;
  const oneTime: NonSubscriptionOption | null = product.defaultNonSubscriptionOption;
  const context: PresentedOfferingContext = product.presentedOfferingContext;
  const targeting: TargetingContext | null = context.targetingContext;
  const kinds: Record<ProductType, string> = {
    [ProductType.Subscription]: "subscription",
    [ProductType.Consumable]: "consumable",
    [ProductType.NonConsumable]: "non-consumable",
  };
  return [
    product.identifier,
    product.displayName,
    product.title,
    product.description ?? "",
    kinds[product.productType],
    describePrice(product.price),
    describePrice(product.currentPrice),
    product.normalPeriodDuration ?? "",
    describePeriod(product.period),
    describePhase(product.freeTrialPhase),
    describePhase(product.introPricePhase),
    describeOption(product.defaultPurchaseOption),
    subscription ? `${describePhase(subscription.base)} ${describePhase(subscription.trial)}` : "",
    subscription ? describePhase(subscription.introPrice) : "",
    oneTime ? describePrice(oneTime.basePrice) : "",
    Object.values(product.subscriptionOptions).map(describeOption).join(","),
    product.presentedOfferingIdentifier,
    `${context.offeringIdentifier} ${context.placementIdentifier ?? ""} ${targeting?.ruleId ?? ""} ${targeting?.revision ?? 0}`,
  ];
}

export function describePackage(rcPackage: Package): string[] {
  const slots: Partial<Record<PackageType, string>> = {
    [PackageType.Monthly]: "monthly",
    [PackageType.Annual]: "annual",
    [PackageType.Lifetime]: "lifetime",
  };
  return [
    rcPackage.identifier,
    slots[rcPackage.packageType] ?? rcPackage.packageType,
    rcPackage.webCheckoutURL ?? "",
    ...describeProduct(rcPackage.webBillingProduct),
    rcPackage.rcBillingProduct.identifier,
  ];
}

export function describeOffering(offering: Offering): string[] {
  const slots = [
    offering.lifetime,
    offering.annual,
    offering.sixMonth,
    offering.threeMonth,
    offering.twoMonth,
    offering.monthly,
    offering.weekly,
  ];
  return [
    offering.identifier,
    offering.serverDescription,
    JSON.stringify(offering.metadata),
    offering.webCheckoutURL ?? "",
    String(offering.hasPaywall),
    ...Object.keys(offering.packagesById),
    ...offering.availablePackages.flatMap(describePackage),
    ...slots.map((slot) => slot?.identifier ?? "-"),
  ];
}

export async function loadOfferings(purchases: Purchases): Promise<Offering | null> {
  const params: GetOfferingsParams = { currency: "ZAR", offeringIdentifier: OfferingKeyword.Current };
  const offerings: Offerings = await purchases.getOfferings(params);
  Object.values(offerings.all).forEach(describeOffering);
  purchases.invalidateOfferingsCache();
  const placed = await purchases.getCurrentOfferingForPlacement("onboarding", { currency: "ZAR" });
  return offerings.current ?? placed;
}

const STORE_NAMES: Record<Store, string> = {
  app_store: "App Store",
  mac_app_store: "Mac App Store",
  play_store: "Google Play",
  amazon: "Amazon Appstore",
  stripe: "Stripe",
  rc_billing: "Web Billing",
  promotional: "Promotional",
  paddle: "Paddle",
  test_store: "Test Store",
  galaxy: "Galaxy Store",
  unknown: "Unknown",
};

const PERIOD_TYPES: Record<PeriodType, string> = {
  normal: "paid",
  intro: "introductory price",
  trial: "free trial",
  prepaid: "prepaid",
};

const OWNERSHIP: Record<OwnershipType, string> = {
  PURCHASED: "bought",
  FAMILY_SHARED: "shared by the family",
  UNKNOWN: "unknown",
};

function describeEntitlement(entitlement: EntitlementInfo): string {
  const store: Store = entitlement.store;
  const periodType: PeriodType = entitlement.periodType;
  const ownership: OwnershipType | null = entitlement.ownershipType;
  return [
    entitlement.identifier,
    entitlement.isActive,
    entitlement.willRenew,
    STORE_NAMES[store],
    entitlement.latestPurchaseDate.toISOString(),
    entitlement.originalPurchaseDate.toISOString(),
    entitlement.expirationDate?.toISOString(),
    entitlement.productIdentifier,
    entitlement.productPlanIdentifier,
    entitlement.unsubscribeDetectedAt?.getTime(),
    entitlement.billingIssueDetectedAt?.getTime(),
    entitlement.isSandbox,
    PERIOD_TYPES[periodType],
    ownership ? OWNERSHIP[ownership] : "",
  ].join(" ");
}

function describeSubscription(subscription: SubscriptionInfo): string {
  return [
    subscription.productIdentifier,
    subscription.productPlanIdentifier,
    subscription.purchaseDate.toISOString(),
    subscription.originalPurchaseDate?.toISOString(),
    subscription.expiresDate?.toISOString(),
    subscription.store,
    subscription.unsubscribeDetectedAt?.getTime(),
    subscription.isSandbox,
    subscription.billingIssuesDetectedAt?.getTime(),
    subscription.gracePeriodExpiresDate?.getTime(),
    subscription.ownershipType,
    subscription.periodType,
    subscription.refundedAt?.getTime(),
    subscription.storeTransactionId,
    subscription.managementURL,
    subscription.isActive,
    subscription.willRenew,
    subscription.displayName,
    subscription.autoResumeDate?.getTime(),
    describePrice(subscription.price),
  ].join(" ");
}

export function describeCustomer(info: CustomerInfo): string[] {
  const entitlements: EntitlementInfos = info.entitlements;
  const transactions: NonSubscriptionTransaction[] = info.nonSubscriptionTransactions;
  return [
    ...Object.values(entitlements.all).map(describeEntitlement),
    ...Object.keys(entitlements.active),
    ...Object.entries(info.allExpirationDatesByProduct).map(([id, date]) => `${id} ${date?.toISOString()}`),
    ...Object.entries(info.allPurchaseDatesByProduct).map(([id, date]) => `${id} ${date?.toISOString()}`),
    String(info.activeSubscriptions.has("premium_realm_monthly")),
    info.managementURL ?? "",
    info.requestDate.toISOString(),
    info.firstSeenDate.toISOString(),
    info.originalPurchaseDate?.toISOString() ?? "",
    info.originalAppUserId,
    ...transactions.map(
      (t) =>
        `${t.transactionIdentifier} ${t.productIdentifier} ${t.purchaseDate.getTime()} ${t.storeTransactionId} ${t.store}`,
    ),
    ...Object.values(info.subscriptionsByProductIdentifier).map(describeSubscription),
  ];
}

function describeResult(result: PurchaseResult): string[] {
  const redemption: RedemptionInfo | null = result.redemptionInfo;
  const transaction: StoreTransaction = result.storeTransaction;
  return [
    ...describeCustomer(result.customerInfo),
    redemption?.redeemUrl ?? "",
    redemption?.redeemUrlRedirect ?? "",
    result.operationSessionId,
    `${transaction.storeTransactionId} ${transaction.productIdentifier} ${transaction.purchaseDate.getTime()}`,
    result.customerEmail ?? "",
  ];
}

export function explainError(error: unknown): string {
  if (error instanceof UninitializedPurchasesError) return "configure first";
  if (!(error instanceof PurchasesError)) return "unexpected";
  const extra: PurchasesErrorExtra | undefined = error.extra;
  switch (error.errorCode) {
    case ErrorCode.UserCancelledError:
      return "cancelled";
    case ErrorCode.TestStoreSimulatedPurchaseError:
      return "simulated failure";
    case ErrorCode.NetworkError:
      return `offline (${extra?.statusCode ?? "-"})`;
    default:
      return `${error.toString()} ${error.underlyingErrorMessage ?? ""} ${extra?.backendErrorCode ?? ""}`;
  }
}

export async function buy(purchases: Purchases, rcPackage: Package, target: HTMLElement): Promise<string[]> {
  const metadata: PurchaseMetadata = { campaign: "spring", coupon: null };
  const params: PurchaseParams = {
    rcPackage,
    purchaseOption: rcPackage.webBillingProduct.defaultPurchaseOption,
    htmlTarget: target,
    customerEmail: "ada@realmheart.example",
    externalPurchaseTokenId: "ext_1",
    selectedLocale: "fr",
    defaultLocale: "en",
    metadata,
    skipSuccessPage: true,
    showDiscountCodeField: true,
    discountCode: "SPRING",
    onDiscountCodeChanged: (code: string | null) => log.push(code ?? "cleared"),
    brandingAppearanceOverride: { color_accent: "#C9A227" },
    termsAndConditionsUrl: "https://realmheart.example/terms",
  };
  try {
    const result = await purchases.purchase(params);
    const again = await purchases.purchasePackage(rcPackage, "ada@realmheart.example", target);
    return [...describeResult(result), ...describeResult(again)];
  } catch (error) {
    return [explainError(error)];
  }
}

export async function expressButton(purchases: Purchases, rcPackage: Package, target: HTMLElement) {
  const listener: PurchaseListener = {
    onPurchaseStarted: (started: Package) => log.push(started.identifier),
    onPurchaseError: (error: Error) => log.push(error.message),
    onPurchaseCancelled: () => log.push("cancelled"),
  };
  const params: PresentExpressPurchaseButtonParams = {
    rcPackage,
    htmlTarget: target,
    purchaseOption: null,
    customerEmail: "ada@realmheart.example",
    selectedLocale: "en",
    metadata: { source: "express" },
    onButtonReady: (updater: ExpressPurchaseButtonUpdater, walletsAvailable: boolean) => {
      if (walletsAvailable)
        updater.updatePurchase(rcPackage, rcPackage.webBillingProduct.defaultPurchaseOption);
    },
    listener,
  };
  const result: PurchaseResult = await purchases.presentExpressPurchaseButton(params);
  return describeResult(result);
}

export async function showPaywall(purchases: Purchases, offering: Offering, target: HTMLElement) {
  const variables: CustomVariables = {
    player_name: CustomVariableValue.string("Ada"),
    level: CustomVariableValue.number(42),
    is_premium: CustomVariableValue.boolean(false),
  };
  const listener: PaywallListener = {
    onPurchaseStarted: (rcPackage: Package) => log.push(rcPackage.identifier),
    onInteraction: (event: PaywallInteractionEvent) => {
      const isButton = event.component_type === PAYWALL_COMPONENT_TYPES.BUTTON;
      log.push(
        `${event.session_id} ${event.offering_id} ${event.paywall_revision} ${event.timestamp} ${isButton}`,
      );
    },
  };
  const params: PresentPaywallParams = {
    offering,
    htmlTarget: target,
    purchaseHtmlTarget: target,
    customerEmail: "ada@realmheart.example",
    metadata: { source: "paywall" },
    brandingAppearanceOverride: { color_page_bg: "#1E1330" },
    showDiscountCodeField: false,
    discountCode: "SPRING",
    onDiscountCodeChanged: (code) => log.push(code ?? "cleared"),
    onNavigateToUrl: (url: string) => log.push(url),
    onBack: (closePaywall: () => void) => closePaywall(),
    onVisitCustomerCenter: () => log.push("customer center"),
    onPurchaseError: (error: Error) => log.push(error.message),
    listener,
    selectedLocale: "en",
    hideBackButtons: true,
    customVariables: variables,
  };
  const impression: CustomPaywallImpressionParams = { paywallId: "custom", offering };
  purchases.trackCustomPaywallImpression(impression);
  const result: PaywallPurchaseResult = await purchases.presentPaywall(params);
  return [result.selectedPackage.identifier, ...describeResult(result)];
}

export async function manageCustomer(purchases: Purchases): Promise<string[]> {
  await purchases.preload();
  await purchases.setAttributes({
    [ReservedCustomerAttribute.Email]: "ada@realmheart.example",
    [ReservedCustomerAttribute.DisplayName]: null,
    favourite_realm: "Emberfall",
  });
  const entitled: boolean = await purchases.isEntitledTo("premium");
  const identified: IdentifyResult = await purchases.identifyUser("ada");
  const switched: CustomerInfo = await purchases.changeUser("ada_2");
  const currencies: VirtualCurrencies = await purchases.getVirtualCurrencies();
  const gems: VirtualCurrency | undefined = currencies.all["GEMS"];
  const cached: VirtualCurrencies | null = purchases.getCachedVirtualCurrencies();
  purchases.invalidateVirtualCurrenciesCache();
  const info = await purchases.getCustomerInfo();
  return [
    String(entitled),
    String(identified.wasCreated),
    ...describeCustomer(identified.customerInfo),
    ...describeCustomer(switched),
    `${gems?.code} ${gems?.name} ${gems?.balance} ${gems?.serverDescription}`,
    String(cached?.all["GEMS"]?.balance),
    ...describeCustomer(info),
    purchases.getAppUserId(),
    String(purchases.isAnonymous()),
    String(purchases.isSandbox()),
  ];
}

export function makeError(): PurchasesError {
  return new PurchasesError(ErrorCode.UnknownError, "Something went wrong", null, { statusCode: 500 });
}
