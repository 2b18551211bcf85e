// RevenueCat v2's subscription and purchase objects, from purchase rows. A subscription is a chain of periods: the
// checkout's (or Test Store receipt's) first period and its renewals (`…_renewal_n`); its id is the first period's,
// prefixed, so it stays the same while the chain grows. A purchase is a one-time purchase row. Fields this server
// has nothing for (revenue in USD, country, pending changes) are null.
import { z } from "zod";
import type { purchases } from "../db/schema.js";
import { accessEnd } from "../domain/customer-info.js";
import { renewalChainPosition } from "../lifecycle/next-renewal-period.js";
import { subscriptionPhase } from "../lifecycle/subscription-machine.js";

type PurchaseRow = typeof purchases.$inferSelect;

const SUBSCRIPTION_PREFIX = "sub_";

const ms = z.number().int().describe("ms since the epoch");

const entitlementSchema = z.object({
  object: z.literal("entitlement"),
  id: z.string(),
  project_id: z.string(),
  lookup_key: z.string().describe("The catalogue's entitlement identifier (premium)"),
  display_name: z.string().nullable(),
  created_at: ms.nullable(),
});

const entitlementList = z.object({
  object: z.literal("list"),
  items: z.array(entitlementSchema),
  next_page: z.null(),
  url: z.string(),
});

const environment = z.enum(["sandbox", "production"]);
const environmentOf = (isSandbox: boolean) => (isSandbox ? "sandbox" : "production");

/** The v2 subscription object. */
export const v2SubscriptionSchema = z.object({
  object: z.literal("subscription"),
  id: z.string().describe("sub_…: the subscription's id, the same for all its periods"),
  customer_id: z.string(),
  original_customer_id: z.string(),
  product_id: z.string(),
  starts_at: ms.describe("When the subscription began (its first period, a trial included)"),
  current_period_starts_at: ms,
  current_period_ends_at: ms.nullable(),
  ends_at: ms
    .nullable()
    .describe("When access ends: the period's end, a grace period's, or the refund's moment"),
  gives_access: z.boolean(),
  pending_payment: z.boolean().describe("A renewal payment is being retried or waits for the customer"),
  auto_renewal_status: z.enum(["will_renew", "will_not_renew"]),
  status: z.enum(["trialing", "active", "in_grace_period", "in_billing_retry", "expired"]),
  total_revenue_in_usd: z.null().describe("Not converted to USD here: null"),
  presented_offering_id: z.string().nullable(),
  entitlements: entitlementList,
  environment,
  store: z.string().describe("rc_billing (card payments through Stripe) or test_store"),
  store_subscription_identifier: z.string().describe("The first period's transaction id"),
  ownership: z.literal("purchased"),
  pending_changes: z.null(),
  country: z.null(),
  management_url: z.string().nullable(),
});

/** The v2 purchase object (a one-time purchase). */
export const v2PurchaseSchema = z.object({
  object: z.literal("purchase"),
  id: z.string(),
  customer_id: z.string(),
  original_customer_id: z.string(),
  product_id: z.string(),
  purchased_at: ms,
  revenue_in_usd: z.null().describe("Not converted to USD here: null"),
  quantity: z.number().int(),
  status: z.enum(["owned", "refunded"]),
  presented_offering_id: z.string().nullable(),
  environment,
  store: z.string(),
  store_purchase_identifier: z.string(),
  ownership: z.literal("purchased"),
  country: z.null(),
  entitlements: entitlementList,
});

export type V2Subscription = z.infer<typeof v2SubscriptionSchema>;
export type V2Purchase = z.infer<typeof v2PurchaseSchema>;

/** What the shapes need besides the rows. */
export interface V2Context {
  projectId: string;
  /** The entitlements the product grants. */
  entitlementIds: readonly string[];
  managementUrl: string | null;
  now: Date;
}

/**
 * The subscription id of the chain `first` begins (its first period).
 *
 * @example
 * subscriptionIdOf(firstPeriod); // "sub_5f0c…"
 */
export function subscriptionIdOf(first: Pick<PurchaseRow, "id">): string {
  return `${SUBSCRIPTION_PREFIX}${first.id}`;
}

/**
 * The first period's row id a subscription id names, or null when it is not a subscription id.
 *
 * @example
 * firstPeriodIdOf("sub_5f0c…"); // "5f0c…"
 */
export function firstPeriodIdOf(subscriptionId: string): string | null {
  return subscriptionId.startsWith(SUBSCRIPTION_PREFIX) && subscriptionId.length > SUBSCRIPTION_PREFIX.length
    ? subscriptionId.slice(SUBSCRIPTION_PREFIX.length)
    : null;
}

/**
 * A customer's subscription periods grouped into subscriptions, each chain in period order (first period first),
 * the subscriptions in the order they began. One-time purchases are left out.
 *
 * @example
 * subscriptionChains(rows).map((chain) => subscriptionIdOf(chain[0]!));
 */
