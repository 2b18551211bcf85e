import type { UserRow } from "../auth/session-store.js";
import { ApiError, forbidden, subscriptionRequired } from "../http/api-error.js";
import type { CrisisLanguage, SafetyAssessment } from "../safety/assess-text.js";
import { isPremium, subscriptionStatusAt } from "../users/subscription-status.js";

/** What decides whether a message gets a reply, and what it costs. Unknown facts are left out (see {@link judgeReply}). */
export interface ReplyFacts {
  /** The safety assessment of the message the reply answers; null when there is none (nothing to answer). */
  assessment: SafetyAssessment | null;
  /** The message was stored marked as telling of a crisis (by the rules of its day, or a moderation model). */
  markedCrisis?: boolean;
  ageVerified: boolean;
  trialExpired: boolean;
  premium: boolean;
  /** Whether the chat's character is premium-only; undefined while not known (a send's claim checks it in SQL). */
  characterPremium?: boolean;
  /** Whether a free message is left today; undefined while not known (the charge itself then decides). */
  freeMessageLeft?: boolean;
}

/** The judgement of a reply: refused (with the error to answer), the crisis reply, or a role-play reply. */
export type ReplyVerdict =
  | { verdict: "refused"; error: ApiError }
  /** The crisis reply in this language: free, whatever the paywalls and the character. */
  | { verdict: "crisis"; language: CrisisLanguage }
  /** A role-play reply; `charged` when it takes a free message from today's allowance. */
  | { verdict: "reply"; charged: boolean };

/** 400 for a message the content policy forbids. */
export const contentPolicyViolation = () =>
  new ApiError(400, "Message violates content guidelines", "content_policy");

const refused = (error: ApiError): ReplyVerdict => ({ verdict: "refused", error });

/**
 * Decides once, for a send, a regeneration and an early reply alike, whether a message gets a reply and whether
 * it takes a free message. In order: the content policy (400 `content_policy`); a crisis (the crisis reply, free,
 * past every paywall, to any character); age confirmed (403 `age_not_verified`); trial not expired (402
 * `trial_expired`); a premium-only character only for premium users (402 `premium_character`); a free user needs
 * a free message left (402 `quota_exhausted`) and is charged one. A fact not known yet skips its rule: the caller
 * applies it where it becomes known (the send's claim, in SQL, with {@link premiumCharacterAllowed} and `charged`;
 * the atomic charge of a free message).
 *
 * @example
 * judgeReply({ assessment: { verdict: "ok" }, ageVerified: true, trialExpired: false, premium: false });
 * // { verdict: "reply", charged: true }
 */
export function judgeReply(facts: ReplyFacts): ReplyVerdict {
  const { assessment } = facts;
  if (assessment?.verdict === "refused") return refused(contentPolicyViolation());
  if (assessment?.verdict === "crisis") return { verdict: "crisis", language: assessment.language };
  if (facts.markedCrisis) return { verdict: "crisis", language: "en" };
  if (!facts.ageVerified) return refused(forbidden("age_not_verified"));
  if (facts.trialExpired) return refused(subscriptionRequired("trial_expired"));
  if (facts.characterPremium === true && !facts.premium)
    return refused(subscriptionRequired("premium_character"));
  if (!facts.premium && facts.freeMessageLeft === false)
    return refused(subscriptionRequired("quota_exhausted"));
  return { verdict: "reply", charged: !facts.premium };
}

/** The facts a user gives at `now` (age, trial, premium), for {@link judgeReply}. */
export function userFacts(
  user: UserRow,
  now: Date,
): Pick<ReplyFacts, "ageVerified" | "trialExpired" | "premium"> {
  return {
    ageVerified: user.ageVerified,
    trialExpired: subscriptionStatusAt(user, now) === "expired",
    premium: isPremium(user, now),
  };
}

/**
 * Whether a verdict lets the chat's character be premium-only, for the send's claim, which checks the character in
 * SQL: premium users, and the crisis reply (which goes to any character).
 */
export function premiumCharacterAllowed(verdict: ReplyVerdict, premium: boolean): boolean {
  return premium || verdict.verdict === "crisis";
}
