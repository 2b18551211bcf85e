import type {
  WireCustomerInfoResponse,
  WireNonSubscriptionTransaction,
  WireSubscription,
} from "../http/wire";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import { toPrice } from "./price";
import type {
  CustomerInfo,
  EntitlementInfo,
  NonSubscriptionTransaction,
  OwnershipType,
  PeriodType,
  Store,
  SubscriptionInfo,
} from "./types";

const STORES: readonly Store[] = [
  "app_store",
  "mac_app_store",
  "play_store",
  "amazon",
  "stripe",
  "rc_billing",
  "paddle",
  "test_store",
  "promotional",
  "galaxy",
];
const PERIOD_TYPES: readonly PeriodType[] = ["normal", "intro", "trial", "prepaid"];
const OWNERSHIP_TYPES: readonly OwnershipType[] = ["PURCHASED", "FAMILY_SHARED"];

/** `value` when it is one of `allowed`, else `fallback`: the backend may add values this SDK does not know. */
function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function dateOrNull(iso: string | null | undefined): Date | null {
  return iso ? new Date(iso) : null;
}

function willRenew(
  store: Store,
  expiration: Date | null,
  unsubscribe: Date | null,
  billingIssue: Date | null,
) {
  return store !== "promotional" && expiration !== null && unsubscribe === null && billingIssue === null;
}

function latestTransaction(transactions: readonly WireNonSubscriptionTransaction[] = []) {
  let latest: WireNonSubscriptionTransaction | undefined;
  for (const t of transactions) {
    if (!latest || Date.parse(t.purchase_date) > Date.parse(latest.purchase_date)) latest = t;
  }
  return latest;
}

function toSubscriptionInfo(
  productIdentifier: string,
  s: WireSubscription,
  isActive: (expiration: Date | null) => boolean,
  locale: string,
): SubscriptionInfo {
  const paid = s.price;
  const store = oneOf(s.store, STORES, "unknown");
  const expiresDate = dateOrNull(s.expires_date);
  const unsubscribeDetectedAt = dateOrNull(s.unsubscribe_detected_at);
  const billingIssuesDetectedAt = dateOrNull(s.billing_issues_detected_at);
  return {
    productIdentifier,
    productPlanIdentifier: s.product_plan_identifier ?? null,
    displayName: s.display_name ?? null,
    // The wire sends whole units (9.99); micros are rounded so that float error does not leave 9989999. A free
    // trial's zero keeps its fraction digits ("$0.00"), as purchases-js shows it.
    price: paid ? toPrice(Math.round(paid.amount * 1e6), paid.currency, locale, true) : null,
    managementURL: s.management_url ?? null,
    autoResumeDate: dateOrNull(s.auto_resume_date),
    purchaseDate: new Date(s.purchase_date),
    originalPurchaseDate: dateOrNull(s.original_purchase_date),
    expiresDate,
    store,
    unsubscribeDetectedAt,
    isSandbox: s.is_sandbox,
    billingIssuesDetectedAt,
    gracePeriodExpiresDate: dateOrNull(s.grace_period_expires_date),
    ownershipType: oneOf(s.ownership_type, OWNERSHIP_TYPES, "UNKNOWN"),
    periodType: oneOf(s.period_type, PERIOD_TYPES, "normal"),
    refundedAt: dateOrNull(s.refunded_at),
    storeTransactionId: s.store_transaction_id ?? null,
    isActive: isActive(expiresDate),
    willRenew: willRenew(store, expiresDate, unsubscribeDetectedAt, billingIssuesDetectedAt),
  };
}

/**
 * Normalises the customer info response (docs/checkout.md). Whether something is active is judged at
 * `serverNowMs`, the server's current time: `request_date_ms` plus the time elapsed since the response, so
 * that a wrong client clock cannot grant or revoke access. An entitlement or subscription is active when it
 * has no expiry or expires after that instant; it will renew unless it is promotional, has no expiry, or an
 * unsubscribe or billing issue was detected. An entitlement to a non-subscription product is always active
 * and never renews. A subscription's paid price is formatted in `locale`.
 *
 * @throws PurchasesError `CustomerInfoError` when an entitlement's product is in neither the subscriptions
 *   nor the non-subscriptions.
 * @example
 * const info = toCustomerInfo(wire, wire.request_date_ms + (performance.now() - receivedAt));
 * info.entitlements.active.premium?.willRenew; // true
 */
