// What the hosted pages (Manage subscription, Confirm payment) share: their style sheet, their frame, HTML escaping
// and the customer's date and money formats. The renewal confirmation mail formats and escapes with them too.
import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import { MANAGE_LOCALES, RTL_LOCALES, type ManageTexts } from "./manage-texts.js";

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
button,a.button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1rem;border-radius:8px;border:2px solid #5b2a86;background:#5b2a86;color:#fff;cursor:pointer}
a.button{display:inline-flex;align-items:center;box-sizing:border-box;text-decoration:none}
button.secondary{background:#fff;color:#5b2a86}
button:disabled{background:#e9e3ef;border-color:#8a7f96;color:#3d3546;cursor:default}
button:focus-visible,a:focus-visible{outline:3px solid #1f1a24;outline-offset:2px}
a{color:#5b2a86}
.notice{background:#e7f6ec;border:1px solid #2f6b43;color:#1d4a2d;border-radius:8px;padding:.75rem}
.problem{background:#fdeceb;border:1px solid #9b2c24;color:#6e1f19;border-radius:8px;padding:.75rem}
.notice:empty,.problem:empty{border:0;padding:0}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:start;padding:.4rem;border-bottom:1px solid #cfc6d8;vertical-align:top}
td.tx{word-break:break-all;font-family:ui-monospace,monospace;font-size:.85rem}
.muted{color:#4e4558}
`;

/**
 * The CSP source that allows one inline script or style: the SHA-256 of its exact text.
 *
 * @example
 * inlineHash("body{margin:0}"); // "'sha256-…'"
 */
export const inlineHash = (text: string): string =>
  `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The hosted pages' Content-Security-Policy: nothing but their own inline style (by hash) and forms to themselves,
 * plus what `extra` adds (the confirmation page's Stripe.js).
 *
 * @example
 * pageCsp(); // "default-src 'none'; style-src 'sha256-…'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
 */
export function pageCsp(extra: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src ${inlineHash(STYLE)}`,
    ...extra,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * Text made safe inside HTML elements and quoted attributes.
 *
 * @example
 * escapeHtml(`<b title="x">`); // "&lt;b title=&quot;x&quot;&gt;"
 */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * Dates (long, in UTC: the server does not know the customer's zone) and prices as `locale` writes them.
 *
 * @example
 * pageFormatters("en").money(99_000_000, "ZAR"); // "ZAR 99.00"
 */
export function pageFormatters(locale: string) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return {
    date: (d: Date) => date.format(d),
    money: (micros: number, currency: string) =>
      new Intl.NumberFormat(locale, { style: "currency", currency }).format(micros / 1_000_000),
  };
}

/** The texts of `locale`, English for a language the pages do not speak. */
export const pageTexts = (locale: string): ManageTexts => MANAGE_LOCALES[locale] ?? MANAGE_LOCALES.en!;

/**
 * A whole page around `body` (already escaped), in `locale` (right to left for Arabic), titled `title`.
 *
 * @example
 * pageLayout("en", "Manage subscription", "<h1>Manage subscription</h1>");
 */
export function pageLayout(locale: string, title: string, body: string): string {
  const dir = RTL_LOCALES.has(locale) ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Answers with a hosted page under its Content-Security-Policy (the plugin's headers already forbid caching,
 * framing and a Referer).
 *
 * @example
 * return sendPage(reply, 404, MANAGE_PAGE_CSP, renderInvalidLinkPage(locale));
 */
export function sendPage(reply: FastifyReply, status: number, csp: string, page: string): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("content-security-policy", csp)
    .send(page);
}
