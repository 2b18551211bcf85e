import { paysByCard, type PurchaseStore } from "../kinds/purchase-store.js";
import { confirmPaymentUrl } from "./management-link.js";
import type { ManageTexts } from "./manage-texts.js";
import { escapeHtml, pageCsp, pageFormatters, pageLayout, pageTexts } from "./page-layout.js";

/** One subscription product as the page shows it (its latest period). */
export interface ManagedSubscription {
  productId: string;
  title: string;
  state: "active" | "cancelled" | "billing_issue" | "expired";
  /** When it renews (active), or when access ends: the period's expiry, or the end of a billing issue's grace period. */
  expiresDate: Date;
  /** A renewal payment waits for the customer to confirm it (SCA): the card links to the confirmation page. */
  awaitsConfirmation: boolean;
  /**
   * What cancelling does now: turn renewal off at the period's end, end a subscription whose renewal payment failed
   * at once, or nothing (no cancel button).
   */
  cancel: "at_period_end" | "now" | null;
  priceMicros: number;
  currency: string;
  store: PurchaseStore;
}

/** One past payment. */
export interface ManagedReceipt {
  date: Date;
  title: string;
  priceMicros: number;
  currency: string;
  transactionId: string;
  refunded: boolean;
}

/** Everything the page shows. */
export interface ManagePageView {
  locale: string;
  /** The form actions' base: `{prefix}/manage/{token}`. */
  actionBase: string;
  subscriptions: ManagedSubscription[];
  receipts: ManagedReceipt[];
  /** What the last action did, to announce it (`ended`: a cancel that ended the subscription at once). */
  notice: "cancelled" | "ended" | "resumed" | null;
}

/** The page's Content-Security-Policy: nothing but its own inline style (by hash) and forms to itself. */
export const MANAGE_PAGE_CSP = pageCsp();

function subscriptionCard(s: ManagedSubscription, view: ManagePageView, t: ManageTexts): string {
  const f = pageFormatters(view.locale);
  const date = f.date(s.expiresDate);
  const stateLabel = {
    active: t.active,
    cancelled: t.cancelled,
    billing_issue: t.billingIssue,
    expired: t.expired,
  }[s.state];
  const rows = [
    [t.status, stateLabel],
    [t.price, f.money(s.priceMicros, s.currency)],
    [s.state === "active" ? t.nextRenewal : t.accessUntil, date],
    [t.paymentMethod, paysByCard(s.store) ? t.paidWithCard : t.paidWithTestStore],
  ];
  const action = (path: string, label: string, secondary: boolean, note?: string) =>
    `<form method="post" action="${escapeHtml(`${view.actionBase}/${path}?lang=${view.locale}`)}"><input type="hidden" name="product" value="${escapeHtml(s.productId)}">${note ? `<p class="muted">${escapeHtml(note)}</p>` : ""}<button type="submit"${secondary ? ' class="secondary"' : ""}>${escapeHtml(label)}</button></form>`;
  const confirm = s.awaitsConfirmation
    ? `<p class="problem">${escapeHtml(t.confirmNeeded)}</p><p><a class="button" href="${escapeHtml(`${confirmPaymentUrl(view.actionBase, s.productId)}&lang=${view.locale}`)}">${escapeHtml(t.confirmPayment)}</a></p>`
    : "";
  const buttons =
    (s.state === "active" || s.state === "billing_issue") && s.cancel
      ? action(
          "cancel",
          t.cancel,
          true,
          s.cancel === "now" ? t.cancelNowNote : t.cancelNote.replace("{date}", date),
        )
      : s.state === "cancelled"
        ? action("resume", t.resume, false)
        : "";
  const id = `plan-${escapeHtml(s.productId)}`;
  return `<section class="card" aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(s.title)}</h2><dl>${rows
    .map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join("")}</dl>${confirm}${buttons}</section>`;
}

function receiptsTable(view: ManagePageView, t: ManageTexts): string {
  if (view.receipts.length === 0) return "";
  const f = pageFormatters(view.locale);
  const rows = view.receipts
    .map(
      (r) =>
        `<tr><td>${escapeHtml(f.date(r.date))}</td><td>${escapeHtml(r.title)}</td><td>${escapeHtml(f.money(r.priceMicros, r.currency))}${r.refunded ? ` (${escapeHtml(t.refunded)})` : ""}</td><td class="tx">${escapeHtml(r.transactionId)}</td></tr>`,
    )
    .join("");
  return `<section aria-labelledby="receipts-title"><h2 id="receipts-title">${escapeHtml(t.receipts)}</h2><table><thead><tr><th scope="col">${escapeHtml(t.date)}</th><th scope="col">${escapeHtml(t.item)}</th><th scope="col">${escapeHtml(t.amount)}</th><th scope="col">${escapeHtml(t.transaction)}</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/**
 * The hosted "Manage subscription" page: each subscription (status, price, next renewal or end, payment method,
 * cancel or resume, a link to confirm a renewal payment the bank holds) and the past receipts, in the customer's
 * language (right to left for Arabic). Script-free.
 *
 * @example
 * reply.type("text/html").header("content-security-policy", MANAGE_PAGE_CSP).send(renderManagePage(view));
 */
export function renderManagePage(view: ManagePageView): string {
  const t = pageTexts(view.locale);
  const running = view.subscriptions.find((s) => s.state !== "expired");
  const announced =
    view.notice === "ended"
      ? t.endedNotice
      : view.notice && running
        ? (view.notice === "cancelled" ? t.cancelledNotice : t.resumedNotice).replace(
            "{date}",
            pageFormatters(view.locale).date(running.expiresDate),
          )
        : null;
  const notice = announced ? `<p class="notice" role="status">${escapeHtml(announced)}</p>` : "";
  const cards = view.subscriptions.length
    ? view.subscriptions.map((s) => subscriptionCard(s, view, t)).join("")
    : `<p>${escapeHtml(t.none)}</p>`;
  return pageLayout(
    view.locale,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p class="muted">${escapeHtml(t.intro)}</p>${notice}${cards}${receiptsTable(view, t)}`,
  );
}

/** The page for a link that is forged, malformed or expired. */
export function renderInvalidLinkPage(locale: string): string {
  const t = pageTexts(locale);
  return pageLayout(
    locale,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.invalidLink)}</p>`,
  );
}
