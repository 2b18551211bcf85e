// The reference of the renewal model test, written from the product's rules and not from the server's code: a ledger
// of what the customer did and what Stripe recorded, and the rules the billing server's purchases and access must
// obey against it — a trial lasts a week and comes once per customer and group, a paid period a calendar month from
// its start, the grace period 6 days from the first failed charge of a renewal; a renewal starts where the period it
// renews ended, or when it was paid once that subscription had ended; nothing is charged after a cancel took effect,
// after a refund, or for a subscription a later purchase replaced.
import { expect } from "vitest";
import type { purchases } from "../../src/db/schema.js";

type PurchaseRow = typeof purchases.$inferSelect;

const DAY = 86_400_000;
const TRIAL_DAYS = 7;
const GRACE_DAYS = 6;
/** The first charge of a renewal and its three retries. */
const MAX_ATTEMPTS = 4;
const PRICE_MICROS = 99_000_000;

/** One calendar month later, on the same day or the month's last day when it has no such day (UTC). */
export function addMonth(at: Date): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(at.getUTCDate(), lastDay),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
}

const RENEWAL = /^(.+)_renewal_(\d+)$/;
/** The subscription (its first transaction) a transaction id belongs to. */
export const chainOf = (transactionId: string) => RENEWAL.exec(transactionId)?.[1] ?? transactionId;
const renewalNumber = (transactionId: string) => Number(RENEWAL.exec(transactionId)?.[2] ?? 0);
const previousOf = (renewalId: string) => {
  const n = renewalNumber(renewalId);
  return n <= 1 ? chainOf(renewalId) : `${chainOf(renewalId)}_renewal_${n - 1}`;
};

/** A checkout the customer paid (a card set up for a trial, or a month paid). */
export interface CheckoutPayment {
  intentId: string;
  kind: "trial" | "paid";
  at: Date;
  /** Whether the server granted it (a trial it refused as a second one is not). */
  granted: boolean;
}

/** An off-session renewal charge, as Stripe answered it, and when the customer paid it if it waited for them. */
export interface RenewalCharge {
  id: string;
  renewalId: string;
  at: Date;
  outcome: "succeeded" | "declined" | "authentication_required";
  amountMinor: number;
  paidAt: Date | null;
  /** Paid by the customer once the subscription had ended (its grace period over, or cancelled). */
  paidAfterEnd?: boolean;
}

/** What happened to one customer: the facts the server's state is judged against. */
export class Ledger {
  readonly checkouts = new Map<string, CheckoutPayment>();
  readonly charges = new Map<string, RenewalCharge>();
  /** Subscriptions (by first transaction) whose renewal is off, since when. */
  readonly cancelled = new Map<string, Date>();
  /** Periods refunded, by transaction id. */
  readonly refunded = new Map<string, Date>();

  /** The ledger as MODEL_DEBUG prints it. */
  toJSON() {
    return {
      checkouts: [...this.checkouts.values()],
      charges: [...this.charges.values()],
      cancelled: Object.fromEntries(this.cancelled),
      refunded: Object.fromEntries(this.refunded),
    };
  }

  get trialGranted(): boolean {
    return [...this.checkouts.values()].some((c) => c.kind === "trial" && c.granted);
  }

  recordCheckout(payment: CheckoutPayment): void {
    // Money taken always grants; only a card set up for a second trial may be refused.
    if (payment.kind === "paid") expect(payment.granted, "a paid checkout that granted nothing").toBe(true);
    this.checkouts.set(payment.intentId, payment);
  }

