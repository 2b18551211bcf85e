import { entryTexts } from "./entry-texts.js";
import { escapeHtml, pageLayout, pageTexts } from "./page-layout.js";

/**
 * What the entry page shows: the button that mails a sign-in link (`offer`), the answer to it (`sent`, the same
 * whether or not a mail went out), or why no link can be mailed (`no_mailer`, `no_email`).
 */
export type EntryPageState = "offer" | "sent" | "no_mailer" | "no_email";

/** Everything the entry page shows. */
export interface EntryPageView {
  locale: string;
  state: EntryPageState;
  /** The form action's base: `{prefix}/manage/{entry token}`. */
  actionBase: string;
}

/** The state's own part of the page, already escaped. */
function entryBody(view: EntryPageView): string {
  const t = entryTexts(view.locale);
  const p = (text: string, attributes = "") => `<p${attributes}>${escapeHtml(text)}</p>`;
  switch (view.state) {
    case "offer":
      return `${p(t.willEmail)}<form method="post" action="${escapeHtml(`${view.actionBase}/email-link?lang=${view.locale}`)}"><button type="submit">${escapeHtml(t.emailMe)}</button></form>`;
    case "sent":
      return `${p(t.sent, ' class="notice" role="status"')}${p(t.sentHelp, ' class="muted"')}`;
    case "no_mailer":
    case "no_email": {
      const why = view.state === "no_mailer" ? t.noMail : t.noEmail;
      return `${p(why, ' class="problem"')}${p(t.openInApp.replace("{title}", pageTexts(view.locale).title))}`;
    }
  }
}

/**
 * The hosted page behind the `management_url` of customer info and checkout start (an entry link): it shows no
 * purchase, receipt or address, and offers to mail a sign-in link to the email address of the customer's purchase,
 * or says why it cannot and where else a link comes from (the app they subscribed in). Script-free, in the
 * customer's language; serve it with `MANAGE_PAGE_CSP`.
 *
 * @example
 * sendPage(reply, 200, MANAGE_PAGE_CSP, renderEntryPage({ locale: "en", state: "offer", actionBase }));
 */
export function renderEntryPage(view: EntryPageView): string {
  const title = pageTexts(view.locale).title;
  const intro =
    view.state === "sent" ? "" : `<p class="muted">${escapeHtml(entryTexts(view.locale).intro)}</p>`;
  return pageLayout(view.locale, title, `<h1>${escapeHtml(title)}</h1>${intro}${entryBody(view)}`);
}
