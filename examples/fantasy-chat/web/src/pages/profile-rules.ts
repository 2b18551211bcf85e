import type { Profile } from "../api/types";

/** The profile form's limits (docs/product.md). */
export const PROFILE_LIMITS = {
  nameMax: 50,
  backstoryMin: 50,
  backstoryMax: 1000,
  traitsMin: 1,
  traitsMax: 6,
} as const;

export type ProfileErrors = Partial<Record<keyof Profile, string>>;

/**
 * docs/product.md's profile rules, with its messages (and, where it gives none, the server's own wording). Text is
 * trimmed before it is measured, as the server does.
 *
 * @example
 * validateProfile({ preferredName: "", favoriteArchetype: null, backstory: "", personalityTraits: [] });
 */
export function validateProfile(profile: Profile): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = profile.preferredName.trim();
  const backstory = profile.backstory.trim();
  if (name.length < 1) errors.preferredName = "Preferred name is required";
  else if (name.length > PROFILE_LIMITS.nameMax)
    errors.preferredName = `Too big: expected string to have <=${PROFILE_LIMITS.nameMax} characters`;
  if (backstory.length < PROFILE_LIMITS.backstoryMin)
    errors.backstory = "Please provide at least 50 characters for your backstory";
  else if (backstory.length > PROFILE_LIMITS.backstoryMax)
    errors.backstory = `Too big: expected string to have <=${PROFILE_LIMITS.backstoryMax} characters`;
  if (profile.personalityTraits.length < PROFILE_LIMITS.traitsMin)
    errors.personalityTraits = "Please select at least one personality trait";
  else if (profile.personalityTraits.length > PROFILE_LIMITS.traitsMax)
    errors.personalityTraits = "Please select no more than 6 traits";
  return errors;
}
