/**
 * The six character archetypes (value and label), as docs/product.md lists them. The web client imports this module
 * too, so it stays pure data: no Node or server imports.
 */
export const ARCHETYPES = [
  { value: "dark_fae_lord", label: "Dark Fae Lord" },
  { value: "shadow_warrior", label: "Shadow Warrior" },
  { value: "warrior_general", label: "Warrior General" },
  { value: "dragon_rider", label: "Dragon Rider" },
  { value: "loyal_dragon_rider", label: "Loyal Dragon Rider" },
  { value: "devoted_protector", label: "Devoted Protector" },
] as const;

/** An archetype value, e.g. "dragon_rider". */
export type Archetype = (typeof ARCHETYPES)[number]["value"];

/** The archetype values, for validation. */
// Marked pure so the web bundle, which imports this module only for the lists, drops the unused call.
export const ARCHETYPE_VALUES = /* @__PURE__ */ ARCHETYPES.map((a) => a.value) as [Archetype, ...Archetype[]];

/** The personality traits a profile may choose from (docs/product.md). */
export const PERSONALITY_TRAITS = [
  "adventurous",
  "brave",
  "curious",
  "loyal",
  "intelligent",
  "passionate",
  "mysterious",
  "playful",
  "protective",
  "independent",
  "romantic",
  "witty",
  "compassionate",
  "determined",
  "fierce",
  "gentle",
  "ambitious",
  "creative",
] as const;

/** A personality trait, e.g. "witty". */
export type PersonalityTrait = (typeof PERSONALITY_TRAITS)[number];
