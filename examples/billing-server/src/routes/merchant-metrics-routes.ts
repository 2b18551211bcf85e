import type { FastifyInstance } from "fastify";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { customers, products, purchases } from "../db/schema.js";
import { MerchantError } from "../http/merchant-error.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import {
  OVERVIEW_METRICS,
  metricsOverview,
  metricsWindowStart,
  type OverviewMetricId,
} from "../merchant/metrics-overview.js";

const overviewMetricSchema = z.object({
  object: z.literal("overview_metric"),
  id: z
    .string()
    .describe("active_trials, active_subscriptions, mrr, revenue, new_customers, trial_conversion, churn"),
  name: z.string(),
  description: z.string(),
  unit: z.string().describe("# for counts, % for rates, the currency's code for money"),
  period: z.string().describe("The window the metric covers: P0D (now) or P28D (the last 28 days)"),
  value: z.number().describe("Money in the currency's major units (99.99); rates in percent"),
  last_updated_at: z.number().int().describe("When it was computed, in ms since the epoch"),
  last_updated_at_iso8601: z.string(),
});

const overviewSchema = z.object({
  object: z.literal("overview_metrics"),
  metrics: z.array(overviewMetricSchema),
  currency: z.string().describe("The currency of the money metrics"),
  environment: z.enum(["production", "sandbox"]),
});

/** The currencies a product's purchase options price in (any `currency` beside an `amount_micros`, at any depth). */
function pricedCurrencies(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) pricedCurrencies(item, into);
  else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.currency === "string" && typeof record.amount_micros === "number")
      into.add(record.currency.toUpperCase());
    for (const item of Object.values(record)) pricedCurrencies(item, into);
  }
  return into;
}

/**
 * RevenueCat v2's metrics overview: `GET /v2/projects/:project_id/metrics/overview` (scope `metrics:read`). The
 * numbers are `metricsOverview`'s, over the project's purchases in one environment (`production` unless
 * `environment=sandbox`). Money metrics are in one currency, never converted: `currency` defaults to the only one the
 * project sells in (its catalogue's prices and its recorded purchases); a project selling in several must name one,
 * and a currency it never sold in is refused.
 */
export async function merchantMetricsRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/metrics/overview",
      api: "v2",
      scope: "metrics:read",
      operationId: "get-overview-metrics",
      summary:
        "Get the project's overview metrics: MRR, active subscriptions and trials, revenue, new customers…",
      tag: "Charts & Metrics",
      description:
        "Computed when asked, at the server's clock. Money in one currency (never converted); sandbox purchases only with environment=sandbox.",
      params: z.object({ project_id: z.string().max(255) }),
      query: z.object({
        currency: z
          .string()
          .regex(/^[A-Za-z]{3}$/, "must be a three-letter ISO 4217 code")
          .transform((c) => c.toUpperCase())
          .optional()
          .describe("The currency of the money metrics; required when the project sells in several"),
        environment: z
          .enum(["production", "sandbox"])
          .optional()
          .describe("production (default): real money only; sandbox: test purchases only"),
      }),
      responses: { 200: overviewSchema },
    },
    async ({ projectId, query }) => {
      const now = ctx.now();
      const environment = query.environment ?? "production";
      const [rows, catalogue, seen] = await Promise.all([
        ctx.db
          .select({
            storeTransactionId: purchases.storeTransactionId,
            isSandbox: purchases.isSandbox,
            periodType: purchases.periodType,
            purchaseDate: purchases.purchaseDate,
            expiresDate: purchases.expiresDate,
            refundedAt: purchases.refundedAt,
            billingIssuesDetectedAt: purchases.billingIssuesDetectedAt,
            gracePeriodExpiresDate: purchases.gracePeriodExpiresDate,
            priceMicros: purchases.priceMicros,
            currency: purchases.currency,
          })
          .from(purchases)
          .where(eq(purchases.projectId, projectId)),
        ctx.db
          .select({ purchaseOptions: products.purchaseOptions })
          .from(products)
          .where(eq(products.projectId, projectId)),
        ctx.db
          .select({ firstSeen: customers.firstSeen })
          .from(customers)
          .where(and(eq(customers.projectId, projectId), gt(customers.firstSeen, metricsWindowStart(now)))),
      ]);
      const sold = pricedCurrencies(
        catalogue.map((p) => p.purchaseOptions),
        new Set(rows.map((r) => r.currency.toUpperCase())),
      );
      const currency = query.currency ?? (sold.size === 1 ? [...sold][0]! : null);
      if (currency === null || !sold.has(currency)) {
        const list = [...sold].sort().join(", ") || "no currency yet";
        throw new MerchantError(
          400,
          "parameter_error",
          query.currency
            ? `The project does not sell in ${query.currency} (it sells in ${list}).`
            : `The project sells in several currencies (${list}): name one with currency.`,
          { param: "currency" },
        );
      }
      const numbers = metricsOverview({
        purchases: rows.map((r) => ({ ...r, currency: r.currency.toUpperCase() })),
        firstSeen: seen.map((c) => c.firstSeen),
        now,
        currency,
        environment,
      });
      const ids = Object.keys(OVERVIEW_METRICS) as OverviewMetricId[];
      return {
        object: "overview_metrics",
        metrics: ids.map((id) => {
          const { unit, ...told } = OVERVIEW_METRICS[id];
          return {
            object: "overview_metric",
            id,
            ...told,
            unit: unit === "currency" ? currency : unit,
            value: numbers[id],
            last_updated_at: now.getTime(),
            last_updated_at_iso8601: now.toISOString(),
          };
        }),
        currency,
        environment,
      } satisfies z.infer<typeof overviewSchema>;
    },
  );
}
