import { escapeHtml, pageFormatters } from "./page-layout.js";

/** What the mail about a renewal payment waiting for the customer (SCA) says. */
export interface RenewalAuthenticationMailInput {
  productTitle: string;
  /** What the card is charged, tax included. */
  amountMicros: number;
  currency: string;
  /** The end of the grace period: without the confirmation, access ends then. */
  confirmBy: Date;
  /** The hosted confirmation page, with an access token (7 days): the mail's one credential. */
  link: string;
}

/**
 * The mail that asks a customer to confirm a renewal payment their bank holds, in English, as text and HTML (every
 * value escaped).
 *
 * @example
 * renewalAuthenticationMail({ productTitle: "Premium Realm", amountMicros: 99_000_000, currency: "ZAR", confirmBy, link });
 * // { subject: "Confirm your subscription payment", text: "…", html: "…" }
 */
export function renewalAuthenticationMail(input: RenewalAuthenticationMailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const f = pageFormatters("en");
  const amount = f.money(input.amountMicros, input.currency);
  const date = f.date(input.confirmBy);
  const subject = "Confirm your subscription payment";
  const ask = `Your bank asks you to confirm the renewal payment of your ${input.productTitle} subscription.`;
  const keep = `You keep access until ${date}. If the payment is not confirmed by then, the subscription ends.`;
  const personal = "The link is personal: please do not forward this mail.";
  const text = [
    "Hello,",
    "",
    ask,
    "",
    `Amount: ${amount}`,
    `Confirm by: ${date}`,
    "",
    "Confirm the payment here:",
    input.link,
    "",
    keep,
    personal,
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1f1a24;line-height:1.5"><p>Hello,</p><p>${e(ask)}</p><table role="presentation"><tr><th align="left" style="padding-right:1em">Amount</th><td>${e(amount)}</td></tr><tr><th align="left" style="padding-right:1em">Confirm by</th><td>${e(date)}</td></tr></table><p><a href="${e(input.link)}" style="display:inline-block;padding:.6em 1.2em;border-radius:8px;background:#5b2a86;color:#ffffff;font-weight:600;text-decoration:none">Confirm payment</a></p><p>${e(keep)}</p><p style="color:#4e4558">${e(personal)}</p></body></html>`;
  return { subject, text, html };
}
