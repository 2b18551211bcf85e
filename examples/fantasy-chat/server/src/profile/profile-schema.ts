import { z } from "zod";
import { ARCHETYPE_VALUES, PERSONALITY_TRAITS } from "../characters/archetypes.js";
import { requiredString } from "../http/validate.js";

const BACKSTORY_MIN = "Please provide at least 50 characters for your backstory";
const TRAITS_MIN = "Please select at least one personality trait";

/**
 * `PUT /api/profile`, with docs/product.md's rules and messages. Where they give no message (the maximum lengths), zod's
 * own message is used, as the form that the spec describes does. Text is trimmed first, so blanks do not count.
 *
 * @example
 * const profile = parseInput(profileSchema, request.body);
 */
export const profileSchema = z.object({
  preferredName: requiredString("Preferred name is required")
    .trim()
    .min(1, "Preferred name is required")
    .max(50),
  favoriteArchetype: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.enum(ARCHETYPE_VALUES, "Choose one of the listed character types").nullable(),
  ),
  backstory: requiredString(BACKSTORY_MIN).trim().min(50, BACKSTORY_MIN).max(1000),
  personalityTraits: z
    .array(z.enum(PERSONALITY_TRAITS, "Choose personality traits from the list"), TRAITS_MIN)
    .min(1, TRAITS_MIN)
    .max(6, "Please select no more than 6 traits")
    .refine(
      (traits) => new Set(traits).size === traits.length,
      "Each personality trait can be selected only once",
    ),
});

/** A validated profile. */
export type ProfileInput = z.infer<typeof profileSchema>;