export function toCustomerInfo(
  wire: WireCustomerInfoResponse,
  serverNowMs: number,
  locale = "en-US",
): CustomerInfo {
  const subscriber = wire.subscriber;
  const isActive = (expiration: Date | null) => expiration === null || expiration.getTime() > serverNowMs;

  const subscriptionsByProductIdentifier: Record<string, SubscriptionInfo> = {};
  const allExpirationDatesByProduct: Record<string, Date | null> = {};
  const allPurchaseDatesByProduct: Record<string, Date | null> = {};
  const activeSubscriptions = new Set<string>();
  for (const [productIdentifier, wireSubscription] of Object.entries(subscriber.subscriptions)) {
    const subscription = toSubscriptionInfo(productIdentifier, wireSubscription, isActive, locale);
    subscriptionsByProductIdentifier[productIdentifier] = subscription;
    allExpirationDatesByProduct[productIdentifier] = subscription.expiresDate;
    allPurchaseDatesByProduct[productIdentifier] = subscription.purchaseDate;
    if (subscription.isActive) activeSubscriptions.add(productIdentifier);
  }

  const nonSubscriptionTransactions: NonSubscriptionTransaction[] = [];
  for (const [productIdentifier, transactions] of Object.entries(subscriber.non_subscriptions)) {
    for (const t of transactions) {
      nonSubscriptionTransactions.push({
        transactionIdentifier: t.id,
        productIdentifier,
        purchaseDate: new Date(t.purchase_date),
        storeTransactionId: t.store_transaction_id ?? null,
        store: oneOf(t.store, STORES, "unknown"),
      });
    }
    // Only subscriptions expire: a one-time product has no entry in allExpirationDatesByProduct, as in purchases-js.
    const latest = latestTransaction(transactions);
    allPurchaseDatesByProduct[productIdentifier] = latest ? new Date(latest.purchase_date) : null;
  }

  const all: Record<string, EntitlementInfo> = {};
  const active: Record<string, EntitlementInfo> = {};
  for (const [identifier, e] of Object.entries(subscriber.entitlements)) {
    const productIdentifier = e.product_identifier;
    // A subscription entitlement takes its details from the subscription, a one-time one from the latest purchase.
    const info = subscriptionsByProductIdentifier[productIdentifier];
    const source =
      subscriber.subscriptions[productIdentifier] ??
      latestTransaction(subscriber.non_subscriptions[productIdentifier]);
    if (!source) {
      throw new PurchasesError(
        ErrorCode.CustomerInfoError,
        "Could not find entitlement product in subscriptions or non-subscriptions.",
        { underlyingErrorMessage: `Entitlement ${identifier}, product ${productIdentifier}.` },
      );
    }
    const latestPurchaseDate = new Date(e.purchase_date);
    const expirationDate = info ? dateOrNull(e.expires_date) : null;
    const store = info?.store ?? oneOf(source.store, STORES, "unknown");
    const unsubscribeDetectedAt = info?.unsubscribeDetectedAt ?? null;
    const billingIssueDetectedAt = info?.billingIssuesDetectedAt ?? null;
    const entitlement: EntitlementInfo = {
      identifier,
      isActive: isActive(expirationDate),
      willRenew: willRenew(store, expirationDate, unsubscribeDetectedAt, billingIssueDetectedAt),
      store,
      latestPurchaseDate,
      originalPurchaseDate: dateOrNull(source.original_purchase_date) ?? latestPurchaseDate,
      expirationDate,
      productIdentifier,
      productPlanIdentifier: e.product_plan_identifier ?? null,
      unsubscribeDetectedAt,
      billingIssueDetectedAt,
      isSandbox: source.is_sandbox,
      periodType: info?.periodType ?? "normal",
      ownershipType: info?.ownershipType ?? "UNKNOWN",
    };
    all[identifier] = entitlement;
    if (entitlement.isActive) active[identifier] = entitlement;
  }

  return {
    entitlements: { all, active },
    allExpirationDatesByProduct,
    allPurchaseDatesByProduct,
    activeSubscriptions,
    managementURL: subscriber.management_url ?? null,
    requestDate: new Date(wire.request_date_ms),
    firstSeenDate: new Date(subscriber.first_seen),
    originalPurchaseDate: dateOrNull(subscriber.original_purchase_date),
    originalAppUserId: subscriber.original_app_user_id,
    nonSubscriptionTransactions,
    subscriptionsByProductIdentifier,
  };
}
