import type { BillingContext } from "../context.js";
import { purchaseEmail } from "../domain/purchase-email.js";
import type { MailLog, Mailer } from "../mail/mailer.js";
import { signInLinkMail } from "./sign-in-link-mail.js";
import type { EntryPageState } from "./entry-page.js";
import { manageLink } from "./management-link.js";
import { MANAGEMENT_LINK_TTL_MS, type ManagementSubject } from "./manage-token.js";
import { claimSignInMail } from "./sign-in-mail-limit.js";

/** What mails sign-in links: the server's mailer (null when no SMTP server is configured). */
export interface SignInMailDeps {
  mailer: Mailer | null;
  log: MailLog;
}

/** Where a customer's sign-in link would go, or why none can be mailed. */
type SignInTarget =
  { state: "offer"; to: string; publicUrl: string; secret: string } | { state: "no_mailer" | "no_email" };

/**
 * Whether a sign-in link can be mailed to `subject`: it needs a mailer, the server's public URL (a mailed link must
 * never be built from a Host header the requester chose) and an email address from a purchase (`purchaseEmail`).
 */
async function signInTarget(
  ctx: Pick<BillingContext, "db" | "management">,
  mailer: Mailer | null,
  subject: ManagementSubject,
): Promise<SignInTarget> {
  const { management } = ctx;
  if (!mailer || !management?.publicUrl) return { state: "no_mailer" };
  const to = await purchaseEmail(ctx.db, subject);
  return to
    ? { state: "offer", to, publicUrl: management.publicUrl, secret: management.secret }
    : { state: "no_email" };
}

/**
 * What the entry page offers `subject` before they ask: the button, or why no link can be mailed.
 *
 * @example
 * renderEntryPage({ locale, actionBase, state: await entryPageState(ctx, mailer, subject) });
 */
export async function entryPageState(
  ctx: Pick<BillingContext, "db" | "management">,
  mailer: Mailer | null,
  subject: ManagementSubject,
): Promise<EntryPageState> {
  return (await signInTarget(ctx, mailer, subject)).state;
}

/**
 * Answers the entry page's button: mails `subject` a sign-in link (an access link working one hour, in `locale`)
 * to the email of their most recent purchase, unless a flood limit stops it (`SIGN_IN_MAIL_LIMITS`; logged at info,
 * with which customer and which limit). The page it answers is "sent" either way, so it tells nobody whether a mail
 * went out; only a customer without an address or a server without a mailer gets the page that says so (the entry
 * page already said it).
 *
 * @example
 * const state = await mailSignInLink(ctx, { mailer, log: request.log }, { subject, ip: request.ip, locale: "en" });
 */
export async function mailSignInLink(
  ctx: Pick<BillingContext, "db" | "management" | "now">,
  { mailer, log }: SignInMailDeps,
  request: { subject: ManagementSubject; ip: string; locale: string },
): Promise<EntryPageState> {
  const { subject, locale } = request;
  const target = await signInTarget(ctx, mailer, subject);
  if (target.state !== "offer" || !mailer) return target.state;
  const about = { kind: "sign_in_link", ...subject };
  const now = ctx.now();
  const verdict = await claimSignInMail(ctx.db, target.secret, { subject, ip: request.ip, now });
  if (verdict !== "send") {
    log.info({ mail: about, limit: verdict }, "sign-in link mail not sent: flood limit reached");
    return "sent";
  }
  const link = manageLink(target.secret, target.publicUrl, "access", subject, now, MANAGEMENT_LINK_TTL_MS);
  await mailer.send({
    ...signInLinkMail({ locale, link: `${link.url}?lang=${locale}` }),
    to: target.to,
    about,
  });
  return "sent";
}
