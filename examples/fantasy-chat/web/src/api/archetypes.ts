/** The six archetypes (value and label), app.md §3. */
export const ARCHETYPES = [
  { value: "dark_fae_lord", label: "Dark Fae Lord" },
  { value: "shadow_warrior", label: "Shadow Warrior" },
  { value: "warrior_general", label: "Warrior General" },
  { value: "dragon_rider", label: "Dragon Rider" },
  { value: "loyal_dragon_rider", label: "Loyal Dragon Rider" },
  { value: "devoted_protector", label: "Devoted Protector" },
] as const;

/** An archetype's label, or the value with underscores as spaces when unknown. */
export function archetypeLabel(value: string): string {
  return ARCHETYPES.find((a) => a.value === value)?.label ?? value.replace(/_/g, " ");
}

/** The personality traits a profile may choose from, app.md §3. */
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
