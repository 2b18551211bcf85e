import { ARCHETYPE_VALUES, type Archetype } from "../characters/archetypes.js";
import { CHARACTER_CATALOGUE } from "../characters/character-catalogue.js";
import { rememberLast } from "../remember-last.js";
import type { ReplyRequest } from "./reply-engine.js";
import { INTENTS, SHARED_VOICE, VOICES, type Intent, type Voice } from "./persona-voices.js";
import { PROFILE_LINES } from "./voices/profile-lines.js";
import { stableHash } from "./stable-hash.js";

/**
 * One character's own voice. The archetype's lines and the shared lines are dealt out among the characters who would
 * otherwise all say them, like cards: of an archetype's lines, each of its characters keeps every n-th (n, the
 * cast's characters of that archetype); of the shared lines, every 14th (one per seeded character). So no two
 * characters of the cast say the same fixed sentence; what they share are the frames around a fact the user told,
 * which differ by the fact. Lines with a fact in them (recall, callbacks) are kept whole: they are never the same
 * sentence twice.
 */
export interface CharacterVoice {
  own: Voice;
  shared: Voice;
  /** Lines on the user's backstory ({@link PROFILE_LINES}), this character's share. */
  story: readonly string[];
  /** Lines on the user's favourite archetype, shared with no other character of the archetype. */
  favourite: readonly string[];
  /** Who the character is, from its name and title (so unlike any other character's). */
  self: readonly string[];
}

type Character = ReplyRequest["character"];

const archetypeOf = (value: string): Archetype =>
  (ARCHETYPE_VALUES as readonly string[]).includes(value) ? (value as Archetype) : "devoted_protector";

/** Where a character sits among `cast` (its position; an imported character, a seat its id chooses). */
function seatAmong(character: Character, cast: readonly { id: string }[]): { seat: number; of: number } {
  const of = Math.max(cast.length, 1);
  const index = cast.findIndex((member) => member.id === character.id);
  return { seat: index >= 0 ? index : stableHash(character.id) % of, of };
}

/** Every `of`-th line from `seat`. */
const dealt = <T>(lines: readonly T[], seat: number, of: number): T[] =>
  lines.filter((_, index) => index % of === seat % of);

function dealVoice(voice: Voice, seat: number, of: number): Voice {
  const lines = {} as Record<Intent, readonly string[]>;
  for (const intent of INTENTS) lines[intent] = dealt(voice.lines[intent], seat, of);
  return {
    openers: dealt(voice.openers, seat, of),
    lines,
    traitLines: dealt(voice.traitLines, seat, of),
    closers: dealt(voice.closers, seat, of),
    recall: voice.recall,
    callbacks: voice.callbacks,
    unknown: dealt(voice.unknown, seat, of),
    lore: dealt(voice.lore, seat, of),
  };
}

function voiceFor(character: Character): CharacterVoice {
  const archetype = archetypeOf(character.archetype);
  const kin = CHARACTER_CATALOGUE.filter((member) => member.archetype === archetype);
  const own = seatAmong(character, kin);
  const all = seatAmong(character, CHARACTER_CATALOGUE);
  return {
    own: dealVoice(VOICES[archetype], own.seat, own.of),
    shared: dealVoice(SHARED_VOICE, all.seat, all.of),
    story: dealt(PROFILE_LINES.story, all.seat, all.of),
    favourite: dealt(PROFILE_LINES.favourite, own.seat, own.of),
    self: PROFILE_LINES.self,
  };
}

/**
 * The lines `character` may say (see {@link CharacterVoice}), worked out once per character.
 *
 * @example
 * const { own, shared } = characterVoice(request.character);
 */
export const characterVoice = rememberLast(
  500,
  voiceFor,
  (character) => `${character.id}\u0000${character.archetype}`,
);
