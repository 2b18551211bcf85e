// Plain outcomes of the purchases-js models, built from exactly the fields the peer's published types declare (the
// mapped types below fail to compile when a declared field is left out), so that two SDKs can be compared with
// toEqual: dates become ISO strings, sets sorted arrays, and anything of the wrong kind a visible marker. Fields an
// SDK adds beyond the peer's types are not read: they cannot break code written for the peer.
import type {
  CustomerInfo,
  EntitlementInfo,
  NonSubscriptionTransaction,
  Offering,
  Offerings,
  Package,
  Price,
  PricingPhase,
  Product,
  PurchaseOption,
  PurchaseResult,
  SubscriptionInfo,
  SubscriptionOption,
} from "@revenuecat/purchases-js";
import type { Sdk } from "./sdk";

/** One outcome field per field of the peer's type `T`. */
type Fields<T> = { [K in keyof Required<T>]: unknown };

export function dateOf(value: unknown): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : `not a Date: ${String(value)}`;
}

function datesOf(record: Record<string, unknown>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, dateOf(value)]));
}

export function priceOf(price: Price | null | undefined) {
  if (!price) return price;
  const fields: Fields<Price> = {
    amount: price.amount,
    amountMicros: price.amountMicros,
    currency: price.currency,
    formattedPrice: price.formattedPrice,
  };
  return fields;
}

export function phaseOf(phase: PricingPhase | null | undefined) {
  if (!phase) return phase;
  const fields: Fields<PricingPhase> = {
    periodDuration: phase.periodDuration,
    period: phase.period ? { number: phase.period.number, unit: phase.period.unit } : phase.period,
    price: priceOf(phase.price),
    cycleCount: phase.cycleCount,
    pricePerWeek: priceOf(phase.pricePerWeek),
    pricePerMonth: priceOf(phase.pricePerMonth),
    pricePerYear: priceOf(phase.pricePerYear),
  };
  return fields;
}

function optionOf(option: PurchaseOption | null | undefined) {
  if (!option) return option;
  const fields: Fields<PurchaseOption> = { id: option.id, priceId: option.priceId };
  return fields;
}

function subscriptionOptionOf(option: SubscriptionOption | null | undefined) {
  if (!option) return option;
  const fields: Fields<SubscriptionOption> = {
    id: option.id,
    priceId: option.priceId,
    base: phaseOf(option.base),
    trial: phaseOf(option.trial),
    introPrice: phaseOf(option.introPrice),
  };
  return fields;
}

export function productOf(product: Product) {
  const fields: Fields<Product> = {
    identifier: product.identifier,
    displayName: product.displayName,
    title: product.title,
    description: product.description,
    currentPrice: priceOf(product.currentPrice),
    price: priceOf(product.price),
    productType: product.productType,
    normalPeriodDuration: product.normalPeriodDuration,
    presentedOfferingIdentifier: product.presentedOfferingIdentifier,
    presentedOfferingContext: product.presentedOfferingContext && {
      offeringIdentifier: product.presentedOfferingContext.offeringIdentifier,
      targetingContext: product.presentedOfferingContext.targetingContext,
      placementIdentifier: product.presentedOfferingContext.placementIdentifier,
    },
    defaultPurchaseOption: optionOf(product.defaultPurchaseOption),
    defaultSubscriptionOption: subscriptionOptionOf(product.defaultSubscriptionOption),
    subscriptionOptions: Object.fromEntries(
      Object.entries(product.subscriptionOptions ?? {}).map(([id, option]) => [
        id,
        subscriptionOptionOf(option),
      ]),
    ),
    defaultNonSubscriptionOption: product.defaultNonSubscriptionOption && {
      ...optionOf(product.defaultNonSubscriptionOption),
      basePrice: priceOf(product.defaultNonSubscriptionOption.basePrice),
    },
    period: product.period ? { number: product.period.number, unit: product.period.unit } : product.period,
    freeTrialPhase: phaseOf(product.freeTrialPhase),
    introPricePhase: phaseOf(product.introPricePhase),
  };
  return fields;
}

