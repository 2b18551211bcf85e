import { createHmac, randomUUID } from "node:crypto";
import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { signInMails } from "../db/schema.js";
import type { ManagementSubject } from "./manage-token.js";

/**
 * How many sign-in link mails the entry page sends in a sliding hour: 3 to one customer (nobody can flood a
 * customer's inbox), 20 for one requesting IP address (nobody can mail every customer in turn).
 */
export const SIGN_IN_MAIL_LIMITS = { perCustomer: 3, perRequester: 20, windowMs: 60 * 60_000 } as const;

/** Whether a sign-in mail may go out, or which limit stops it. */
export type SignInMailVerdict = "send" | "customer_limit" | "requester_limit";

/**
 * The verdict on one more sign-in mail, given how many went out in the window to the customer and for the requester.
 *
 * @example
 * judgeSignInMail({ customer: 3, requester: 0 }); // "customer_limit"
 */
export function judgeSignInMail(
  sent: { customer: number; requester: number },
  limits: { perCustomer: number; perRequester: number } = SIGN_IN_MAIL_LIMITS,
): SignInMailVerdict {
  if (sent.customer >= limits.perCustomer) return "customer_limit";
  if (sent.requester >= limits.perRequester) return "requester_limit";
  return "send";
}

/** The requester as kept: an HMAC of their address under the server's management secret. */
const requesterOf = (secret: string, ip: string) =>
  createHmac("sha256", secret).update(`sign-in mail requester\n${ip}`).digest("base64url");

/**
 * Claims one sign-in mail for `subject` asked for from `ip` at `now`: records it and answers "send" when both limits
 * allow it, else answers which limit stops it and records nothing. Claims are judged one at a time (a transaction
 * lock), so parallel requests cannot slip past a limit; rows older than the window are dropped on the way.
 *
 * @example
 * if ((await claimSignInMail(db, secret, { subject, ip: request.ip, now })) === "send") await mailer.send(mail);
 */
export async function claimSignInMail(
  db: BillingDb,
  secret: string,
  claim: { subject: ManagementSubject; ip: string; now: Date },
): Promise<SignInMailVerdict> {
  const { subject, now } = claim;
  const requester = requesterOf(secret, claim.ip);
  const since = new Date(now.getTime() - SIGN_IN_MAIL_LIMITS.windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing_sign_in_mails'))`);
    await tx.delete(signInMails).where(lte(signInMails.sentAt, since));
    const recent = gt(signInMails.sentAt, since);
    const [customer] = await tx
      .select({ n: count() })
      .from(signInMails)
      .where(
        and(
          eq(signInMails.projectId, subject.projectId),
          eq(signInMails.appUserId, subject.appUserId),
          recent,
        ),
      );
    const [byRequester] = await tx
      .select({ n: count() })
      .from(signInMails)
      .where(and(eq(signInMails.requester, requester), recent));
    const verdict = judgeSignInMail({ customer: customer?.n ?? 0, requester: byRequester?.n ?? 0 });
    if (verdict === "send") {
      await tx.insert(signInMails).values({ id: randomUUID(), ...subject, requester, sentAt: now });
    }
    return verdict;
  });
}
