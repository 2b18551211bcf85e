import { eq } from "drizzle-orm";
import type { AppTx } from "../db/database.js";
import { subscriptionTransitions, users } from "../db/schema.js";
import {
  subscriptionColumns,
  type SubscriptionState,
  type SubscriptionStep,
} from "./subscription-machine.js";

/**
 * Stores what a subscription machine's step changed on the user's row, and the transition's name, in the caller's
 * transaction (which holds the row's lock); nothing when it is unchanged or refused.
 *
 * @example
 * await storeTransition(tx, user, transition(user, { type: "renewal_failed" }, now), now);
 */
export async function storeTransition(
  tx: AppTx,
  before: SubscriptionState & { id: string },
  next: SubscriptionStep,
  now: Date,
): Promise<void> {
  if (!next.ok || next.transition === "unchanged") return;
  await tx
    .update(users)
    .set({ ...subscriptionColumns(next.state), updatedAt: now })
    .where(eq(users.id, before.id));
  await tx
    .insert(subscriptionTransitions)
    .values({ userId: before.id, name: next.transition, fromStatus: before.subscriptionStatus, at: now });
}
