// Tables of the billing server. Names are prefixed `billing_` so that a host app can keep its own tables in
// the same database. Catalogue rows keep their protocol-shaped parts (purchase options, packages, paywalls,
// branding) as JSON: they are served as they are and never queried inside.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ApiKeyKind } from "../kinds/api-key-kind.js";
import type { PurchaseStore } from "../kinds/purchase-store.js";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const projects = pgTable("billing_projects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Branding info in wire shape (`GET /rcbilling/v1/branding`). */
  branding: jsonb("branding").notNull(),
  /** Origins allowed by CORS; null means any. */
  allowedOrigins: jsonb("allowed_origins").$type<string[] | null>(),
  currentOfferingId: text("current_offering_id"),
  placements: jsonb("placements"),
  targeting: jsonb("targeting"),
  /** Paywall settings shared by the project's offerings (`ui_config` of the offerings response). */
  uiConfig: jsonb("ui_config"),
  createdAt: createdAt(),
});

export const apiKeys = pgTable(
  "billing_api_keys",
  {
    key: text("key").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The key's kind, from its prefix (`apiKeyKind`). */
    kind: text("kind").$type<ApiKeyKind>().notNull(),
  },
  (t) => [index("billing_api_keys_project_idx").on(t.projectId)],
);

export const products = pgTable(
  "billing_products",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    identifier: text("identifier").notNull(),
    productType: text("product_type").$type<"subscription" | "consumable" | "non_consumable">().notNull(),
    title: text("title").notNull(),
    description: text("description"),
    defaultPurchaseOptionId: text("default_purchase_option_id"),
    /** Purchase options keyed by id, in wire shape. */
    purchaseOptions: jsonb("purchase_options").notNull(),
    /** Entitlement identifiers this product grants. */
    entitlements: jsonb("entitlements").$type<string[]>().notNull(),
    /** Virtual currency amounts each paid period of this product grants, by currency code. */
    virtualCurrencyGrants: jsonb("virtual_currency_grants")
      .$type<Record<string, number>>()
      .notNull()
      .default({}),
    /** The catalogue's `subscription_group`: products of one group share a customer's free trial. */
    subscriptionGroup: text("subscription_group"),
    /** The catalogue's `trial_eligibility`. */
    trialEligibility: text("trial_eligibility")
      .$type<"once_per_customer" | "every_purchase">()
      .notNull()
      .default("once_per_customer"),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.identifier] })],
);

/**
 * An offering's multi-page paywall as the catalogue validated it (`CatalogueWorkflow`), kept as JSON and served as it
 * is: only its `id` is read.
 */
type StoredWorkflow = { id: string } & Record<string, unknown>;

export const offerings = pgTable(
  "billing_offerings",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    identifier: text("identifier").notNull(),
    description: text("description").notNull(),
    metadata: jsonb("metadata"),
    /** `[{ identifier, platform_product_identifier }]`. */
    packages: jsonb("packages").notNull(),
    paywallComponents: jsonb("paywall_components"),
    /** The offering's multi-page paywall (`{ id, initial_step_id, steps, screens }`); null when it has none. */
    workflow: jsonb("workflow").$type<StoredWorkflow | null>(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.identifier] })],
);

/** The project's virtual currencies, from the catalogue (`virtual_currencies`). */
export const virtualCurrencies = pgTable(
  "billing_virtual_currencies",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.code] })],
);

export const customers = pgTable(
  "billing_customers",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    appUserId: text("app_user_id").notNull(),
    firstSeen: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.appUserId] })],
);

export const customerAttributes = pgTable(
  "billing_customer_attributes",
  {
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    name: text("name").notNull(),
    value: text("value"),
    updatedAtMs: bigint("updated_at_ms", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.appUserId, t.name] })],
);

/** A renewal payment the customer's bank wants them to confirm: what the hosted confirmation page needs. */
export interface RenewalAuthentication {
  paymentIntentId: string;
  clientSecret: string;
  /** The saved card the payment was tried on. */
  paymentMethodId: string;
}

