import { desc, eq } from "drizzle-orm";
import type { UserRow } from "../auth/session-store.js";
import type { AppDb } from "../db/database.js";
import { paymentMethods, payments, type PaymentKind } from "../db/schema.js";
import { graceEnd, PREMIUM_PRICE, RENEWAL_RETRY_INTERVAL_MS } from "../payments/money.js";
import { subscriptionStatusAt, type SubscriptionStatus } from "../users/subscription-status.js";

/** The plan a subscription is on (there is one: Premium Realm, R99 a month). */
export interface PlanView {
  id: "premium_monthly";
  name: "Premium Realm";
  /** Minor units: 9900. */
  amount: number;
  currency: string;
  interval: "month";
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
  /** ISO 8601: when the trial or the paid month ends (access runs to then). */
  periodEnd: string | null;
  /** Renewal is off (cancelled here, or on the billing server's page for a store subscription): it ends at `periodEnd`. */
  cancelAtPeriodEnd: boolean;
  /** The next charge on the saved card, or null when none will be made (cancelled, ended, store-paid). */
  nextCharge: { date: string; amount: number; currency: string } | null;
  paymentMethod: PaymentMethodView | null;
  /** A renewal was declined: access runs until `graceEndsAt` while the card is retried daily. */
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

/**
 * Where a user's subscription is at `now`: `card` when a saved card pays for it (a trial with a card, or a card-paid
 * month), `store` when only the billing server's entitlement runs, else null; with the end of that period. The card
 * case reads the stored status: a trial or month that has just ended stays `card` until the renewal worker has
 * charged (or ended) it, so a cancel in that minute still stops the charge.
 *
 * @example
 * subscriptionSource(user, now); // { source: "card", periodEnd: 2026-12-28T12:00:00.000Z }
 */
export function subscriptionSource(
  user: UserRow,
  now: Date,
): { source: "card" | "store" | null; periodEnd: Date | null } {
  if (user.subscriptionStatus === "trial" && user.paymentMethodSetup && user.trialEndDate) {
    return { source: "card", periodEnd: user.trialEndDate };
  }
  if (user.subscriptionStatus === "active" && user.subscriptionPeriodEnd) {
    return { source: "card", periodEnd: user.subscriptionPeriodEnd };
  }
  // Active without a card period: the billing server's entitlement (null: it never expires).
  if (subscriptionStatusAt(user, now) === "active") {
    return { source: "store", periodEnd: user.storeEntitlementExpiresAt };
  }
  return { source: null, periodEnd: null };
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
  const { source, periodEnd } = subscriptionSource(user, now);
  const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, user.id))
    .orderBy(desc(payments.createdAt), desc(payments.reference))
    .limit(HISTORY_LIMIT);
  const billingIssue = source === "card" && user.billingIssueAt !== null;
  return {
    status,
    plan: source === null ? null : PLAN,
    source,
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
    graceEndsAt: billingIssue && periodEnd ? graceEnd(periodEnd).toISOString() : null,
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
