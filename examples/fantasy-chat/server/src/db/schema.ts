// Tables of the Realmheart app. The billing server keeps its own `billing_*` tables, so both can share one
// PostgreSQL database. Times are `timestamptz`; ids the client sees are UUIDs, except characters, which have
// readable slugs because they are seeded content.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A user's role: admins see the dashboard. */
export type Role = "user" | "admin";
/** The stored subscription status; "expired" is also derived from the trial end date (see subscription-status.ts). */
export type StoredSubscriptionStatus = "trial" | "active" | "expired";
/** The kind of a store-paid period, as the billing server's `period_type` names it (lower-cased). */
export type StorePeriodType = "trial" | "intro" | "normal";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower-cased, so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  /** `scrypt$N$r$p$salt$hash`; null for accounts that sign in through OpenID Connect. */
  passwordHash: text("password_hash"),
  /** `{issuer} {sub}` of an account that signs in through OpenID Connect. */
  oidcSubject: text("oidc_subject").unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  role: text("role").$type<Role>().notNull().default("user"),
  ageVerified: boolean("age_verified").notNull().default(false),
  ageVerifiedAt: moment("age_verified_at"),
  subscriptionStatus: text("subscription_status")
    .$type<StoredSubscriptionStatus>()
    .notNull()
    .default("trial"),
  /** When the user proved the address is theirs (the verification mail's link, or a password reset); null until then. */
  emailVerifiedAt: moment("email_verified_at"),
  /** Null until the trial setup completes; the trial ends 7 days after that. */
  trialEndDate: moment("trial_end_date"),
  paymentMethodSetup: boolean("payment_method_setup").notNull().default(false),
  /** End of the month paid by card (web payment or renewal); the renewal worker charges again then. */
  subscriptionPeriodEnd: moment("subscription_period_end"),
  /** Until when the billing server's "premium" entitlement is active (its webhooks); null when it is not. */
  storeEntitlementExpiresAt: moment("store_entitlement_expires_at"),
  /** The billing server's product that pays for it (`premium_realm_monthly` or `_annual`); null when unknown. */
  storeProductId: text("store_product_id"),
  /** The store entitlement's running period: a free `trial`, an `intro` price or `normal`; null when unknown. */
  storePeriodType: text("store_period_type").$type<StorePeriodType>(),
  /** Renewal of the store subscription was turned off (the Manage page): it ends with its period; null when it renews. */
  storeCancelledAt: moment("store_cancelled_at"),
  /** When the store subscription's renewal was last turned off or on (its CANCELLATION or UNCANCELLATION). */
  storeRenewalChangedAt: moment("store_renewal_changed_at"),
  /** A store renewal was declined (BILLING_ISSUE): access runs through the billing server's grace period. */
  storeBillingIssueAt: moment("store_billing_issue_at"),
  /** The end of the store subscription's free trial, once one was granted. */
  storeTrialEndsAt: moment("store_trial_ends_at"),
  /** When a paid store period followed that trial (it converted); null while it has not. */
  storeTrialConvertedAt: moment("store_trial_converted_at"),
  /**
   * The customer cancelled: access runs to the end of the trial or the paid month, nothing more is charged, then
   * the status becomes `expired`. Resuming before that end clears it.
   */
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** When the customer last cancelled (kept after the period ends, for the history and the admin). */
  cancelledAt: moment("cancelled_at"),
  /**
   * When a renewal of the current paid month was first declined: the grace period (3 days from the month's end)
   * keeps access while the card is retried daily; a successful charge clears it.
   */
  billingIssueAt: moment("billing_issue_at"),
  createdAt: moment("created_at").notNull(),
  updatedAt: moment("updated_at").notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** HMAC-SHA256 of the cookie's token: a database dump alone cannot sign anyone in. */
    digest: text("digest").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: moment("created_at").notNull(),
    expiresAt: moment("expires_at").notNull(),
    /** The browser that signed in (its User-Agent, at most 200 characters), so the user can tell sessions apart. */
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

export const profiles = pgTable("profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  preferredName: text("preferred_name").notNull(),
  favoriteArchetype: text("favorite_archetype"),
  backstory: text("backstory").notNull(),
  personalityTraits: jsonb("personality_traits").$type<string[]>().notNull(),
  updatedAt: moment("updated_at").notNull(),
});

export const characters = pgTable("characters", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  archetype: text("archetype").notNull(),
  avatarUrl: text("avatar_url").notNull(),
  tags: jsonb("tags").$type<string[]>().notNull(),
  greeting: text("greeting").notNull(),
  premium: boolean("premium").notNull().default(false),
  position: integer("position").notNull(),
  /**
   * For characters imported from a Character Card V2: the card's fields the columns above do not hold (personality,
   * scenario, system prompt, extensions…), kept as given so an export gives them back. Null for seeded characters.
   */
  card: jsonb("card").$type<Record<string, unknown>>(),
  /** An imported PNG card's image (base64), served as its portrait; null when a generated portrait is used. */
  portraitPng: text("portrait_png"),
});

