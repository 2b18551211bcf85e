import type { FastifyInstance } from "fastify";
import { and, asc, eq, isNotNull, isNull, like, or } from "drizzle-orm";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { customers, products, purchases } from "../db/schema.js";
import { StripeGateway, type StripeOptions } from "../gateway/stripe-gateway.js";
import { BillingError } from "../http/billing-error.js";
import { cancelSubscription } from "../lifecycle/cancel-subscription.js";
import { renewalChainPosition } from "../lifecycle/next-renewal-period.js";
import { refundPurchase, type RefundOutcome } from "../lifecycle/refund-purchase.js";
import { recordAudit } from "../access/audit-log.js";
import { DEFAULT_PAGE_SIZE, listOf, listPage, pageQuery } from "../merchant/list-page.js";
import { MerchantError, merchantErrorBody } from "../http/merchant-error.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import { secretKeyActor, type MerchantCaller } from "../access/secret-keys.js";
import {
  firstPeriodIdOf,
  latestPeriod,
  subscriptionChains,
  subscriptionIdOf,
  toV2Purchase,
  toV2Subscription,
  v2PurchaseSchema,
  v2SubscriptionSchema,
  type V2Context,
} from "../merchant/v2-subscription.js";

type PurchaseRow = typeof purchases.$inferSelect;

const projectParam = { project_id: z.string().max(255) };
const customerParams = z.object({ ...projectParam, customer_id: z.string().min(1).max(1500) });
const subscriptionParams = z.object({ ...projectParam, subscription_id: z.string().min(1).max(255) });
const purchaseParams = z.object({ ...projectParam, purchase_id: z.string().min(1).max(255) });
/** The actions take no body: anything sent is refused, so a misspelt option is not silently ignored. */
const noBody = z.object({}).strict();

/**
 * The refusals a write answers with 422 (Stripe's reason, an ended subscription): the document lists no 422 for every
 * route, so the writes declare it.
 */
const UNPROCESSABLE = { 422: merchantErrorBody };

const missing = (what: "Customer" | "Subscription" | "Purchase", param: string) =>
  new MerchantError(404, "resource_missing", `${what} not found.`, { param });

/** What every group of these routes shares. */
interface RouteGroup {
  app: FastifyInstance;
  ctx: BillingContext;
  api: MerchantApi;
  /** Null on a server without Stripe. */
  gateway: StripeGateway | null;
}

/** What a subscription's action gets: the subscription's periods, first period first, and the key's caller. */
interface SubscriptionAction {
  projectId: string;
  chain: PurchaseRow[];
  merchant: MerchantCaller;
}

/** RevenueCat v2 subscriptions and purchases: read, cancel, refund. */
export async function merchantSubscriptionRoutes(
  app: FastifyInstance,
  { ctx, api, stripe }: { ctx: BillingContext; api: MerchantApi; stripe: StripeOptions | null },
): Promise<void> {
  const group: RouteGroup = { app, ctx, api, gateway: stripe ? new StripeGateway(stripe) : null };
  // The OpenAPI document lists the routes in the order they are registered.
  subscriptionReadRoutes(group);
  subscriptionActionRoutes(group);
  purchaseRoutes(group);
}

/** List a customer's subscriptions; get one. */
function subscriptionReadRoutes(group: RouteGroup): void {
  const { app, ctx, api } = group;
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/customers/:customer_id/subscriptions",
      api: "v2",
      scope: "customers:read",
      operationId: "list-subscriptions",
      summary: "List a customer's subscriptions, in the order they began",
      tag: "Subscription",
      params: customerParams,
      query: z.object(pageQuery),
      responses: { 200: listOf(v2SubscriptionSchema) },
    },
    async ({ projectId, params, query }) => {
      const chains = subscriptionChains(await customerRows(ctx.db, projectId, params.customer_id));
      const ids = chains.map((chain) => subscriptionIdOf(chain[0]!));
      const from = startIndex(ids, query.starting_after);
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const page = await Promise.all(
        chains.slice(from, from + limit + 1).map((chain) => answerSubscription(ctx, projectId, chain)),
      );
      const url = `/v2/projects/${projectId}/customers/${encodeURIComponent(params.customer_id)}/subscriptions`;
      return listPage(page, limit, url, (s) => s.id);
    },
  );

  subscriptionRoute(group, {
    method: "GET",
    suffix: "",
    scope: "customers:read",
    operationId: "get-subscription",
    summary: "Get a subscription: its periods as one, from the first to the latest",
    description: "A subscription is a first purchase and its renewals; its id stays the same as it renews.",
    act: async () => {},
  });
}

