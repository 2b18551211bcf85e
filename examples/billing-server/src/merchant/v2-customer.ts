// RevenueCat v2's customer objects (issue #48): the customer, its active entitlements and attributes, as the merchant
// API answers them, with their schemas for the OpenAPI document. Built from the same subscriber computation as v1's
// customer info, so both APIs agree on what a customer may use.
import { z } from "zod";
import { subscriberFromPurchases } from "../domain/customer-info.js";
import type { CustomerRecord } from "../domain/customers.js";
import { listOf } from "./list-page.js";

const ms = z.number().int().describe("ms since the epoch");

/** One entitlement a customer may use now. */
export const customerEntitlementSchema = z.object({
  object: z.literal("customer.entitlement"),
  entitlement_id: z.string().describe("The entitlement's identifier in the catalogue (premium)"),
  expires_at: ms.nullable().describe("When access ends; null: never"),
});

/** One of a customer's attributes. */
export const customerAttributeSchema = z.object({
  object: z.literal("customer.attribute"),
  name: z.string().describe("$email, $displayName, or one of your own"),
  value: z.string(),
  updated_at: ms,
});

/** A customer, as v2 answers one. */
export const v2CustomerSchema = z.object({
  object: z.literal("customer"),
  id: z.string().describe("The app user id"),
  project_id: z.string(),
  first_seen_at: ms,
  last_seen_at: ms.nullable().describe("Not recorded by this server: null"),
  last_seen_app_version: z.string().nullable(),
  last_seen_country: z.string().nullable(),
  last_seen_platform: z.string().nullable(),
  last_seen_platform_version: z.string().nullable(),
  active_entitlements: listOf(customerEntitlementSchema),
  experiment: z.null().describe("This server runs no experiments: null"),
  attributes: listOf(customerAttributeSchema),
});

/** What v2 answers for a deleted customer. */
export const deletedCustomerSchema = z.object({
  object: z.literal("customer"),
  id: z.string(),
  deleted_at: ms,
});

type V2Customer = z.infer<typeof v2CustomerSchema>;

/** The project's catalogue as customer info reads it (`catalogueByProduct`). */
type Catalogue = Pick<Parameters<typeof subscriberFromPurchases>[0], "entitlementsByProduct">;

const customerPath = (projectId: string, appUserId: string) =>
  `/v2/projects/${encodeURIComponent(projectId)}/customers/${encodeURIComponent(appUserId)}`;

/**
 * The entitlements a customer may use at `now` (purchases and promotional grants), by identifier, as a v2 list.
 *
 * @example
 * activeEntitlements(record, catalogue, "realmheart", now).items; // [{ object: "customer.entitlement", entitlement_id: "premium", … }]
 */
export function activeEntitlements(
  record: CustomerRecord,
  catalogue: Catalogue,
  projectId: string,
  now: Date,
): V2Customer["active_entitlements"] {
  const { entitlements } = subscriberFromPurchases({ ...record, ...catalogue, managementUrl: null });
  const items = Object.entries(entitlements as Record<string, { expires_date: string | null }>)
    .map(([id, e]) => ({ id, end: e.expires_date === null ? null : Date.parse(e.expires_date) }))
    .filter(({ end }) => end === null || end > now.getTime())
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, end }) => ({ object: "customer.entitlement" as const, entitlement_id: id, expires_at: end }));
  return {
    object: "list",
    items,
    next_page: null,
    url: `${customerPath(projectId, record.appUserId)}/active_entitlements`,
  };
}

/**
 * A customer's attributes that have a value, by name, as a v2 list.
 *
 * @example
 * customerAttributeList(record, "realmheart").items[0]; // { object: "customer.attribute", name: "$email", value: "ada@example.com", updated_at: … }
 */
export function customerAttributeList(record: CustomerRecord, projectId: string): V2Customer["attributes"] {
  return {
    object: "list",
    items: record.attributes.map((a) => ({
      object: "customer.attribute" as const,
      name: a.name,
      value: a.value,
      updated_at: a.updatedAtMs,
    })),
    next_page: null,
    url: `${customerPath(projectId, record.appUserId)}/attributes`,
  };
}

/**
 * A customer as v2 answers one at `now`; what this server does not record (last seen, platform, experiment) is null.
 *
 * @example
 * return toV2Customer(record, await catalogueByProduct(db, projectId), projectId, ctx.now());
 */
export function toV2Customer(
  record: CustomerRecord,
  catalogue: Catalogue,
  projectId: string,
  now: Date,
): V2Customer {
  return {
    object: "customer",
    id: record.appUserId,
    project_id: projectId,
    first_seen_at: record.firstSeen.getTime(),
    last_seen_at: null,
    last_seen_app_version: null,
    last_seen_country: null,
    last_seen_platform: null,
    last_seen_platform_version: null,
    active_entitlements: activeEntitlements(record, catalogue, projectId, now),
    experiment: null,
    attributes: customerAttributeList(record, projectId),
  };
}