export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characterId: text("character_id")
      .notNull()
      .references(() => characters.id),
    title: text("title"),
    lastMessageAt: moment("last_message_at"),
    createdAt: moment("created_at").notNull(),
    /**
     * Moved by a trigger on every statement that inserts, updates or deletes the chat's messages: a reply
     * context kept in memory is current while this is what it was when the context was read.
     */
    messagesRevision: integer("messages_revision").notNull().default(0),
  },
  (t) => [index("chats_user_idx").on(t.userId)],
);

/** Who wrote a message: the user or the character. */
export type MessageRole = "user" | "character";

/** One generated version of a character message (a "swipe"). */
export interface MessageVersion {
  content: string;
  /** ISO 8601. */
  createdAt: string;
  /** The crisis reply (the answered message told of a crisis), not role-play. */
  crisis?: boolean;
}

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: a reply stored in the same millisecond as its question still sorts after it. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    role: text("role").$type<MessageRole>().notNull(),
    /** The selected version's text (what the chat shows and what engines read). */
    content: text("content").notNull(),
    createdAt: moment("created_at").notNull(),
    /** When the user last edited their message. */
    editedAt: moment("edited_at"),
    /** Every version of a character message, oldest first; null means one version, `content` itself. */
    versions: jsonb("versions").$type<MessageVersion[]>(),
    /** The selected entry of `versions` (0-based). */
    versionIndex: integer("version_index").notNull().default(0),
    /**
     * A user's message that told of a crisis (see server/src/safety/assess-text.ts), or the crisis reply to one:
     * shown in the chat, but never folded into memory, read for facts, used as a title or put in a prompt.
     */
    crisis: boolean("crisis").notNull().default(false),
  },
  (t) => [
    index("messages_chat_idx").on(t.chatId, t.seq),
    // A chat's latest character replies (what a reply must not repeat) read in order, however long the chat.
    index("messages_chat_replies_idx")
      .on(t.chatId, t.seq)
      .where(sql`${t.role} = 'character'`),
  ],
);

/**
 * The data sweeps that ran on this database, by name, with the version of the rules they applied: a sweep runs
 * again when its rules are newer (see server/src/safety/crisis-sweep.ts).
 */
export const dataSweeps = pgTable("data_sweeps", {
  name: text("name").primaryKey(),
  version: integer("version").notNull(),
  sweptAt: moment("swept_at").notNull(),
});

/**
 * A chat's long-term memory: what the user said in turns older than the recent window, folded into facts and
 * topics as the chat grows (premium only: free chats keep the recent window). Rebuilt from scratch when an
 * older message is edited or deleted.
 */
export const chatMemories = pgTable("chat_memories", {
  chatId: uuid("chat_id")
    .primaryKey()
    .references(() => chats.id, { onDelete: "cascade" }),
  /** Facts the user stated (names, places, wishes), oldest first, in their own words. */
  facts: jsonb("facts").$type<string[]>().notNull(),
  /** Short notes of earlier topics, oldest first, the latest few kept. */
  topics: jsonb("topics").$type<string[]>().notNull(),
  /** The last message folded in (its `seq`). */
  coveredSeq: bigint("covered_seq", { mode: "number" }).notNull(),
  updatedAt: moment("updated_at").notNull(),
});

/** What an emailed link is for. */
export type EmailTokenPurpose = "verify_email" | "reset_password";

/**
 * Single-use links sent by email (address verification, password reset). Only an HMAC digest of the token in the
 * link is stored, like sessions: a database dump cannot be used to verify or reset anything.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    digest: text("digest").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<EmailTokenPurpose>().notNull(),
    /** The address the link was sent to: a link for an address the account no longer has is void. */
    email: text("email").notNull(),
    createdAt: moment("created_at").notNull(),
    expiresAt: moment("expires_at").notNull(),
    usedAt: moment("used_at"),
  },
  (t) => [
    index("email_tokens_user_idx").on(t.userId, t.purpose),
    index("email_tokens_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * The one-time links that make the first admin (`/admin-setup?token=…`, printed at start while the app has no
 * admin): only an HMAC of each token, the newest one valid, none once an admin exists.
 */
export const adminSetupTokens = pgTable("admin_setup_tokens", {
  digest: text("digest").primaryKey(),
  createdAt: moment("created_at").notNull(),
  expiresAt: moment("expires_at").notNull(),
  usedAt: moment("used_at"),
});

/** Free messages sent per user and UTC day; the row is the unit of the atomic quota check. */
export const dailyMessageUsage = pgTable(
  "daily_message_usage",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Fixed-window counters shared by every process on the database. Keys are HMAC digests, never raw emails or IPs. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: moment("window_start").notNull(),
    count: integer("count").notNull(),
    expiresAt: moment("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_expiry_idx").on(t.expiresAt)],
);