/** Cancel a subscription; refund its latest period. */
function subscriptionActionRoutes(group: RouteGroup): void {
  const { ctx, gateway } = group;
  subscriptionRoute(group, {
    method: "POST",
    suffix: "/actions/cancel",
    scope: "customers:write",
    operationId: "cancel-subscription",
    summary: "Cancel a subscription: renewal off, access until the period's end",
    description:
      "The customer keeps access until the current period ends; then it expires and the host app gets EXPIRATION. " +
      "Cancelling again changes nothing. A subscription whose renewal is being charged right now answers 409 (retry).",
    act: (action) => cancelLatestPeriod(ctx, action),
  });

  subscriptionRoute(group, {
    method: "POST",
    suffix: "/actions/refund",
    scope: "customers:write",
    operationId: "refund-subscription",
    summary: "Refund a subscription's latest period and end its access now",
    description:
      "A card payment is refunded in full through Stripe; a Test Store one is recorded. The host app gets " +
      "CANCELLATION with cancel_reason CUSTOMER_SUPPORT; nothing renews. Refunding again answers the same " +
      "subscription and refunds nothing.",
    act: async ({ projectId, chain, merchant }) => {
      const outcome = await refundPurchase(ctx, gateway, {
        projectId,
        purchaseId: latestPeriod(chain).id,
        at: ctx.now(),
        actor: secretKeyActor(merchant),
        target: { type: "subscription", id: subscriptionIdOf(chain[0]!) },
      });
      throwRefusal(outcome);
    },
  });
}

/** List a customer's one-time purchases; get one; refund one. */
function purchaseRoutes({ app, ctx, api, gateway }: RouteGroup): void {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/customers/:customer_id/purchases",
      api: "v2",
      scope: "customers:read",
      operationId: "list-purchases",
      summary: "List a customer's one-time purchases, oldest first",
      tag: "Purchase",
      params: customerParams,
      query: z.object(pageQuery),
      responses: { 200: listOf(v2PurchaseSchema) },
    },
    async ({ projectId, params, query }) => {
      const rows = (await customerRows(ctx.db, projectId, params.customer_id)).filter(
        (r) => r.expiresDate === null,
      );
      const from = startIndex(
        rows.map((r) => r.id),
        query.starting_after,
      );
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const page = await Promise.all(
        rows.slice(from, from + limit + 1).map((row) => answerPurchase(ctx, projectId, row)),
      );
      const url = `/v2/projects/${projectId}/customers/${encodeURIComponent(params.customer_id)}/purchases`;
      return listPage(page, limit, url, (p) => p.id);
    },
  );

  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/purchases/:purchase_id",
      api: "v2",
      scope: "customers:read",
      operationId: "get-purchase",
      summary: "Get a one-time purchase",
      tag: "Purchase",
      params: purchaseParams,
      responses: { 200: v2PurchaseSchema },
    },
    async ({ projectId, params }) =>
      answerPurchase(ctx, projectId, await findOneTime(ctx.db, projectId, params.purchase_id)),
  );

  api.route(
    app,
    {
      method: "POST",
      url: "/v2/projects/:project_id/purchases/:purchase_id/actions/refund",
      api: "v2",
      scope: "customers:write",
      operationId: "refund-purchase",
      summary: "Refund a one-time purchase; what it granted ends now",
      description:
        "A card payment is refunded in full through Stripe; a Test Store one is recorded. Refunding again answers " +
        "the same purchase and refunds nothing.",
      tag: "Purchase",
      params: purchaseParams,
      body: noBody,
      responses: { 200: v2PurchaseSchema, ...UNPROCESSABLE },
    },
    async ({ projectId, params, merchant }) => {
      const row = await findOneTime(ctx.db, projectId, params.purchase_id);
      const outcome = await refundPurchase(ctx, gateway, {
        projectId,
        purchaseId: row.id,
        at: ctx.now(),
        actor: secretKeyActor(merchant!),
      });
      throwRefusal(outcome);
      return answerPurchase(ctx, projectId, outcome.ok ? outcome.purchase : row);
    },
  );
}