export const purchases = pgTable(
  "billing_purchases",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    productId: text("product_id").notNull(),
    optionId: text("option_id").notNull(),
    store: text("store").$type<PurchaseStore>().notNull(),
    isSandbox: boolean("is_sandbox").notNull(),
    /** The id shown to clients; also the idempotency key of receipts (their fetch_token). */
    storeTransactionId: text("store_transaction_id").notNull(),
    periodType: text("period_type").$type<"normal" | "trial" | "intro">().notNull(),
    purchaseDate: moment("purchase_date").notNull(),
    originalPurchaseDate: moment("original_purchase_date").notNull(),
    /** Null for one-time purchases. */
    expiresDate: moment("expires_date"),
    unsubscribeDetectedAt: moment("unsubscribe_detected_at"),
    billingIssuesDetectedAt: moment("billing_issues_detected_at"),
    refundedAt: moment("refunded_at"),
    priceMicros: bigint("price_micros", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    presentedOfferingIdentifier: text("presented_offering_identifier"),
    createdAt: createdAt(),
    /**
     * When the lifecycle worker settled the end of this period (renewed, expired, billing issue, or nothing to
     * do because a later purchase or a refund replaced it); null while the period runs or waits for the worker.
     */
    lifecycleHandledAt: moment("lifecycle_handled_at"),
    /** Until when a lifecycle worker holds this period while its renewal is being charged. */
    lifecycleLeaseUntil: moment("lifecycle_lease_until"),
    /** While a renewal's payment is retried (billing issue): access lasts until then, and the period expires then. */
    gracePeriodExpiresDate: moment("grace_period_expires_date"),
    /** When the lifecycle worker may next try this period's renewal; null: as soon as the period ends. */
    renewalRetryAt: moment("renewal_retry_at"),
    /** Renewal charges of this period that did not succeed (0 until the first decline). */
    renewalAttempts: integer("renewal_attempts").notNull().default(0),
    /** The renewal payment waiting for the customer to confirm it on the hosted page (SCA), if any. */
    renewalAuthentication: jsonb("renewal_authentication").$type<RenewalAuthentication>(),
  },
  (t) => [
    uniqueIndex("billing_purchases_transaction_idx").on(t.projectId, t.storeTransactionId),
    index("billing_purchases_customer_idx").on(t.projectId, t.appUserId),
    index("billing_purchases_expiry_idx").on(t.expiresDate),
    // Only unsettled periods: the lifecycle worker's scan stays as small as the work due, however long the history.
    index("billing_purchases_lifecycle_due_idx")
      .on(t.expiresDate)
      .where(sql`${t.lifecycleHandledAt} is null`),
  ],
);