  /**
   * A cancel or a resume the server accepted at `at`: it applies to every subscription of the product still going
   * (its latest period neither settled nor refunded, as `before` the call shows them: two bought side by side
   * included). A cancel turns their renewal off from `at`; a resume turns it back on for those still running.
   */
  recordRenewalSwitch(kind: "cancel" | "resume", before: readonly PurchaseRow[], at: Date): void {
    const latest = new Map<string, PurchaseRow>();
    for (const row of before) {
      const chain = chainOf(row.storeTransactionId);
      const current = latest.get(chain);
      if (!current || (row.expiresDate ?? 0) > (current.expiresDate ?? 0)) latest.set(chain, row);
    }
    for (const [chain, row] of latest) {
      if (row.lifecycleHandledAt !== null || row.refundedAt !== null || !row.expiresDate) continue;
      if (kind === "cancel" && !this.cancelled.has(chain)) this.cancelled.set(chain, at);
      if (kind === "resume" && row.expiresDate > at) this.cancelled.delete(chain);
    }
  }

  /**
   * Records the renewal charges a worker pass made, checking each against what the customer did before it: none
   * after a cancel or a refund, none for a subscription a later purchase replaced, none before the period ended or
   * after its grace period, at most four for one renewal, each for R99.
   */
  recordCharges(charges: readonly RenewalCharge[], rows: readonly PurchaseRow[]): void {
    for (const charge of charges) {
      const chain = chainOf(charge.renewalId);
      const renewed = rows.find((r) => r.storeTransactionId === previousOf(charge.renewalId));
      expect(renewed, `a charge for ${charge.renewalId} renews no period`).toBeDefined();
      if (!renewed?.expiresDate) continue;
      const cancelledAt = this.cancelled.get(chain);
      expect(
        cancelledAt === undefined || charge.at < cancelledAt,
        "a charge after a cancel took effect",
      ).toBe(true);
      const refundedAt = this.refunded.get(renewed.storeTransactionId);
      expect(refundedAt === undefined, "a charge for the renewal of a refunded period").toBe(true);
      expect(charge.at >= renewed.expiresDate, "a charge before the period ended").toBe(true);
      const replacedBy = [...this.checkouts.values()].find(
        (c) => c.granted && chainOf(c.intentId) !== chain && c.at > renewed.purchaseDate && c.at <= charge.at,
      );
      expect(replacedBy, "a charge for a subscription a later purchase replaced").toBeUndefined();
      const earlier = [...this.charges.values()].filter((c) => c.renewalId === charge.renewalId);
      expect(earlier.length + 1, "more attempts than the first charge and three retries").toBeLessThanOrEqual(
        MAX_ATTEMPTS,
      );
      const issueAt = earlier.find((c) => c.outcome !== "succeeded")?.at;
      if (issueAt) {
        expect(
          charge.at.getTime() < issueAt.getTime() + GRACE_DAYS * DAY,
          "a charge after the grace period",
        ).toBe(true);
      }
      expect(charge.amountMinor).toBe(PRICE_MICROS / 10_000);
      this.charges.set(charge.id, charge);
    }
  }

  /**
   * The customer confirmed a renewal payment their bank held (SCA) at `at`. Whether its subscription had ended by
   * then (its grace period over, or cancelled) decides where the period paid for may start.
   */
  recordAuthenticated(charge: RenewalCharge, at: Date): void {
    const issueAt = [...this.charges.values()].find(
      (c) => c.renewalId === charge.renewalId && c.outcome !== "succeeded",
    )?.at;
    const cancelledAt = this.cancelled.get(chainOf(charge.renewalId));
    charge.paidAt = at;
    charge.paidAfterEnd =
      (issueAt !== undefined && at.getTime() >= issueAt.getTime() + GRACE_DAYS * DAY) ||
      (cancelledAt !== undefined && cancelledAt <= at);
  }

  /** When a renewal may start late: a payment the customer made once its subscription had ended, from then. */
  private lateStart(charge: RenewalCharge): Date | null {
    return charge.paidAfterEnd ? charge.paidAt : null;
  }

