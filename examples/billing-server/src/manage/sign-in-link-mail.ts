import { entryTexts } from "./entry-texts.js";
import { RTL_LOCALES } from "./manage-texts.js";
import { escapeHtml, pageTexts } from "./page-layout.js";

/**
 * The mail with a sign-in link to a customer's hosted "Manage subscription" page (an access link working one hour),
 * in the customer's language, as text and HTML (every value escaped).
 *
 * @example
 * signInLinkMail({ locale: "en", link: "https://shop.example/billing/manage/eyJ2….sig?lang=en" });
 * // { subject: "Your link to manage your subscription", text: "…", html: "…" }
 */
export function signInLinkMail(input: { locale: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const t = entryTexts(input.locale);
  const action = pageTexts(input.locale).title;
  const text = [
    t.mailGreeting,
    "",
    t.mailAsk,
    "",
    `${action}:`,
    input.link,
    "",
    t.mailExpiry,
    t.mailIgnore,
    t.mailPersonal,
    "",
  ].join("\n");
  const e = escapeHtml;
  const dir = RTL_LOCALES.has(input.locale) ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${e(input.locale)}" dir="${dir}"><head><meta charset="utf-8"><title>${e(t.mailSubject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1f1a24;line-height:1.5"><p>${e(t.mailGreeting)}</p><p>${e(t.mailAsk)}</p><p><a href="${e(input.link)}" style="display:inline-block;padding:.6em 1.2em;border-radius:8px;background:#5b2a86;color:#ffffff;font-weight:600;text-decoration:none">${e(action)}</a></p><p>${e(t.mailExpiry)}</p><p>${e(t.mailIgnore)}</p><p style="color:#4e4558">${e(t.mailPersonal)}</p></body></html>`;
  return { subject: t.mailSubject, text, html };
}
