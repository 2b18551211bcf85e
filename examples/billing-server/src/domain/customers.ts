import { and, eq } from "drizzle-orm";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { customers, products, purchases } from "../db/schema.js";
import { subscriberFromPurchases } from "./customer-info.js";

type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** App user ids that would merge unrelated customers (docs/protocol.md). */
const BLOCKED_IDS = new Set([
  "",
  "no_user",
  "null",
  "none",
  "nil",
  "(null)",
  "NaN",
  "\\x00",
  "\x00",
  "unidentified",
  "undefined",
  "unknown",
]);

/** Longest app user id stored, in UTF-16 code units as JavaScript counts them. */
const MAX_APP_USER_ID_LENGTH = 256;

/**
 * Rejects app user ids the SDK also rejects, with 7220 and the SDK's message; the cases both sides are tested
 * against are fixtures/protocol/app-user-ids.json.
 */
export function validAppUserId(appUserId: string): string {
  if (
    BLOCKED_IDS.has(appUserId.trim()) ||
    appUserId.includes("/") ||
    appUserId.length > MAX_APP_USER_ID_LENGTH
  ) {
    throw badRequest(`Invalid app user id: "${appUserId.slice(0, 64)}".`, BillingErrorCode.EmptyAppUserId);
  }
  return appUserId;
}

/** Creates the customer on first sight and returns when they were first seen. */
export async function ensureCustomer(db: Db, projectId: string, appUserId: string, now: Date): Promise<Date> {
  await db.insert(customers).values({ projectId, appUserId, firstSeen: now }).onConflictDoNothing();
  const [row] = await db
    .select({ firstSeen: customers.firstSeen })
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)));
  return row?.firstSeen ?? now;
}

/** The entitlement identifiers each product of the project grants, and each product's title. */
export async function catalogueByProduct(db: Db, projectId: string) {
  const rows = await db
    .select({ identifier: products.identifier, entitlements: products.entitlements, title: products.title })
    .from(products)
    .where(eq(products.projectId, projectId));
  return {
    entitlementsByProduct: new Map(rows.map((r) => [r.identifier, r.entitlements])),
    titlesByProduct: new Map(rows.map((r) => [r.identifier, r.title])),
  };
}

/** The body of `GET /v1/subscribers/{app_user_id}`: customer info as of the server's clock. */
export async function customerInfoResponse(
  ctx: BillingContext,
  db: Db,
  projectId: string,
  appUserId: string,
  managementUrl: string | null = ctx.managementUrl,
) {
  const now = ctx.now();
  const firstSeen = await ensureCustomer(db, projectId, appUserId, now);
  const rows = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.projectId, projectId), eq(purchases.appUserId, appUserId)));
  return {
    request_date: now.toISOString(),
    request_date_ms: now.getTime(),
    subscriber: subscriberFromPurchases({
      appUserId,
      firstSeen,
      purchases: rows,
      ...(await catalogueByProduct(db, projectId)),
      managementUrl,
    }),
  };
}
