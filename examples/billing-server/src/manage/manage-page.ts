import { createHash } from "node:crypto";
import { MANAGE_LOCALES, RTL_LOCALES, type ManageTexts } from "./manage-texts.js";

/** One subscription product as the page shows it (its latest period). */
export interface ManagedSubscription {
  productId: string;
  title: string;
  state: "active" | "cancelled" | "billing_issue" | "expired";
  expiresDate: Date;
  priceMicros: number;
  currency: string;
  store: "test_store" | "rc_billing";
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
  /** What the last action did, to announce it. */
  notice: "cancelled" | "resumed" | null;
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1a24;background:#f7f4fa}
body{margin:0;padding:1rem;line-height:1.5}
main{max-width:40rem;margin:0 auto}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #cfc6d8;border-radius:12px;padding:1rem;margin:.75rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{font-weight:600}
dd{margin:0}
button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1rem;border-radius:8px;border:2px solid #5b2a86;background:#5b2a86;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#5b2a86}
button:focus-visible{outline:3px solid #1f1a24;outline-offset:2px}
.notice{background:#e7f6ec;border:1px solid #2f6b43;color:#1d4a2d;border-radius:8px;padding:.75rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:start;padding:.4rem;border-bottom:1px solid #cfc6d8;vertical-align:top}
td.tx{word-break:break-all;font-family:ui-monospace,monospace;font-size:.85rem}
.muted{color:#4e4558}
`;

/** The page's Content-Security-Policy: nothing but its own inline style (by hash) and forms to itself. */
export const MANAGE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function formatters(locale: string) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return {
    date: (d: Date) => date.format(d),
    money: (micros: number, currency: string) =>
      new Intl.NumberFormat(locale, { style: "currency", currency }).format(micros / 1_000_000),
  };
}

/** The whole page, its texts escaped. */
function layout(locale: string, t: ManageTexts, body: string): string {
  const dir = RTL_LOCALES.has(locale) ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function subscriptionCard(s: ManagedSubscription, view: ManagePageView, t: ManageTexts): string {
  const f = formatters(view.locale);
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
    [t.paymentMethod, s.store === "test_store" ? t.paidWithTestStore : t.paidWithCard],
  ];
  const action = (path: string, label: string, secondary: boolean, note?: string) =>
    `<form method="post" action="${escapeHtml(`${view.actionBase}/${path}?lang=${view.locale}`)}"><input type="hidden" name="product" value="${escapeHtml(s.productId)}">${note ? `<p class="muted">${escapeHtml(note)}</p>` : ""}<button type="submit"${secondary ? ' class="secondary"' : ""}>${escapeHtml(label)}</button></form>`;
  const buttons =
    s.state === "active" || s.state === "billing_issue"
      ? action("cancel", t.cancel, true, t.cancelNote.replace("{date}", date))
      : s.state === "cancelled"
        ? action("resume", t.resume, false)
        : "";
  const id = `plan-${escapeHtml(s.productId)}`;
  return `<section class="card" aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(s.title)}</h2><dl>${rows
    .map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join("")}</dl>${buttons}</section>`;
}

function receiptsTable(view: ManagePageView, t: ManageTexts): string {
  if (view.receipts.length === 0) return "";
  const f = formatters(view.locale);
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
 * cancel or resume) and the past receipts, in the customer's language (right to left for Arabic). Script-free.
 *
 * @example
 * reply.type("text/html").header("content-security-policy", MANAGE_PAGE_CSP).send(renderManagePage(view));
 */
export function renderManagePage(view: ManagePageView): string {
  const t = MANAGE_LOCALES[view.locale] ?? MANAGE_LOCALES.en!;
  const running = view.subscriptions.find((s) => s.state !== "expired");
  const notice =
    view.notice && running
      ? `<p class="notice" role="status">${escapeHtml((view.notice === "cancelled" ? t.cancelledNotice : t.resumedNotice).replace("{date}", formatters(view.locale).date(running.expiresDate)))}</p>`
      : "";
  const cards = view.subscriptions.length
    ? view.subscriptions.map((s) => subscriptionCard(s, view, t)).join("")
    : `<p>${escapeHtml(t.none)}</p>`;
  return layout(
    view.locale,
    t,
    `<h1>${escapeHtml(t.title)}</h1><p class="muted">${escapeHtml(t.intro)}</p>${notice}${cards}${receiptsTable(view, t)}`,
  );
}

/** The page for a link that is forged, malformed or expired. */
export function renderInvalidLinkPage(locale: string): string {
  const t = MANAGE_LOCALES[locale] ?? MANAGE_LOCALES.en!;
  return layout(locale, t, `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.invalidLink)}</p>`);
}
