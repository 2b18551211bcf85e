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
  uuid,
} from "drizzle-orm/pg-core";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A user's role: admins see the dashboard. */
export type Role = "user" | "admin";
/** The stored subscription status; "expired" is also derived from the trial end date (see subscription-status.ts). */
export type StoredSubscriptionStatus = "trial" | "active" | "expired";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower-cased, so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  /** `scrypt$N$r$p$salt$hash`; null for accounts that sign in through OpenID Connect. */
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  role: text("role").$type<Role>().notNull().default("user"),
  ageVerified: boolean("age_verified").notNull().default(false),
  ageVerifiedAt: moment("age_verified_at"),
  subscriptionStatus: text("subscription_status")
    .$type<StoredSubscriptionStatus>()
    .notNull()
    .default("trial"),
  /** Null until the trial setup completes; the trial ends 7 days after that. */
  trialEndDate: moment("trial_end_date"),
  paymentMethodSetup: boolean("payment_method_setup").notNull().default(false),
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
  },
  (t) => [index("chats_user_idx").on(t.userId)],
);

/** Who wrote a message: the user or the character. */
export type MessageRole = "user" | "character";

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
    content: text("content").notNull(),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [index("messages_chat_idx").on(t.chatId, t.seq)],
);

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
