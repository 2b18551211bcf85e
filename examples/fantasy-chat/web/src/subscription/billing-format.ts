// How the Subscription screen and receipts word money, payments and cards.
import type { PaymentRecord, SubscriptionInfo } from "../api/types";

/**
 * Minor units as the customer reads them: "R99.00" for ZAR, else the currency code before the amount.
 *
 * @example
 * formatMoney(9900, "ZAR"); // "R99.00"
 */
export function formatMoney(amount: number, currency: string): string {
  const value = (amount / 100).toFixed(2);
  return currency === "ZAR" ? `R${value}` : `${currency} ${value}`;
}

/** What a payment was for, in the history and on its receipt. */
export function paymentDescription(payment: Pick<PaymentRecord, "kind" | "amount">): string {
  switch (payment.kind) {
    case "subscription":
      return "Premium Realm — one month";
    case "renewal":
      return "Premium Realm — monthly renewal";
    case "trial_setup":
      return "Card check for your free trial";
    case "card_update":
      return payment.amount === 100
        ? "Card check for your new card"
        : "Premium Realm — overdue month, new card";
  }
}

/** A payment's status as a word. */
export function paymentStatusLabel(status: PaymentRecord["status"]): string {
  return { success: "Paid", pending: "Pending", failed: "Failed", refunded: "Refunded" }[status];
}

/**
 * A card as the customer recognises it.
 *
 * @example
 * cardLabel({ brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 }); // "Visa ending in 4081, expires 12/2030"
 */
export function cardLabel(card: NonNullable<SubscriptionInfo["paymentMethod"]>): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;
}

/** The subscription's state in a few words, for the status line. */
export function subscriptionHeadline(info: SubscriptionInfo): string {
  if (info.billingIssue) return "Payment overdue";
  const inTrial = info.source === "card" ? info.status === "trial" : info.freeTrial;
  if (inTrial && info.source !== null)
    return info.cancelAtPeriodEnd ? "Free trial — cancelled" : "Free trial";
  if (info.status === "active")
    return info.cancelAtPeriodEnd ? "Premium Realm — cancelled" : "Premium Realm — active";
  if (info.status === "trial") return "Free plan";
  return "No subscription";
}
