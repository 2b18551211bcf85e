import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/session-store.js";
import type { AppDb } from "../db/database.js";
import { profiles } from "../db/schema.js";
import type { ProfileInput } from "./profile-schema.js";

/** The profile as `GET /api/profile` answers it. */
export interface ProfileView {
  preferredName: string;
  favoriteArchetype: string | null;
  backstory: string;
  personalityTraits: string[];
}

/**
 * The user's profile; before the first save, the defaults: the first name as preferred name and nothing else.
 *
 * @example
 * const { preferredName } = await getProfile(db, user);
 */
export async function getProfile(db: AppDb, user: UserRow): Promise<ProfileView> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
  return profileOrDefaults(row ?? null, user);
}

/**
 * The profile as stored, or before the first save the defaults: the first name as preferred name and nothing else.
 *
 * @example
 * profileOrDefaults(null, user).preferredName; // user.firstName
 */
export function profileOrDefaults(row: ProfileView | null, user: Pick<UserRow, "firstName">): ProfileView {
  if (!row)
    return { preferredName: user.firstName, favoriteArchetype: null, backstory: "", personalityTraits: [] };
  return {
    preferredName: row.preferredName,
    favoriteArchetype: row.favoriteArchetype,
    backstory: row.backstory,
    personalityTraits: row.personalityTraits,
  };
}

/** Replaces the user's profile. */
export async function saveProfile(
  db: AppDb,
  userId: string,
  input: ProfileInput,
  now: Date,
): Promise<ProfileView> {
  const values = { ...input, updatedAt: now };
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
  return {
    preferredName: input.preferredName,
    favoriteArchetype: input.favoriteArchetype,
    backstory: input.backstory,
    personalityTraits: input.personalityTraits,
  };
}