export function packageOf(rcPackage: Package) {
  const fields: Fields<Package> = {
    identifier: rcPackage.identifier,
    packageType: rcPackage.packageType,
    webBillingProduct: productOf(rcPackage.webBillingProduct),
    // The deprecated alias must be the same product, not merely an equal-looking one.
    rcBillingProduct: rcPackage.rcBillingProduct === rcPackage.webBillingProduct ? "same product" : "differs",
    // Optional and nullable in the peer's types: absent and null both say "no checkout link".
    webCheckoutURL: rcPackage.webCheckoutURL ?? null,
  };
  return fields;
}

export function offeringOf(offering: Offering | null | undefined) {
  if (!offering) return offering;
  const slot = (rcPackage: Package | null) => rcPackage && rcPackage.identifier;
  const fields: Fields<Offering> = {
    identifier: offering.identifier,
    serverDescription: offering.serverDescription,
    metadata: offering.metadata,
    webCheckoutURL: offering.webCheckoutURL ?? null,
    packagesById: Object.fromEntries(
      Object.entries(offering.packagesById).map(([id, rcPackage]) => [id, packageOf(rcPackage)]),
    ),
    availablePackages: offering.availablePackages.map((rcPackage) => rcPackage.identifier),
    lifetime: slot(offering.lifetime),
    annual: slot(offering.annual),
    sixMonth: slot(offering.sixMonth),
    threeMonth: slot(offering.threeMonth),
    twoMonth: slot(offering.twoMonth),
    monthly: slot(offering.monthly),
    weekly: slot(offering.weekly),
    hasPaywall: offering.hasPaywall,
  };
  return fields;
}

export function offeringsOf(offerings: Offerings) {
  const fields: Fields<Offerings> = {
    all: Object.fromEntries(
      Object.entries(offerings.all).map(([id, offering]) => [id, offeringOf(offering)]),
    ),
    current: offerings.current ? offerings.current.identifier : offerings.current,
  };
  return fields;
}

function entitlementOf(entitlement: EntitlementInfo) {
  const fields: Fields<EntitlementInfo> = {
    identifier: entitlement.identifier,
    isActive: entitlement.isActive,
    willRenew: entitlement.willRenew,
    store: entitlement.store,
    latestPurchaseDate: dateOf(entitlement.latestPurchaseDate),
    originalPurchaseDate: dateOf(entitlement.originalPurchaseDate),
    expirationDate: dateOf(entitlement.expirationDate),
    productIdentifier: entitlement.productIdentifier,
    productPlanIdentifier: entitlement.productPlanIdentifier,
    unsubscribeDetectedAt: dateOf(entitlement.unsubscribeDetectedAt),
    billingIssueDetectedAt: dateOf(entitlement.billingIssueDetectedAt),
    isSandbox: entitlement.isSandbox,
    periodType: entitlement.periodType,
    ownershipType: entitlement.ownershipType,
  };
  return fields;
}

function subscriptionOf(subscription: SubscriptionInfo) {
  const fields: Fields<SubscriptionInfo> = {
    productIdentifier: subscription.productIdentifier,
    productPlanIdentifier: subscription.productPlanIdentifier,
    purchaseDate: dateOf(subscription.purchaseDate),
    originalPurchaseDate: dateOf(subscription.originalPurchaseDate),
    expiresDate: dateOf(subscription.expiresDate),
    store: subscription.store,
    unsubscribeDetectedAt: dateOf(subscription.unsubscribeDetectedAt),
    isSandbox: subscription.isSandbox,
    billingIssuesDetectedAt: dateOf(subscription.billingIssuesDetectedAt),
    gracePeriodExpiresDate: dateOf(subscription.gracePeriodExpiresDate),
    ownershipType: subscription.ownershipType,
    periodType: subscription.periodType,
    refundedAt: dateOf(subscription.refundedAt),
    // Generated per purchase: compared by shape, and against the purchase result where there is one.
    storeTransactionId: typeof subscription.storeTransactionId,
    managementURL: subscription.managementURL,
    isActive: subscription.isActive,
    willRenew: subscription.willRenew,
    displayName: subscription.displayName,
    autoResumeDate: dateOf(subscription.autoResumeDate),
    price: priceOf(subscription.price),
  };
  return fields;
}