/**
 * Registers a route on one subscription. A GET answers the subscription; a POST (an action, no body) runs `act`, then
 * answers the subscription as it is after it.
 */
function subscriptionRoute(
  { app, ctx, api }: RouteGroup,
  route: {
    method: "GET" | "POST";
    suffix: string;
    scope: "customers:read" | "customers:write";
    operationId: string;
    summary: string;
    description: string;
    act: (action: SubscriptionAction) => Promise<void>;
  },
): void {
  const { method, suffix, scope, operationId, summary, description, act } = route;
  api.route(
    app,
    {
      method,
      url: `/v2/projects/:project_id/subscriptions/:subscription_id${suffix}`,
      api: "v2",
      scope,
      operationId,
      summary,
      description,
      tag: "Subscription",
      params: subscriptionParams,
      ...(method === "POST" ? { body: noBody } : {}),
      responses:
        method === "POST" ? { 200: v2SubscriptionSchema, ...UNPROCESSABLE } : { 200: v2SubscriptionSchema },
    },
    async ({ projectId, params, merchant }) => {
      const chain = await findChain(ctx.db, projectId, params.subscription_id);
      if (method === "POST") await act({ projectId, chain, merchant: merchant! });
      const after = method === "POST" ? await findChain(ctx.db, projectId, params.subscription_id) : chain;
      return answerSubscription(ctx, projectId, after);
    },
  );
}

/**
 * Turns the renewal of a subscription's latest period off, audited. Cancelling again changes nothing and records
 * nothing; an ended subscription (refunded, or its end settled) is a 422 unless it was cancelled before.
 */
async function cancelLatestPeriod(ctx: BillingContext, { projectId, chain, merchant }: SubscriptionAction) {
  const latest = latestPeriod(chain);
  const ended = latest.refundedAt !== null || latest.lifecycleHandledAt !== null;
  if (ended && latest.unsubscribeDetectedAt !== null) return; // cancelled before: the same answer
  if (ended) {
    throw new MerchantError(422, "unprocessable_entity_error", "The subscription has ended; nothing renews.");
  }
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    let cancelled: PurchaseRow;
    try {
      // The cancel's own transaction nests as a savepoint in this one, so the audit entry lands with it.
      cancelled = await cancelSubscription(
        { db: tx as unknown as BillingDb },
        { projectId, appUserId: latest.appUserId, productId: latest.productId, at },
      );
    } catch (error) {
      if (error instanceof BillingError && error.statusCode === 404) {
        throw new MerchantError(422, "unprocessable_entity_error", "The subscription is not running.");
      }
      throw error;
    }
    if (latest.unsubscribeDetectedAt !== null) return;
    await recordAudit(tx, {
      projectId,
      actor: secretKeyActor(merchant),
      action: "subscription.cancel",
      targetType: "subscription",
      targetId: subscriptionIdOf(chain[0]!),
      before: { unsubscribe_detected_at: null },
      after: { unsubscribe_detected_at: cancelled.unsubscribeDetectedAt?.toISOString() ?? null },
      at,
    });
  });
}