/**
 * What a card payment pays for. A `card_update` saves a new card: a refunded R1.00 check, or (on a past-due
 * subscription) the overdue month itself, which then has `renewalFor` set like a renewal.
 */
export type PaymentKind = "subscription" | "trial_setup" | "renewal" | "card_update";
/** A payment's state: it leaves `pending` once, by one conditional update (which is what makes granting exactly-once). */
export type PaymentStatus = "pending" | "success" | "failed";
/** The payment gateway a payment went through. */
export type GatewayName = "sandbox" | "paystack";

/** Card payments the app started, each bound to its user by a random reference. */
export const payments = pgTable(
  "payments",
  {
    reference: text("reference").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PaymentKind>().notNull(),
    gateway: text("gateway").$type<GatewayName>().notNull(),
    /** Minor units (cents). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    email: text("email").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    /** Why a payment failed, as a code (declined, amount_mismatch, …). */
    failureReason: text("failure_reason"),
    /**
     * For renewals (and a past-due card update): the period end (or trial end) it pays for. At most one pending or
     * successful payment per user and period, so a period is charged once; declined attempts may repeat (retries).
     */
    renewalFor: moment("renewal_for"),
    createdAt: moment("created_at").notNull(),
    /** When a worker last tried to charge or confirm it; a pending renewal untouched for long is recovered. */
    attemptedAt: moment("attempted_at").notNull(),
    settledAt: moment("settled_at"),
    /** When the payment was refunded: a card check at once, any other payment by an admin. */
    refundedAt: moment("refunded_at"),
    /**
     * When a refund was claimed (see `refundOnce`): set where unset before the gateway is asked, so of any number of
     * askers one refunds; cleared when the gateway fails. A claim left by a process that died expires.
     */
    refundRequestedAt: moment("refund_requested_at"),
    /** Why an admin refunded it (required then); null for a card check's automatic refund. */
    refundReason: text("refund_reason"),
  },
  (t) => [
    uniqueIndex("payments_user_renewal_live_unique")
      .on(t.userId, t.renewalFor)
      .where(sql`${t.status} in ('pending', 'success')`),
    index("payments_user_idx").on(t.userId),
    index("payments_pending_idx").on(t.status, t.attemptedAt),
  ],
);

/** A user's saved card: the gateway's reusable authorization, charged at trial end and every month after. */
export const paymentMethods = pgTable("payment_methods", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  gateway: text("gateway").$type<GatewayName>().notNull(),
  /** A credential: it can be charged. Never logged or sent to the client. */
  authorizationCode: text("authorization_code").notNull(),
  /** The email the authorization was made with; the gateway needs it to charge. */
  email: text("email").notNull(),
  /** What the customer sees of the card (the gateway's report; null when it gave none). */
  brand: text("brand"),
  last4: text("last4"),
  expMonth: integer("exp_month"),
  expYear: integer("exp_year"),
  updatedAt: moment("updated_at").notNull(),
});

/**
 * Every change of a user's subscription, as the subscription machine named it (`subscribed`, `renewed`,
 * `ended_after_grace`, …), with the status it left: the admin's churn counts paid subscriptions that ended.
 */
export const subscriptionTransitions = pgTable(
  "subscription_transitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fromStatus: text("from_status").$type<StoredSubscriptionStatus>().notNull(),
    at: moment("at").notNull(),
  },
  (t) => [index("subscription_transitions_name_at_idx").on(t.name, t.at)],
);

/** Billing-server webhook events already applied, so a redelivery has no second effect. */
export const processedBillingEvents = pgTable("processed_billing_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  appUserId: text("app_user_id").notNull(),
  processedAt: moment("processed_at").notNull(),
});

/** A sandbox gateway transaction's state, as the real gateway reports it. */
export type SandboxStatus = "pending" | "success" | "failed";

/**
 * The built-in sandbox gateway's own records (it stands in for the payment provider, so it keeps its books in
 * the database like everything else): checkouts the user approves or declines, and charges on their
 * authorizations.
 */
export const sandboxTransactions = pgTable(
  "sandbox_transactions",
  {
    reference: text("reference").primaryKey(),
    kind: text("kind").$type<"checkout" | "charge">().notNull(),
    email: text("email").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** What the authorization page says is being paid for. */
    description: text("description").notNull().default(""),
    /** Where the authorization page returns to (checkouts only). */
    callbackUrl: text("callback_url"),
    status: text("status").$type<SandboxStatus>().notNull(),
    /** The reusable authorization an approved checkout created, or the one a charge used. */
    authorizationCode: text("authorization_code"),
    /** Set on an approved checkout: later charges on its authorization are declined (to try renewal failures). */
    declineCharges: boolean("decline_charges").notNull().default(false),
    createdAt: moment("created_at").notNull(),
    decidedAt: moment("decided_at"),
    refundedAt: moment("refunded_at"),
  },
  (t) => [index("sandbox_transactions_authorization_idx").on(t.authorizationCode)],
);
