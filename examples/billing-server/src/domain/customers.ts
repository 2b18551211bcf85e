import { and, asc, eq, gt, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { BillingError, BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { customerAttributes, customers, products, promotionalGrants, purchases } from "../db/schema.js";
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

/** No customer has that id in the project: 404 with the protocol's subscriber-not-found code. */
export const customerNotFound = (appUserId: string) =>
  new BillingError(
    404,
    BillingErrorCode.SubscriberNotFound,
    `There is no customer "${appUserId.slice(0, 64)}".`,
  );

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

/**
 * The body of `GET /v1/subscribers/{app_user_id}`: customer info as of the server's clock. With `withAttributes` (a
 * merchant's secret key, as RevenueCat answers it) the subscriber also carries `subscriber_attributes`.
 */
export async function customerInfoResponse(
  ctx: BillingContext,
  db: Db,
  projectId: string,
  appUserId: string,
  managementUrl: string | null = ctx.managementUrl,
  { withAttributes = false }: { withAttributes?: boolean } = {},
) {
  const now = ctx.now();
  const firstSeen = await ensureCustomer(db, projectId, appUserId, now);
  const [record] = (await customerRecords(db, projectId, [appUserId])).values();
  const subscriber = subscriberFromPurchases({
    ...record!,
    firstSeen,
    ...(await catalogueByProduct(db, projectId)),
    managementUrl,
  });
  const attributes = Object.fromEntries(
    record!.attributes.map((a) => [a.name, { value: a.value, updated_at_ms: a.updatedAtMs }]),
  );
  return {
    request_date: now.toISOString(),
    request_date_ms: now.getTime(),
    subscriber: withAttributes ? { ...subscriber, subscriber_attributes: attributes } : subscriber,
  };
}

/** What a customer's info is computed from. */
export interface CustomerRecord {
  appUserId: string;
  firstSeen: Date;
  purchases: (typeof purchases.$inferSelect)[];
  /** Promotional grants that were not revoked. */
  grants: (typeof promotionalGrants.$inferSelect)[];
  /** Attributes that have a value (a deleted one is kept only for its update time). */
  attributes: { name: string; value: string; updatedAtMs: number }[];
}

/**
 * The records of those of `appUserIds` that are customers of the project, by app user id, in the order asked: a few
 * queries however many customers (a page of a list).
 *
 * @example
 * const record = (await customerRecords(db, "realmheart", ["u1"])).get("u1"); // undefined: no such customer
 */
export async function customerRecords(
  db: Db,
  projectId: string,
  appUserIds: readonly string[],
): Promise<Map<string, CustomerRecord>> {
  const records = new Map<string, CustomerRecord>();
  if (appUserIds.length === 0) return records;
  const ids = [...appUserIds];
  const [found, bought, granted, attributes] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(and(eq(customers.projectId, projectId), inArray(customers.appUserId, ids))),
    db
      .select()
      .from(purchases)
      .where(and(eq(purchases.projectId, projectId), inArray(purchases.appUserId, ids))),
    db
      .select()
      .from(promotionalGrants)
      .where(
        and(
          eq(promotionalGrants.projectId, projectId),
          inArray(promotionalGrants.appUserId, ids),
          isNull(promotionalGrants.revokedAt),
        ),
      ),
    db
      .select()
      .from(customerAttributes)
      .where(
        and(
          eq(customerAttributes.projectId, projectId),
          inArray(customerAttributes.appUserId, ids),
          isNotNull(customerAttributes.value),
        ),
      )
      .orderBy(asc(customerAttributes.name)),
  ]);
  const firstSeen = new Map(found.map((c) => [c.appUserId, c.firstSeen]));
  for (const appUserId of ids) {
    const seen = firstSeen.get(appUserId);
    if (seen)
      records.set(appUserId, { appUserId, firstSeen: seen, purchases: [], grants: [], attributes: [] });
  }
  for (const p of bought) records.get(p.appUserId)?.purchases.push(p);
  for (const g of granted) records.get(g.appUserId)?.grants.push(g);
  for (const a of attributes) {
    records.get(a.appUserId)?.attributes.push({ name: a.name, value: a.value!, updatedAtMs: a.updatedAtMs });
  }
  return records;
}

/** Which customers a list asks for: a page after `startingAfter`, optionally those `search` finds. */
export interface CustomerQuery {
  projectId: string;
  /** An exact `$email` attribute, an app user id, or a store transaction id. */
  search?: string;
  /** The app user id the previous page ended with. */
  startingAfter?: string;
  limit: number;
}

/**
 * App user ids of the project's customers in id order, a page at a time; with `search`, only the customers whose
 * `$email` is exactly it, whose app user id it is, or who made the purchase with that store transaction id.
 *
 * @example
 * await findCustomers(db, { projectId: "realmheart", search: "ada@example.com", limit: 21 }); // ["u1"]
 */
export async function findCustomers(db: Db, query: CustomerQuery): Promise<string[]> {
  const where: (SQL | undefined)[] = [eq(customers.projectId, query.projectId)];
  if (query.startingAfter !== undefined) where.push(gt(customers.appUserId, query.startingAfter));
  if (query.search !== undefined) {
    const byEmail = db
      .select({ appUserId: customerAttributes.appUserId })
      .from(customerAttributes)
      .where(
        and(
          eq(customerAttributes.projectId, query.projectId),
          eq(customerAttributes.name, "$email"),
          eq(customerAttributes.value, query.search),
        ),
      );
    const byTransaction = db
      .select({ appUserId: purchases.appUserId })
      .from(purchases)
      .where(and(eq(purchases.projectId, query.projectId), eq(purchases.storeTransactionId, query.search)));
    where.push(
      or(
        eq(customers.appUserId, query.search),
        inArray(customers.appUserId, byEmail),
        inArray(customers.appUserId, byTransaction),
      ),
    );
  }
  const rows = await db
    .select({ appUserId: customers.appUserId })
    .from(customers)
    .where(and(...where))
    .orderBy(asc(customers.appUserId))
    .limit(query.limit);
  return rows.map((r) => r.appUserId);
}
