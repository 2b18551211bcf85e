import { eq } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import type { AppDb } from "../db/database.js";
import { users, type Role } from "../db/schema.js";
import { ApiError, notFound } from "../http/api-error.js";

/**
 * Sets a user's role. Demoting the last admin is refused with 409: the admin rows are locked first, so two admins
 * demoting each other at the same moment cannot both succeed and leave nobody in charge.
 *
 * @example
 * await changeRole(db, userId, "admin", now);
 */
export async function changeRole(db: AppDb, userId: string, role: Role, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(users.id)
      .for("update");
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    if (!target) throw notFound("User not found");
    if (target.role === role) return;
    if (role === "user" && admins.length <= 1) {
      throw new ApiError(
        409,
        "The last administrator cannot be demoted. Make another user an admin first.",
        "last_admin",
      );
    }
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
  });
  userChanged(userId);
}
