import { z } from "zod";
import { ARCHETYPE_VALUES, type Archetype } from "./archetypes.js";

/** The `extensions` key under which Realmheart keeps what a card has no field for (title, archetype, premium). */
export const CARD_EXTENSION = "realmheart";

const text = (max: number) =>
  z.string(`Must be text`).max(max, `Must be at most ${max} characters`).default("");

/**
 * A Character Card V2 (`chara_card_v2`, spec version 2.0). Fields the app does not know (a character book, a
 * front end's extensions, future fields) are kept as they are, so an export gives them back.
 */
export const characterCardSchema = z.object({
  spec: z.literal("chara_card_v2", 'spec must be "chara_card_v2"'),
  spec_version: z.literal("2.0", 'spec_version must be "2.0"'),
  data: z.looseObject({
    name: z
      .string("The card has no name")
      .trim()
      .min(1, "The card has no name")
      .max(100, "The name must be at most 100 characters"),
    description: text(20_000),
    personality: text(20_000),
    scenario: text(20_000),
    first_mes: text(20_000),
    mes_example: text(20_000),
    creator_notes: text(20_000),
    system_prompt: text(20_000),
    post_history_instructions: text(20_000),
    alternate_greetings: z.array(z.string("Alternate greetings must be text")).default([]),
    tags: z.array(z.string("Tags must be text")).default([]),
    creator: text(1000),
    character_version: text(1000),
    extensions: z.record(z.string(), z.unknown(), "extensions must be an object").default({}),
  }),
});

/** A parsed Character Card V2. */
export type CharacterCard = z.infer<typeof characterCardSchema>;
/** The card's `data`. */
export type CardData = CharacterCard["data"];

/** A character as the app stores it, with the card it came from (null for the seeded cast). */
export interface CardCharacter {
  name: string;
  title: string;
  description: string;
  archetype: string;
  tags: string[];
  greeting: string;
  premium: boolean;
  card: Record<string, unknown> | null;
}

const ARCHETYPE_HINTS: ReadonlyArray<[Archetype, RegExp]> = [
  ["dark_fae_lord", /\b(fae|fey|faerie|fairy|unseelie|seelie|elf|elven)\b/i],
  [
    "loyal_dragon_rider",
    /\bdragons?\b[\s\S]*\b(loyal|faithful|devoted|bond(ed)?)\b|\b(loyal|faithful)\b[\s\S]*\bdragons?\b/i,
  ],
  ["dragon_rider", /\b(dragons?|wyrms?|drakes?|wyverns?)\b/i],
  ["shadow_warrior", /\b(assassin|shadow|thief|rogue|spy|blade|night)\b/i],
  ["warrior_general", /\b(general|commander|captain|war|legion|army|soldier)\b/i],
];

/** The archetype a card names in its Realmheart extension, else the one its text suggests. */
function archetypeFor(data: CardData, extension: Record<string, unknown>): Archetype {
  const named = extension.archetype;
  if (typeof named === "string" && (ARCHETYPE_VALUES as readonly string[]).includes(named))
    return named as Archetype;
  const haystack = [data.description, data.personality, ...data.tags].join(" ");
  return ARCHETYPE_HINTS.find(([, pattern]) => pattern.test(haystack))?.[0] ?? "devoted_protector";
}

function firstSentence(value: string, max: number): string {
  const sentence = (value.split(/(?<=[.!?])\s/)[0] ?? "").trim().replace(/[.!?]+$/, "");
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 10))}…`;
}

/**
 * What the app stores for an imported card: the columns it shows (name, title, description, archetype, tags,
 * greeting, premium) and the whole card `data`, unknown fields included. Title, archetype and premium come from
 * the card's `extensions.realmheart` when an export of this app wrote them; otherwise the title is the first
 * sentence of the personality, the archetype is guessed from the text, and the character is free.
 *
 * @example
 * const character = characterFromCard(parseInput(characterCardSchema, body));
 */
export function characterFromCard(card: CharacterCard): CardCharacter {
  const { data } = card;
  const extension = (data.extensions[CARD_EXTENSION] ?? {}) as Record<string, unknown>;
  const title =
    typeof extension.title === "string" && extension.title.trim() !== ""
      ? extension.title.trim().slice(0, 100)
      : firstSentence(data.personality, 60) || "A traveller from another realm";
  return {
    name: data.name,
    title,
    description: data.description.trim() || firstSentence(data.personality, 200) || data.name,
    archetype: archetypeFor(data, extension),
    tags: data.tags
      .map((tag) => tag.trim())
      .filter((tag) => tag !== "")
      .slice(0, 20),
    greeting: data.first_mes.trim() || `Well met. I am ${data.name}.`,
    premium: extension.premium === true,
    card: data,
  };
}

/**
 * The Character Card V2 of a character: its stored card (every field kept, unknown ones included) with the
 * app's current name, description, greeting and tags, and `extensions.realmheart` holding title, archetype and
 * premium so a re-import restores them.
 *
 * @example
 * reply.send(cardFromCharacter(character));
 */
export function cardFromCharacter(character: CardCharacter): CharacterCard {
  const stored = (character.card ?? {}) as Partial<CardData>;
  const extensions = { ...(stored.extensions ?? {}) };
  extensions[CARD_EXTENSION] = {
    ...((extensions[CARD_EXTENSION] as Record<string, unknown> | undefined) ?? {}),
    title: character.title,
    archetype: character.archetype,
    premium: character.premium,
  };
  return {
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: {
      personality: "",
      scenario: "",
      mes_example: "",
      creator_notes: "",
      system_prompt: "",
      post_history_instructions: "",
      alternate_greetings: [],
      creator: "Realmheart",
      character_version: "1.0",
      ...stored,
      name: character.name,
      description: character.description,
      first_mes: character.greeting,
      tags: [...character.tags],
      extensions,
    },
  };
}
