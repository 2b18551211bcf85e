import { desc, eq } from "drizzle-orm";
import type { UserRow } from "../auth/session-store.js";
import type { AppDb } from "../db/database.js";
import { paymentMethods, payments, type PaymentKind } from "../db/schema.js";
import { graceEnd, PREMIUM_PRICE, RENEWAL_RETRY_INTERVAL_MS } from "../premium/money.js";
import { subscriptionStatusAt, type SubscriptionStatus } from "../users/subscription-status.js";
import { sourceOf } from "../premium/subscription-machine.js";
import { STORE_PLANS } from "../billing/store-plans.js";

/** The plan a subscription is on: Premium Realm, R99 a month (or R990 a year, bought through the in-app checkout). */
export interface PlanView {
  id: "premium_monthly" | "premium_annual";
  name: "Premium Realm";
  /** Minor units: 9900 (a month) or 99000 (a year). */
  amount: number;
  currency: string;
  interval: "month" | "year";
}

/** A saved card as the customer may see it. */
export interface PaymentMethodView {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** One payment in the customer's billing history. */
export interface PaymentHistoryEntry {
  reference: string;
  kind: PaymentKind;
  /** Minor units (9900 for R99). */
  amount: number;
  currency: string;
  status: "success" | "pending" | "failed" | "refunded";
  createdAt: string;
  /** ISO 8601: when it succeeded or failed; null while pending. */
  settledAt: string | null;
  refundedAt: string | null;
}

/** `GET /api/subscription`: everything the Subscription screen shows. */
export interface SubscriptionView {
  status: SubscriptionStatus;
  /** The plan being paid for, or charged at the trial's end; null when nothing is (or will be) paid. */
  plan: PlanView | null;
  /** How it is paid: a saved card (this app's gateway), the billing server's checkout (store), or nothing. */
  source: "card" | "store" | null;
  /** The running period is a free trial (the 7 days with a card here, or the in-app checkout's trial). */
  freeTrial: boolean;
  /** ISO 8601: when the trial or the paid month ends (access runs to then). */
  periodEnd: string | null;
  /** Renewal is off (cancelled here, or on the billing server's page for a store subscription): it ends at `periodEnd`. */
  cancelAtPeriodEnd: boolean;
  /** The next charge on the saved card, or null when none will be made (cancelled, ended, store-paid). */
  nextCharge: { date: string; amount: number; currency: string } | null;
  paymentMethod: PaymentMethodView | null;
  /** A renewal was declined: access runs until `graceEndsAt` while the card is retried (card or store). */
  billingIssue: boolean;
  graceEndsAt: string | null;
  /** Newest first, at most {@link HISTORY_LIMIT}. */
  history: PaymentHistoryEntry[];
  /** Where the customer manages this subscription: the app's Subscription screen, or the billing server's page. */
  managementUrl: string;
}

/** Payments shown in the history at most. */
export const HISTORY_LIMIT = 50;

const PLAN: PlanView = {
  id: "premium_monthly",
  name: "Premium Realm",
  amount: PREMIUM_PRICE.amount,
  currency: PREMIUM_PRICE.currency,
  interval: "month",
};

/** The plan of a subscription paid from `source`: the card's is monthly; the store's is its product's. */
function planOf(user: UserRow, source: "card" | "store" | null): PlanView | null {
  if (source === null) return null;
  const store = source === "store" && user.storeProductId ? STORE_PLANS[user.storeProductId] : undefined;
  if (!store || store.months !== 12) return PLAN;
  return { ...PLAN, id: "premium_annual", amount: store.amount, interval: "year" };
}

/**
 * The customer's view of their subscription at `now` (see {@link SubscriptionView}).
 *
 * @example
 * reply.send(await subscriptionView(ctx.db, user, now, { managementUrl: `${origin}/subscription` }));
 */
export async function subscriptionView(
  db: AppDb,
  user: UserRow,
  now: Date,
  links: { managementUrl: string },
): Promise<SubscriptionView> {
  const status = subscriptionStatusAt(user, now);
  const { source, periodEnd } = sourceOf(user, now);
  const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, user.id))
    .orderBy(desc(payments.createdAt), desc(payments.reference))
    .limit(HISTORY_LIMIT);
  const billingIssue =
    (source === "card" && user.billingIssueAt !== null) ||
    (source === "store" && user.storeBillingIssueAt !== null);
  // A store billing issue's access already runs to the end of its grace period.
  const graceEndsAt =
    billingIssue && periodEnd ? (source === "store" ? periodEnd : graceEnd(periodEnd)) : null;
  return {
    status,
    plan: planOf(user, source),
    source,
    freeTrial:
      (source === "card" && user.subscriptionStatus === "trial") ||
      (source === "store" && user.storePeriodType === "trial"),
    periodEnd: periodEnd?.toISOString() ?? null,
    // A store subscription is cancelled on the billing server's Manage page; the app learns it by webhook.
    cancelAtPeriodEnd:
      source === "store" ? user.storeCancelledAt !== null : source === "card" && user.cancelAtPeriodEnd,
    nextCharge: nextCharge(user, source, periodEnd, rows, now),
    paymentMethod:
      card?.brand && card.last4 && card.expMonth && card.expYear
        ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
        : null,
    billingIssue,
    graceEndsAt: graceEndsAt?.toISOString() ?? null,
    history: rows.map(toHistoryEntry),
    managementUrl: links.managementUrl,
  };
}

/** When the saved card is charged next: the period's end, or during a billing issue the next daily retry. */
function nextCharge(
  user: UserRow,
  source: "card" | "store" | null,
  periodEnd: Date | null,
  rows: (typeof payments.$inferSelect)[],
  now: Date,
): SubscriptionView["nextCharge"] {
  if (source !== "card" || user.cancelAtPeriodEnd || !periodEnd) return null;
  let date = periodEnd;
  if (user.billingIssueAt) {
    const lastTry = rows.find((row) => row.renewalFor?.getTime() === periodEnd.getTime())?.attemptedAt;
    const retry = lastTry ? new Date(lastTry.getTime() + RENEWAL_RETRY_INTERVAL_MS) : now;
    if (retry >= graceEnd(periodEnd)) return null;
    date = retry;
  }
  return { date: date.toISOString(), amount: PLAN.amount, currency: PLAN.currency };
}

function toHistoryEntry(row: typeof payments.$inferSelect): PaymentHistoryEntry {
  return {
    reference: row.reference,
    kind: row.kind,
    amount: row.amount,
    currency: row.currency,
    status: row.refundedAt ? "refunded" : row.status,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}