/** What a v2 answer about a product's purchase needs besides the rows. */
async function v2Context(ctx: BillingContext, projectId: string, productId: string): Promise<V2Context> {
  const [product] = await ctx.db
    .select({ entitlements: products.entitlements })
    .from(products)
    .where(and(eq(products.projectId, projectId), eq(products.identifier, productId)));
  return {
    projectId,
    entitlementIds: product?.entitlements ?? [],
    managementUrl: ctx.managementUrl,
    now: ctx.now(),
  };
}

async function answerSubscription(ctx: BillingContext, projectId: string, chain: PurchaseRow[]) {
  return toV2Subscription(chain, await v2Context(ctx, projectId, chain[0]!.productId));
}

async function answerPurchase(ctx: BillingContext, projectId: string, row: PurchaseRow) {
  return toV2Purchase(row, await v2Context(ctx, projectId, row.productId));
}

/** A customer's purchases, oldest first; 404 when the project has no such customer. */
async function customerRows(db: BillingDb, projectId: string, appUserId: string): Promise<PurchaseRow[]> {
  const [customer] = await db
    .select({ appUserId: customers.appUserId })
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)));
  if (!customer) throw missing("Customer", "customer_id");
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.projectId, projectId), eq(purchases.appUserId, appUserId)))
    .orderBy(asc(purchases.purchaseDate), asc(purchases.id));
}

/** The periods of a subscription of the project, first period first; 404 when there is none with that id. */
async function findChain(db: BillingDb, projectId: string, subscriptionId: string): Promise<PurchaseRow[]> {
  const firstId = firstPeriodIdOf(subscriptionId);
  const [first] = firstId
    ? await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.projectId, projectId),
            eq(purchases.id, firstId),
            isNotNull(purchases.expiresDate),
          ),
        )
    : [];
  if (!first || renewalChainPosition(first.storeTransactionId).renewalNumber !== 0) {
    throw missing("Subscription", "subscription_id");
  }
  // LIKE's wildcards in a transaction id are matched as themselves.
  const escaped = first.storeTransactionId.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.projectId, projectId),
        or(
          eq(purchases.storeTransactionId, first.storeTransactionId),
          like(purchases.storeTransactionId, `${escaped}\\_renewal\\_%`),
        ),
      ),
    );
  const [chain] = subscriptionChains(
    rows.filter(
      (r) => renewalChainPosition(r.storeTransactionId).originalTransactionId === first.storeTransactionId,
    ),
  );
  return chain ?? [first];
}

/** A one-time purchase of the project; 404 for none, and for a subscription's period (not a v2 purchase). */
async function findOneTime(db: BillingDb, projectId: string, purchaseId: string): Promise<PurchaseRow> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(
      and(eq(purchases.projectId, projectId), eq(purchases.id, purchaseId), isNull(purchases.expiresDate)),
    );
  if (!row) throw missing("Purchase", "purchase_id");
  return row;
}

/** Where a page starts: after the item `startingAfter` names (404 when no item has that id). */
function startIndex(ids: readonly string[], startingAfter: string | undefined): number {
  if (startingAfter === undefined) return 0;
  const index = ids.indexOf(startingAfter);
  if (index < 0) {
    throw new MerchantError(404, "resource_missing", "No item of this list has that id.", {
      param: "starting_after",
    });
  }
  return index + 1;
}

/** A refund's refusal as the v2 error: Stripe's reason as a store error, the others by their status. */
function throwRefusal(outcome: RefundOutcome): asserts outcome is Extract<RefundOutcome, { ok: true }> {
  if (outcome.ok) return;
  if (outcome.reason === "purchase_missing") throw missing("Purchase", "purchase_id");
  if (outcome.reason === "gateway_refused" || outcome.reason === "no_gateway") {
    throw new MerchantError(outcome.status, "store_error", outcome.message);
  }
  if (outcome.reason === "renewal_in_progress") {
    throw new MerchantError(409, "resource_locked_error", outcome.message);
  }
  throw new MerchantError(outcome.status, "unprocessable_entity_error", outcome.message);
}