function transactionOf(transaction: NonSubscriptionTransaction) {
  const fields: Fields<NonSubscriptionTransaction> = {
    transactionIdentifier: typeof transaction.transactionIdentifier,
    productIdentifier: transaction.productIdentifier,
    purchaseDate: dateOf(transaction.purchaseDate),
    storeTransactionId: typeof transaction.storeTransactionId,
    store: transaction.store,
  };
  return fields;
}

const mapValues = <T, R>(record: Record<string, T>, map: (value: T) => R) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

/** Customer info; the app user id is reported relative to `appUserId` because each SDK run has its own users. */
export function customerInfoOf(info: CustomerInfo, appUserId: string) {
  const fields: Fields<CustomerInfo> = {
    entitlements: {
      all: mapValues(info.entitlements.all, entitlementOf),
      active: mapValues(info.entitlements.active, entitlementOf),
    },
    allExpirationDatesByProduct: datesOf(info.allExpirationDatesByProduct),
    allPurchaseDatesByProduct: datesOf(info.allPurchaseDatesByProduct),
    activeSubscriptions:
      info.activeSubscriptions instanceof Set ? [...info.activeSubscriptions].sort() : "not a Set",
    managementURL: info.managementURL,
    requestDate: dateOf(info.requestDate),
    firstSeenDate: dateOf(info.firstSeenDate),
    originalPurchaseDate: dateOf(info.originalPurchaseDate),
    originalAppUserId: info.originalAppUserId === appUserId ? "the configured user" : info.originalAppUserId,
    nonSubscriptionTransactions: info.nonSubscriptionTransactions.map(transactionOf),
    subscriptionsByProductIdentifier: mapValues(info.subscriptionsByProductIdentifier, subscriptionOf),
  };
  return fields;
}

export function purchaseResultOf(result: PurchaseResult, appUserId: string) {
  const subscription = result.customerInfo.subscriptionsByProductIdentifier[
    result.storeTransaction.productIdentifier
  ] as SubscriptionInfo | undefined;
  const fields: Fields<PurchaseResult> = {
    customerInfo: customerInfoOf(result.customerInfo, appUserId),
    redemptionInfo: result.redemptionInfo && {
      redeemUrl: result.redemptionInfo.redeemUrl,
      redeemUrlRedirect: result.redemptionInfo.redeemUrlRedirect,
    },
    operationSessionId: typeof result.operationSessionId,
    storeTransaction: {
      storeTransactionId:
        subscription && result.storeTransaction.storeTransactionId === subscription.storeTransactionId
          ? "the subscription's transaction"
          : typeof result.storeTransaction.storeTransactionId,
      productIdentifier: result.storeTransaction.productIdentifier,
      // Stamped by the client's clock, so only its kind is comparable.
      purchaseDate: result.storeTransaction.purchaseDate instanceof Date ? "a Date" : "not a Date",
    },
    customerEmail: result.customerEmail,
  };
  return fields;
}

/** What a caller can tell about a failure: the peer's error class, its code and the backend's code. */
export function errorOf(sdk: Sdk, error: unknown) {
  if (!(error instanceof Error)) return { notAnError: String(error) };
  if (!(error instanceof sdk.PurchasesError))
    return { isPurchasesError: false, thrown: `${error.name}: ${error.message}` };
  return {
    isPurchasesError: true,
    errorCode: error.errorCode,
    backendErrorCode: error.extra?.backendErrorCode ?? null,
  };
}

/** The outcome of a call that is expected to fail: `resolved` when it did not. */
export async function failureOf(sdk: Sdk, call: () => unknown) {
  try {
    await call();
    return "resolved";
  } catch (error) {
    return errorOf(sdk, error);
  }
}
