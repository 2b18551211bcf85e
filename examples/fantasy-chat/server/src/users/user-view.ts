import type { Role, users } from "../db/schema.js";
import { subscriptionStatusAt, type SubscriptionStatus } from "./subscription-status.js";

/** The current user as `GET /api/auth/user` answers it. */
export interface UserView {
  id: string;
  email: string;
  /** Whether the user opened the verification mail's link (or reset their password by mail). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  role: Role;
  ageVerified: boolean;
  /** Free messages sent today (UTC). */
  freeMessagesUsed: number;
  subscriptionStatus: SubscriptionStatus;
  /** ISO 8601; null until the trial setup is completed. */
  trialEndDate: string | null;
  paymentMethodSetup: boolean;
  /** A renewal of the paid month was declined: access runs through the grace period; the card should be updated. */
  billingIssue: boolean;
  createdAt: string;
}

/**
 * The client's view of a user at `now`.
 *
 * @example
 * reply.send(toUserView(user, await freeMessagesUsed(db, user.id, now), now));
 */
export function toUserView(user: typeof users.$inferSelect, freeMessagesUsed: number, now: Date): UserView {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    ageVerified: user.ageVerified,
    freeMessagesUsed,
    subscriptionStatus: subscriptionStatusAt(user, now),
    trialEndDate: user.trialEndDate?.toISOString() ?? null,
    paymentMethodSetup: user.paymentMethodSetup,
    billingIssue: user.subscriptionStatus === "active" && user.billingIssueAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
