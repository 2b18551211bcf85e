import type { User } from "../api/types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Free messages in the allowance (docs/product.md). */
export const FREE_MESSAGES = 3;

/** Whether the user is premium (subscriptionStatus "active"). */
export const isPremium = (user: Pick<User, "subscriptionStatus">): boolean =>
  user.subscriptionStatus === "active";

/** Free messages left: 3 minus those used, never below 0. */
export const freeMessagesLeft = (user: Pick<User, "freeMessagesUsed">): number =>
  Math.max(0, FREE_MESSAGES - user.freeMessagesUsed);

/** Whole trial days left at `now`, rounded up; 0 once ended or when the trial has no end date. */
export function trialDaysLeft(user: Pick<User, "trialEndDate">, now: Date): number {
  if (!user.trialEndDate) return 0;
  const ms = new Date(user.trialEndDate).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

/** Expired: the server says so, or `now` is after trialEndDate and the status is not active. */
export function isTrialExpired(user: Pick<User, "subscriptionStatus" | "trialEndDate">, now: Date): boolean {
  if (isPremium(user)) return false;
  if (user.subscriptionStatus === "expired") return true;
  return user.trialEndDate !== null && now.getTime() > new Date(user.trialEndDate).getTime();
}

/** What the access guard does for a user at `now` (docs/product.md, "Access guard"). */
export type GuardDecision =
  | { kind: "loading" }
  | { kind: "redirect"; to: "/" | "/trial-setup" }
  | { kind: "age-gate" }
  | { kind: "expired" }
  | { kind: "allow"; trialDaysLeft: number };

/**
 * The guard's decision. Age comes first (a user who has not confirmed it may see only the age gate), then
 * the trial setup, then expiry.
 *
 * @example
 * guardDecision({ isLoading: false, user }, new Date()); // { kind: "allow", trialDaysLeft: 3 }
 */
export function guardDecision(state: { isLoading: boolean; user: User | null }, now: Date): GuardDecision {
  if (state.isLoading) return { kind: "loading" };
  const { user } = state;
  if (!user) return { kind: "redirect", to: "/" };
  if (!user.ageVerified) return { kind: "age-gate" };
  if (!user.paymentMethodSetup && user.subscriptionStatus === "trial")
    return { kind: "redirect", to: "/trial-setup" };
  if (isTrialExpired(user, now)) return { kind: "expired" };
  return {
    kind: "allow",
    trialDaysLeft: user.subscriptionStatus === "trial" ? trialDaysLeft(user, now) : 0,
  };
}