  /**
   * Checks the server's periods and access at `now`: every period is paid by exactly one payment (a checkout, or one
   * successful renewal charge) or is the one trial, with the dates the rules give it; every payment granted its
   * period; premium is active only when a period paid for (or the trial) covers `now` or a billing issue's grace
   * period does, and always then.
   */
  check(rows: readonly PurchaseRow[], premiumActive: boolean, now: Date): void {
    const byId = new Map(rows.map((r) => [r.storeTransactionId, r]));
    expect(rows.filter((r) => r.periodType === "trial").length, "more than one trial").toBeLessThanOrEqual(1);
    for (const row of rows) {
      const at = row.purchaseDate;
      if (renewalNumber(row.storeTransactionId) === 0) {
        const payment = this.checkouts.get(row.storeTransactionId);
        expect(payment?.granted, `period ${row.storeTransactionId} without a checkout payment`).toBe(true);
        expect(row.periodType).toBe(payment?.kind === "trial" ? "trial" : "normal");
        expect(at).toEqual(payment?.at);
        expect(row.expiresDate).toEqual(
          payment?.kind === "trial" ? new Date(at.getTime() + TRIAL_DAYS * DAY) : addMonth(at),
        );
        continue;
      }
      const paid = [...this.charges.values()].filter(
        (c) => c.renewalId === row.storeTransactionId && c.paidAt !== null,
      );
      expect(paid, `renewal ${row.storeTransactionId} paid by exactly one charge`).toHaveLength(1);
      const renewed = byId.get(previousOf(row.storeTransactionId));
      expect(renewed?.expiresDate, `renewal ${row.storeTransactionId} renews no period`).toBeTruthy();
      const end = renewed?.expiresDate ?? at;
      expect(
        at.getTime() === end.getTime() || (at > end && at.getTime() === this.lateStart(paid[0]!)?.getTime()),
        `renewal ${row.storeTransactionId} starts where its period ended, or when paid after the subscription ended`,
      ).toBe(true);
      expect(row.expiresDate).toEqual(addMonth(at));
      expect(row.priceMicros).toBe(PRICE_MICROS);
    }
    for (const payment of this.checkouts.values()) {
      if (payment.granted)
        expect(byId.has(payment.intentId), "a checkout payment that granted nothing").toBe(true);
    }
    for (const charge of this.charges.values()) {
      if (charge.paidAt)
        expect(byId.has(charge.renewalId), "a renewal charge that granted nothing").toBe(true);
    }

    const paidCover = rows.some(
      (r) =>
        !this.refunded.has(r.storeTransactionId) &&
        r.expiresDate &&
        r.purchaseDate <= now &&
        now < r.expiresDate,
    );
    // A renewal's grace period: from its first failed charge for 6 days, until it is paid or the subscription is
    // cancelled; none for a refunded period. One a later purchase replaced may end sooner (nothing is retried).
    const graces = [...new Set([...this.charges.values()].map((c) => c.renewalId))].flatMap((renewalId) => {
      const attempts = [...this.charges.values()].filter((c) => c.renewalId === renewalId);
      const issueAt = attempts.find((c) => c.outcome !== "succeeded")?.at;
      const renewed = byId.get(previousOf(renewalId));
      if (!issueAt || !renewed || this.refunded.has(renewed.storeTransactionId)) return [];
      const ends = [new Date(issueAt.getTime() + GRACE_DAYS * DAY)];
      const cancelledAt = this.cancelled.get(chainOf(renewalId));
      if (cancelledAt && cancelledAt >= issueAt) ends.push(cancelledAt);
      for (const c of attempts) if (c.paidAt) ends.push(c.paidAt);
      const end = Math.min(...ends.map((d) => d.getTime()));
      const replaced = rows.some(
        (r) => chainOf(r.storeTransactionId) !== chainOf(renewalId) && r.purchaseDate > renewed.purchaseDate,
      );
      return issueAt <= now && now.getTime() < end ? [{ replaced }] : [];
    });
    expect(
      !premiumActive || paidCover || graces.length > 0,
      "premium active outside a paid period, the trial and a grace period",
    ).toBe(true);
    expect(
      premiumActive || (!paidCover && !graces.some((g) => !g.replaced)),
      "no premium in a period paid for, or in a grace period",
    ).toBe(true);
  }
}