export const checkoutSessions = pgTable(
  "billing_checkout_sessions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    productId: text("product_id").notNull(),
    optionId: text("option_id").notNull(),
    priceId: text("price_id").notNull(),
    email: text("email"),
    status: text("status").$type<"started" | "in_progress" | "succeeded" | "failed">().notNull(),
    isSandbox: boolean("is_sandbox").notNull(),
    presentedOfferingIdentifier: text("presented_offering_identifier"),
    presentedPlacementIdentifier: text("presented_placement_identifier"),
    appliedTargetingRule: jsonb("applied_targeting_rule"),
    metadata: jsonb("metadata"),
    traceId: text("trace_id"),
    /** Amount and currency of the first charge (0 for a trial) and the tax last calculated. */
    amountMicros: bigint("amount_micros", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    tax: jsonb("tax"),
    /** Gateway-side ids (Stripe intent id, client secret) and the params sent to the client. */
    gateway: jsonb("gateway"),
    storeTransactionId: text("store_transaction_id"),
    purchaseDate: moment("purchase_date"),
    errorCode: integer("error_code"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (t) => [index("billing_checkout_sessions_project_idx").on(t.projectId, t.appUserId)],
);

export const analyticsEvents = pgTable("billing_analytics_events", {
  id: text("id").primaryKey(),
  projectId: text("project_id").notNull(),
  eventName: text("event_name").notNull(),
  appUserId: text("app_user_id").notNull(),
  payload: jsonb("payload").notNull(),
  receivedAt: createdAt(),
});

export const webhookOutbox = pgTable(
  "billing_webhook_outbox",
  {
    eventId: text("event_id").primaryKey(),
    projectId: text("project_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: moment("next_attempt_at").notNull(),
    deliveredAt: moment("delivered_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("billing_webhook_outbox_due_idx").on(t.deliveredAt, t.nextAttemptAt)],
);

/**
 * Customers' virtual currency balances. No foreign key to the currencies: the catalogue is replaced on every
 * start, and a balance outlives a currency that is taken out of it and put back.
 */
export const virtualCurrencyBalances = pgTable(
  "billing_virtual_currency_balances",
  {
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    code: text("code").notNull(),
    balance: bigint("balance", { mode: "number" }).notNull(),
    updatedAt: moment("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.appUserId, t.code] })],
);

/**
 * Every virtual currency grant, one row per purchase period and currency: its key is what makes a grant happen
 * exactly once however often the purchase is reported (a replayed receipt, webhook or renewal).
 */
export const virtualCurrencyGrants = pgTable(
  "billing_virtual_currency_grants",
  {
    projectId: text("project_id").notNull(),
    storeTransactionId: text("store_transaction_id").notNull(),
    code: text("code").notNull(),
    appUserId: text("app_user_id").notNull(),
    productId: text("product_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    grantedAt: moment("granted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.storeTransactionId, t.code] })],
);

/**
 * The project's promotion codes: the catalogue's definition (upper-cased `code`, seeded on every start) and how
 * many purchases have redeemed each, which re-seeding keeps.
 */
export const promotionCodes = pgTable(
  "billing_promotion_codes",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The catalogue entry, in its snake_case shape (`CataloguePromotionCode`). */
    definition: jsonb("definition").notNull(),
    redemptionCount: integer("redemption_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.code] })],
);

/**
 * One use of a promotion code per holder (an operation session, or a Test Store receipt's fetch token), so a
 * code's `max_redemptions` holds before money is asked for: `reserved` when applied to a checkout, `confirmed`
 * when the purchase is recorded (and then counted in `redemption_count`), `released` when the checkout failed,
 * dropped the code or was abandoned (see `promotion-code-reservations.ts`). Dropped with the code.
 */
export const promotionRedemptions = pgTable(
  "billing_promotion_redemptions",
  {
    projectId: text("project_id").notNull(),
    code: text("code").notNull(),
    holderId: text("holder_id").notNull(),
    status: text("status").$type<"reserved" | "confirmed" | "released">().notNull(),
    /** When it was last reserved (applied, or checked again at complete): an abandoned hold lapses from here. */
    reservedAt: moment("reserved_at").notNull(),
    updatedAt: moment("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.code, t.holderId] }),
    foreignKey({
      columns: [t.projectId, t.code],
      foreignColumns: [promotionCodes.projectId, promotionCodes.code],
    }).onDelete("cascade"),
    index("billing_promotion_redemptions_holder_idx").on(t.projectId, t.holderId),
  ],
);

/**
 * A customer's free trial of one trial family (a subscription group, or a product of its own) held by one holder, so
 * that checkouts side by side cannot each set up a trial before any purchase is recorded: `reserved` by a card
 * checkout's complete (or a Test Store receipt), `confirmed` when its purchase is recorded, `released` when the
 * checkout fails; an abandoned hold lapses (see `trial-reservations.ts`). One row per customer and family: its key is
 * the lock two checkouts judge the trial under, one after the other. Whether a customer had the trial is still read
 * from their purchases, which identify moves with the customer.
 */
export const trialReservations = pgTable(
  "billing_trial_reservations",
  {
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    /** `group:{subscription_group}` or `product:{identifier}` (`trialFamily`). */
    trialFamily: text("trial_family").notNull(),
    /** The operation session (`opsess_…`) or Test Store fetch token holding it. */
    holderId: text("holder_id").notNull(),
    status: text("status").$type<"reserved" | "confirmed" | "released">().notNull(),
    /** When it was last reserved: an abandoned hold lapses from here. */
    reservedAt: moment("reserved_at").notNull(),
    updatedAt: moment("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.appUserId, t.trialFamily] })],
);

/**
 * Sign-in link mails the hosted page's entry page sent (one row each), kept an hour for its flood limits per
 * customer and per requester (`sign-in-mail-limit.ts`). The requester is kept as an HMAC of their IP address, never
 * the address itself.
 */
export const signInMails = pgTable(
  "billing_sign_in_mails",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    requester: text("requester").notNull(),
    sentAt: moment("sent_at").notNull(),
  },
  (t) => [
    index("billing_sign_in_mails_customer_idx").on(t.projectId, t.appUserId, t.sentAt),
    index("billing_sign_in_mails_requester_idx").on(t.requester, t.sentAt),
    index("billing_sign_in_mails_sent_idx").on(t.sentAt),
  ],
);

/**
 * Every version of the catalogue (issue #46): the database is the catalogue's source of truth, and the tables above
 * (projects, keys, products, offerings, virtual currencies, promotion codes) hold its newest version. A file is
 * imported explicitly (`catalogue import`, or at the first start of an empty database); an import that changes
 * nothing adds no version.
 */
export const catalogueVersions = pgTable("billing_catalogue_versions", {
  version: integer("version").primaryKey(),
  /** The whole catalogue as it was validated (`Catalogue`), to export, compare or roll back to. */
  document: jsonb("document").notNull(),
  /** SHA-256 (hex) of the document's canonical JSON (keys sorted): equal catalogues have equal digests. */
  digest: text("digest").notNull(),
  /** Where it came from: "file /srv/catalogue.json", "first start: file …", "the shipped Realmheart catalogue". */
  source: text("source").notNull(),
  /** Who imported it: "cli alice@billing-1", "billing server start", an app's name. */
  actor: text("actor").notNull(),
  createdAt: createdAt(),
});

/**
 * Secret API keys of a project's own servers (issue #48): `sk_…`, never in a page. Only the SHA-256 of a key is kept
 * (a key is 32 random bytes, so a plain hash cannot be reversed by guessing); `prefix` is its first characters, shown
 * to tell keys apart. A key acts only within its `scopes` (`SECRET_KEY_SCOPES`), until `expiresAt` or `revokedAt`.
 */
export const secretKeys = pgTable(
  "billing_secret_keys",
  {
    /** The key's public id (`key_…`), named in the audit log; not a secret. */
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the whole key. */
    hash: text("hash").notNull(),
    /** The key's first 12 characters (`sk_AbCdEfGhI`), to recognise it in a list. */
    prefix: text("prefix").notNull(),
    /** What the merchant calls it ("support tool"). */
    name: text("name"),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    /** Who made it: "cli alice@billing-1". */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: moment("expires_at"),
    revokedAt: moment("revoked_at"),
    lastUsedAt: moment("last_used_at"),
  },
  (t) => [
    uniqueIndex("billing_secret_keys_hash_idx").on(t.hash),
    index("billing_secret_keys_project_idx").on(t.projectId),
  ],
);

/**
 * Entitlements granted without a purchase (RevenueCat's promotional grants): from `startsAt` until `expiresAt` (null:
 * for life), unless revoked. Customer info shows each as a subscription of store `promotional` that never renews.
 */
export const promotionalGrants = pgTable(
  "billing_promotional_grants",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id").notNull(),
    entitlement: text("entitlement").notNull(),
    /** The RevenueCat duration it was asked for (`monthly`, `lifetime`…), or `custom` for an `end_time_ms`. */
    duration: text("duration").notNull(),
    startsAt: moment("starts_at").notNull(),
    expiresAt: moment("expires_at"),
    revokedAt: moment("revoked_at"),
    /** Who granted it: a secret key id, "cli …", a dashboard user. */
    grantedBy: text("granted_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("billing_promotional_grants_customer_idx").on(t.projectId, t.appUserId)],
);

/**
 * Every write made through the merchant API, the CLI or the dashboard (issue #48): who (a secret key id, "cli …"),
 * what (`action` on `targetType`/`targetId`), the record before and after, and when. Rows are only ever added.
 */
export const auditLog = pgTable(
  "billing_audit_log",
  {
    id: text("id").primaryKey(),
    /** The order entries were written in (their `at` may tie). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    projectId: text("project_id").notNull(),
    actor: text("actor").notNull(),
    /** `customer.promotional_grant`, `subscription.cancel`, `secret_key.create`… */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: moment("at").notNull(),
  },
  (t) => [
    index("billing_audit_log_project_idx").on(t.projectId, t.seq),
    index("billing_audit_log_target_idx").on(t.projectId, t.targetType, t.targetId),
  ],
);

/**
 * Every attempt to deliver a webhook event (issue #48), beside the outbox row that schedules them: where it went, the
 * receiver's status (null when it never answered), how long it took and the start of its answer or the error.
 */
export const webhookDeliveries = pgTable(
  "billing_webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull(),
    projectId: text("project_id").notNull(),
    appUserId: text("app_user_id"),
    eventType: text("event_type").notNull(),
    url: text("url").notNull(),
    /** The receiver's HTTP status; null when there was no answer (timeout, connection refused). */
    status: integer("status"),
    /** A 2xx: the event is acknowledged. */
    succeeded: boolean("succeeded").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    /** The first 1,000 characters of the answer's body, or the error. */
    responseExcerpt: text("response_excerpt"),
    /** `schedule` for the worker's schedule, `replay` for a merchant's replay. */
    trigger: text("trigger").$type<"schedule" | "replay">().notNull(),
    attemptedAt: moment("attempted_at").notNull(),
  },
  (t) => [
    index("billing_webhook_deliveries_event_idx").on(t.eventId, t.attemptedAt),
    index("billing_webhook_deliveries_customer_idx").on(t.projectId, t.appUserId, t.attemptedAt),
  ],
);
