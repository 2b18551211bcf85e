import { ARCHETYPES, ARCHETYPE_VALUES, type Archetype } from "../characters/archetypes.js";
import { extractFacts, toSecondPerson } from "../memory/remembered-facts.js";
import type { Moderator } from "../moderation/moderator.js";
import { ruleModerator } from "../moderation/rule-moderator.js";
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
 * What the message is mostly about; the first matching theme wins, a question mark makes it a question. The four
 * conversation starters land on their themes: exploring the realm and the forbidden journey on adventure, the
 * mystical connection on romance, the ancient memory on memory.
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

const FACT_CALLBACKS = [
  "You told me {fact}, and I have not forgotten.",
  "I keep thinking of what you said, that {fact}.",
  "I remember: {fact}.",
  "Tell me more, since {fact}.",
];
const BACKSTORY_CALLBACKS = [
  "I have not forgotten your story: {story}.",
  "Your past is part of why I trust you: {story}.",
];
const FAVOURITE_LINES = [
  "They say you have a soft spot for a {archetype}, and I intend to deserve it.",
  "You may favour a {archetype}, but give me the chance to change your mind.",
];
const SELF_LINES = [
  "I am {self}, {title}, and I do not say that to just anyone.",
  "They call me {title}, but to you I am simply {self}.",
  "Ask anyone here about {tag}, and they will send you to me.",
];

/** Used when every other composition was refused: safe for any conversation, and unique by its count. */
const FALLBACK_LINE = "Forgive me, {name}; let us turn to the road ahead.";

/** How many compositions are tried before the plainest one is used. */
const MAX_ATTEMPTS = 64;
const STORY_MAX_LENGTH = 90;

/** One sentence, second person, no final punctuation: the first sentence of the profile's backstory. */
function storySnippet(backstory: string): string {
  const first = (backstory.split(/(?<=[.!?])\s/)[0] ?? "").trim().replace(/[.!?…]+$/, "");
  const story = toSecondPerson(first);
  if (story.length <= STORY_MAX_LENGTH) return story;
  const cut = story.slice(0, STORY_MAX_LENGTH);
  return cut.slice(0, Math.max(cut.lastIndexOf(" "), 20)).replace(/[,;:\s]+$/, "");
}

/** Everything a composition depends on, worked out once per reply. */
interface Scene {
  request: ReplyRequest;
  seed: number;
  intent: Intent;
  replyIndex: number;
  /** Facts from long-term memory, the recent window and the new message, oldest first. */
  facts: string[];
  /** The fact to bring back: the one said back least recently (one never said back first, oldest first). */
  fact: string | null;
}

function sceneOf(request: ReplyRequest, seed: number): Scene {
  const facts: string[] = [...(request.memory?.facts ?? [])];
  const said = [...request.history.filter((m) => m.role === "user").map((m) => m.content), request.message];
  for (const text of said)
    for (const fact of extractFacts(text)) if (!facts.includes(fact.text)) facts.push(fact.text);
  // Earlier replies, oldest first: those only `avoid` knows (older than the window, or other versions) come first.
  const replies = request.history.filter((m) => m.role === "character").map((m) => m.content);
  const earlier = [...request.avoid.filter((text) => !replies.includes(text)), ...replies].map((text) =>
    text.toLowerCase(),
  );
  const replyIndex = request.history.filter((m) => m.role === "character").length;
  // The fact said back least recently (never, first), so every fact gets its turn before one comes back again.
  const lastMention = (fact: string) => {
    const lower = fact.toLowerCase();
    return earlier.reduce((last, reply, index) => (reply.includes(lower) ? index : last), -1);
  };
  let fact: string | null = null;
  for (const candidate of facts)
    if (fact === null || lastMention(candidate) < lastMention(fact)) fact = candidate;
  return {
    request,
    seed,
    intent: detectIntent(request.message),
    replyIndex,
    facts,
    fact,
  };
}

type Extra = "self" | "fact" | "trait" | "story" | "favourite" | "none";

/**
 * Which extra sentence a reply carries: a remembered fact every other reply (and whenever the user speaks of
 * memories), else one of their traits, their backstory or their favourite archetype. Later attempts rotate it.
 */
function extraFor(scene: Scene, h: number, attempt: number): Extra {
  const { persona, character } = scene.request;
  const options: Extra[] = [];
  // A first meeting, or a hello: the character says who they are (from its name, title and tags).
  if (scene.replyIndex === 0 || (scene.intent === "greeting" && h % 2 === 0)) options.push("self");
  if (scene.fact && (scene.replyIndex % 2 === 1 || scene.intent === "memory")) options.push("fact");
  if (persona.personalityTraits.length > 0 && h % 3 !== 0) options.push("trait");
  if (persona.backstory && h % 4 === 1) options.push("story");
  if (persona.favoriteArchetype && persona.favoriteArchetype === character.archetype && h % 5 === 2)
    options.push("favourite");
  if (scene.fact) options.push("fact");
  if (persona.personalityTraits.length > 0) options.push("trait");
  options.push("none");
  return options[attempt % options.length] ?? "none";
}