/** A period a customer's ledger gives them by the rules above (not read from the server). */
export interface ReferencePeriod {
  transactionId: string;
  /** The subscription: its first transaction. */
  chain: string;
  kind: "trial" | "paid";
  start: Date;
  end: Date;
  priceMicros: number;
  refundedAt: Date | null;
}

/** A renewal's grace period by the rules above, with the period whose renewal failed. */
export interface ReferenceGrace {
  chain: string;
  renewed: ReferencePeriod;
  from: Date;
  until: Date;
  /**
   * When a later purchase replaced the subscription, if one did before the grace period's end: from then its end is
   * open (the next worker pass that looks at it ends it, nothing being retried any more).
   */
  replacedFrom: Date | null;
}

/**
 * The periods a ledger's payments give: a trial a week from its checkout, a paid checkout a calendar month, and each
 * paid renewal a month from where the period it renews ended (or from its payment, when the customer paid after the
 * subscription had ended). Refunds as the ledger recorded them.
 *
 * @example
 * referencePeriods(ledger).filter((p) => p.kind === "paid").length; // the periods paid for
 */
export function referencePeriods(ledger: Ledger): ReferencePeriod[] {
  const periods = new Map<string, ReferencePeriod>();
  const add = (transactionId: string, kind: "trial" | "paid", start: Date) =>
    periods.set(transactionId, {
      transactionId,
      chain: chainOf(transactionId),
      kind,
      start,
      end: kind === "trial" ? new Date(start.getTime() + TRIAL_DAYS * DAY) : addMonth(start),
      priceMicros: kind === "trial" ? 0 : PRICE_MICROS,
      refundedAt: ledger.refunded.get(transactionId) ?? null,
    });
  for (const checkout of ledger.checkouts.values()) {
    if (checkout.granted) add(checkout.intentId, checkout.kind, checkout.at);
  }
  const paid = [...ledger.charges.values()]
    .filter((c) => c.paidAt !== null)
    .sort((a, b) => renewalNumber(a.renewalId) - renewalNumber(b.renewalId));
  for (const charge of paid) {
    const renewed = periods.get(previousOf(charge.renewalId));
    if (!renewed) continue;
    add(charge.renewalId, "paid", charge.paidAfterEnd ? charge.paidAt! : renewed.end);
  }
  return [...periods.values()];
}

/**
 * The grace periods of a ledger's renewals: from the first failed charge of a renewal for 6 days, until it is paid or
 * the subscription is cancelled.
 *
 * @example
 * referenceGraces(ledger, referencePeriods(ledger));
 */
export function referenceGraces(ledger: Ledger, periods: readonly ReferencePeriod[]): ReferenceGrace[] {
  const byId = new Map(periods.map((p) => [p.transactionId, p]));
  const renewals = new Set([...ledger.charges.values()].map((c) => c.renewalId));
  return [...renewals].flatMap((renewalId) => {
    const attempts = [...ledger.charges.values()].filter((c) => c.renewalId === renewalId);
    const from = attempts.find((c) => c.outcome !== "succeeded")?.at;
    const renewed = byId.get(previousOf(renewalId));
    if (!from || !renewed) return [];
    const ends = [from.getTime() + GRACE_DAYS * DAY];
    const cancelledAt = ledger.cancelled.get(chainOf(renewalId));
    if (cancelledAt && cancelledAt >= from) ends.push(cancelledAt.getTime());
    for (const c of attempts) if (c.paidAt) ends.push(c.paidAt.getTime());
    const until = new Date(Math.min(...ends));
    const replacing = periods
      .filter((p) => p.chain !== renewed.chain && p.start > renewed.start)
      .map((p) => p.start.getTime());
    const replacedAt = replacing.length > 0 ? Math.min(...replacing) : null;
    return [
      {
        chain: renewed.chain,
        renewed,
        from,
        until,
        replacedFrom: replacedAt !== null && replacedAt < until.getTime() ? new Date(replacedAt) : null,
      },
    ];
  });
}
