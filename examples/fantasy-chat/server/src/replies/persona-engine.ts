import { ARCHETYPE_VALUES, type Archetype } from "../characters/archetypes.js";
import type { ReplyEngine, ReplyRequest } from "./reply-engine.js";
import { VOICES, type Intent } from "./persona-voices.js";

const INTENT_WORDS: ReadonlyArray<[Intent, RegExp]> = [
  ["sorrow", /\b(sad|lonely|alone|tired|afraid|scared|hurt|cry|crying|lost|grief|miss|anxious|worried)\b/],
  ["romance", /\b(love|kiss|heart|beautiful|handsome|hold me|romance|mystical|connection|desire|darling)\b/],
  [
    "adventure",
    /\b(explore|journey|quest|adventure|fly|ride|travel|realm|forbidden|map|storm|secret path)\b/,
  ],
  ["memory", /\b(remember|memory|memories|ancient|past|history|long ago|childhood|legend)\b/],
  ["gratitude", /\b(thank|thanks|grateful)\b/],
  ["greeting", /^(hi|hello|hey|greetings|good (morning|evening|day)|well met)\b/],
];

/**
 * What the message is mostly about; the first matching theme wins, a question mark makes it a question.
 *
 * @example
 * detectIntent("Do you remember the old war?"); // "memory"
 */
export function detectIntent(message: string): Intent {
  const text = message.toLowerCase();
  for (const [intent, words] of INTENT_WORDS) if (words.test(text)) return intent;
  return text.includes("?") ? "question" : "other";
}

/** FNV-1a: a stable, dependency-free hash so the same conversation always gets the same reply. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(items: readonly T[], seed: number, salt: number): T {
  const item = items[(seed + salt * 7919) % items.length];
  if (item === undefined) throw new Error("empty voice list");
  return item;
}

function archetypeOf(value: string): Archetype {
  return (ARCHETYPE_VALUES as readonly string[]).includes(value) ? (value as Archetype) : "devoted_protector";
}

/**
 * The reply as sentences (1 to 4): an address by the preferred name, a line answering the message's theme, a
 * nod to one of the user's traits when they chose some, and a closing hook.
 *
 * @example
 * composePersonaReply(request).join(" ");
 */
export function composePersonaReply(request: ReplyRequest): string[] {
  const voice = VOICES[archetypeOf(request.character.archetype)];
  const seed = hash(`${request.character.id}\n${request.history.length}\n${request.message}`);
  const fill = (line: string, trait = "") =>
    line.replaceAll("{name}", request.persona.preferredName).replaceAll("{trait}", trait);
  const sentences = [
    fill(pick(voice.openers, seed, 1)),
    fill(pick(voice.lines[detectIntent(request.message)], seed, 2)),
  ];
  const traits = request.persona.personalityTraits;
  if (traits.length > 0 && seed % 3 !== 0)
    sentences.push(fill(pick(voice.traitLines, seed, 3), pick(traits, seed, 4)));
  sentences.push(fill(pick(voice.closers, seed, 5)));
  return sentences;
}

/**
 * The embedded default engine: deterministic, in character by archetype, addressing the user by the profile's
 * preferred name. It streams word by word so clients exercise the same path as with a token-streaming model.
 *
 * @example
 * const engine = createPersonaEngine();
 * for await (const chunk of engine.reply(request, signal)) process.stdout.write(chunk);
 */
export function createPersonaEngine(): ReplyEngine {
  return {
    async *reply(request, signal) {
      const words = composePersonaReply(request)
        .join(" ")
        .split(/(?<= )/);
      for (const word of words) {
        signal.throwIfAborted();
        yield word;
      }
    },
  };
}