/** One candidate reply: opener, a line on the message's theme, an optional personal sentence, a closing hook. */
function compose(scene: Scene, attempt: number, plain: boolean): string[] {
  const { request } = scene;
  const voice = VOICES[archetypeOf(request.character.archetype)];
  const h = hash(
    `${scene.seed}\n${request.character.id}\n${scene.replyIndex}\n${request.message}\n${attempt}`,
  );
  const fill = (line: string) => line.replaceAll("{name}", request.persona.preferredName);
  const sentences = [fill(pick(voice.openers, h, 1)), fill(pick(voice.lines[scene.intent], h, 2))];
  const extra: Extra = plain ? "none" : extraFor(scene, h, attempt);
  const { persona } = request;
  if (extra === "self") {
    const self = request.character.name.split(/\s+/)[0] ?? request.character.name;
    const tag = request.character.tags.length > 0 ? pick(request.character.tags, h, 6) : "the old roads";
    sentences.push(
      pick(SELF_LINES, h, 3)
        .replace("{self}", self)
        .replace("{title}", request.character.title)
        .replace("{tag}", tag),
    );
  } else if (extra === "fact" && scene.fact) {
    sentences.push(pick(FACT_CALLBACKS, h, 3).replace("{fact}", scene.fact));
  } else if (extra === "trait") {
    sentences.push(
      fill(pick(voice.traitLines, h, 3)).replace("{trait}", pick(persona.personalityTraits, h, 4)),
    );
  } else if (extra === "story" && persona.backstory) {
    sentences.push(pick(BACKSTORY_CALLBACKS, h, 3).replace("{story}", storySnippet(persona.backstory)));
  } else if (extra === "favourite") {
    const label = ARCHETYPES.find((a) => a.value === persona.favoriteArchetype)?.label ?? "hero";
    sentences.push(pick(FAVOURITE_LINES, h, 3).replace("{archetype}", label.toLowerCase()));
  }
  sentences.push(fill(pick(voice.closers, h, 5)));
  return sentences;
}

/**
 * The reply as sentences (1 to 4), deterministic for `seed`: the archetype's voice addressing the user by the
 * preferred name, a line answering the message's theme, a personal sentence (a fact the user stated, one of
 * their traits, their backstory or favourite archetype) and a closing hook. A composition equal to one in
 * `request.avoid`, or one the moderator would block (user-given facts and names are repeated back), is skipped.
 *
 * @example
 * (await composePersonaReply(request, 7)).join(" ");
 */
export async function composePersonaReply(
  request: ReplyRequest,
  seed = 0,
  moderator: Moderator = ruleModerator,
): Promise<string[]> {
  const scene = sceneOf(request, seed);
  const avoid = new Set(request.avoid.map((text) => text.trim()));
  for (let attempt = 0; attempt < MAX_ATTEMPTS * 2; attempt++) {
    // The second half drops every user-given text: a refused composition is never one of the voice's own lines.
    const sentences = compose(scene, attempt, attempt >= MAX_ATTEMPTS);
    const text = sentences.join(" ");
    if (avoid.has(text)) continue;
    if ((await moderator.check(text)).action === "block") continue;
    return sentences;
  }
  return [
    FALLBACK_LINE.replace("{name}", avoid.size % 2 === 0 ? "traveller" : "wanderer"),
    `We have spoken ${avoid.size + 1} times now, and I would speak a thousand more.`,
  ];
}

/** Options of {@link createPersonaEngine}. */
export interface PersonaEngineOptions {
  /** The same seed gives the same replies to the same conversation; another seed, other replies. */
  seed?: number;
  /** Checks each composition; the built-in rule set by default. */
  moderator?: Moderator;
}

/**
 * The embedded default engine: deterministic for its seed, in character by archetype, personal (the profile's
 * name, traits, backstory and favourite archetype), remembering what the user said. It streams word by word so
 * clients exercise the same path as with a token-streaming model.
 *
 * @example
 * const engine = createPersonaEngine({ seed: 7 });
 * for await (const chunk of engine.reply(request, signal)) process.stdout.write(chunk);
 */
export function createPersonaEngine(options: PersonaEngineOptions = {}): ReplyEngine {
  const seed = options.seed ?? 0;
  const moderator = options.moderator ?? ruleModerator;
  return {
    async *reply(request, signal) {
      signal.throwIfAborted();
      const words = (await composePersonaReply(request, seed, moderator)).join(" ").split(/(?<= )/);
      for (const word of words) {
        signal.throwIfAborted();
        yield word;
      }
    },
  };
}