export function subscriptionChains(rows: readonly PurchaseRow[]): PurchaseRow[][] {
  const chains = new Map<string, PurchaseRow[]>();
  for (const row of rows) {
    if (row.expiresDate === null) continue;
    const { originalTransactionId } = renewalChainPosition(row.storeTransactionId);
    const chain = chains.get(originalTransactionId) ?? [];
    chain.push(row);
    chains.set(originalTransactionId, chain);
  }
  const position = (r: PurchaseRow) => renewalChainPosition(r.storeTransactionId).renewalNumber;
  return [...chains.values()]
    .map((chain) => chain.sort((a, b) => position(a) - position(b)))
    .filter((chain) => position(chain[0]!) === 0)
    .sort(
      (a, b) =>
        a[0]!.purchaseDate.getTime() - b[0]!.purchaseDate.getTime() || a[0]!.id.localeCompare(b[0]!.id),
    );
}

/**
 * The period of a chain that a refund of the subscription refunds and the answer describes: its latest.
 *
 * @example
 * latestPeriod(chain).refundedAt; // null until refunded
 */
export function latestPeriod(chain: readonly PurchaseRow[]): PurchaseRow {
  const latest = chain.at(-1);
  if (!latest) throw new Error("a subscription has at least one period");
  return latest;
}

function entitlementsOf(context: V2Context, url: string) {
  return {
    object: "list" as const,
    items: context.entitlementIds.map((id) => ({
      object: "entitlement" as const,
      id,
      project_id: context.projectId,
      lookup_key: id,
      display_name: null,
      created_at: null,
    })),
    next_page: null,
    url,
  };
}

/** Where a subscription stands, from its latest period at `now`. */
function statusOf(latest: PurchaseRow, now: Date): V2Subscription["status"] {
  if (latest.refundedAt !== null) return "expired";
  switch (subscriptionPhase(latest, now)) {
    case "running":
      return latest.periodType === "trial" ? "trialing" : "active";
    case "renewal_due":
      return "active";
    case "grace":
      return "in_grace_period";
    case "grace_over":
      return "in_billing_retry";
    default:
      return "expired";
  }
}

/**
 * A chain of periods (first period first) as a v2 subscription at `context.now`.
 *
 * @example
 * toV2Subscription(chain, { projectId: "realmheart", entitlementIds: ["premium"], managementUrl: null, now });
 */
export function toV2Subscription(chain: readonly PurchaseRow[], context: V2Context): V2Subscription {
  const first = chain[0]!;
  const latest = latestPeriod(chain);
  const id = subscriptionIdOf(first);
  const end = latest.refundedAt ?? accessEnd(latest);
  const phase = subscriptionPhase(latest, context.now);
  const pending =
    latest.refundedAt === null &&
    latest.billingIssuesDetectedAt !== null &&
    (phase === "grace" || phase === "grace_over");
  const renews = latest.refundedAt === null && latest.unsubscribeDetectedAt === null && phase !== "settled";
  return {
    object: "subscription",
    id,
    customer_id: latest.appUserId,
    original_customer_id: first.appUserId,
    product_id: latest.productId,
    starts_at: first.purchaseDate.getTime(),
    current_period_starts_at: latest.purchaseDate.getTime(),
    current_period_ends_at: latest.expiresDate?.getTime() ?? null,
    ends_at: end?.getTime() ?? null,
    gives_access: latest.refundedAt === null && end !== null && context.now < end,
    pending_payment: pending,
    auto_renewal_status: renews ? "will_renew" : "will_not_renew",
    status: statusOf(latest, context.now),
    total_revenue_in_usd: null,
    presented_offering_id: first.presentedOfferingIdentifier,
    entitlements: entitlementsOf(
      context,
      `/v2/projects/${context.projectId}/subscriptions/${id}/entitlements`,
    ),
    environment: environmentOf(latest.isSandbox),
    store: latest.store,
    store_subscription_identifier: first.storeTransactionId,
    ownership: "purchased",
    pending_changes: null,
    country: null,
    management_url: context.managementUrl,
  };
}

/**
 * A one-time purchase row as a v2 purchase.
 *
 * @example
 * toV2Purchase(row, { projectId: "realmheart", entitlementIds: [], managementUrl: null, now });
 */
export function toV2Purchase(row: PurchaseRow, context: V2Context): V2Purchase {
  return {
    object: "purchase",
    id: row.id,
    customer_id: row.appUserId,
    original_customer_id: row.appUserId,
    product_id: row.productId,
    purchased_at: row.purchaseDate.getTime(),
    revenue_in_usd: null,
    quantity: 1,
    status: row.refundedAt === null ? "owned" : "refunded",
    presented_offering_id: row.presentedOfferingIdentifier,
    environment: environmentOf(row.isSandbox),
    store: row.store,
    store_purchase_identifier: row.storeTransactionId,
    ownership: "purchased",
    country: null,
    entitlements: entitlementsOf(
      context,
      `/v2/projects/${context.projectId}/purchases/${row.id}/entitlements`,
    ),
  };
}
