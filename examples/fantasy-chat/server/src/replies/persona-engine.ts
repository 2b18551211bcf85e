import { ARCHETYPES } from "../characters/archetypes.js";
import { paraphraseFact } from "../memory/fact-paraphrase.js";
import { toSecondPerson } from "../memory/remembered-facts.js";
import { wouldBeRefused } from "../safety/assess-text.js";
import type { ReplyEngine, ReplyRequest } from "./reply-engine.js";
import type { Intent } from "./persona-voices.js";
import { characterVoice, type CharacterVoice } from "./character-voice.js";
import { loreOf } from "./character-lore.js";
import { directAnswer, type DirectAnswer, type Kind } from "./direct-answer.js";
import { recollectionFor, type Recollection } from "./recollection.js";
import { isRepeatOf, replyWordSets, templateWordSet, wordSet, wordSetKey } from "./repetition.js";
import { topicWords } from "./topic-words.js";
import { GENTLE } from "./voices/gentle.js";
import { stableHash } from "./stable-hash.js";

// Moods first (an angry or sad message is answered as such whatever else it mentions), then themes.
const INTENT_WORDS: ReadonlyArray<[Intent, RegExp]> = [
  [
    "anger",
    /\b(angry|furious|mad at|annoyed|livid|how dare|idiot|stupid|rage|fuming|sick of|fed up|hate you)\b/,
  ],
  [
    "sorrow",
    /\b(sad|lonely|alone|tired|afraid|scared|hurt|cry|crying|lost|grief|miss|anxious|worried|heavy)\b/,
  ],
  [
    "playful",
    /\b(haha|hehe|lol|tease|teasing|joke|joking|kidding|silly|ridiculous|funny|laugh|wink|show-off)\b/,
  ],
  [
    "romance",
    /\b(love|kiss|heart|beautiful|handsome|hold me|romance|mystical|connection|desire|darling|gorgeous)\b/,
  ],
  [
    "adventure",
    /\b(explore|journey|quest|adventure|fly|ride|travel|realm|forbidden|map|storm|secret path|trip)\b/,
  ],
  ["memory", /\b(remember|memory|memories|ancient|past|history|long ago|childhood|legend)\b/],
  ["gratitude", /\b(thank|thanks|grateful)\b/],
  ["greeting", /^(hi|hello|hey|greetings|good (morning|evening|day)|well met)\b/],
];

/**
 * What the message is mostly about; the first matching mood or theme wins, a question mark makes it a question. The
 * four conversation starters land on their themes: exploring the realm and the forbidden journey on adventure, the
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

function pick<T>(items: readonly T[], seed: number, salt: number): T {
  const item = items[(seed + salt * 7919) % items.length];
  if (item === undefined) throw new Error("empty voice list");
  return item;
}

/** Used when every other composition was refused: safe for any conversation, and unique by its count. */
const FALLBACK_LINE = "Forgive me, {name}; let us turn to the road ahead.";

/** How many compositions are tried before the plainest one is used. */
const MAX_ATTEMPTS = 64;
const STORY_MAX_LENGTH = 90;
/** A template's fixed words this long or longer, seen in an earlier reply, show the template: it is not reused. */
const FRAME_MIN_LENGTH = 14;

/** One sentence, second person, no final punctuation: the first sentence of the profile's backstory. */
function storySnippet(backstory: string): string {
  const first = (backstory.split(/(?<=[.!?])\s/)[0] ?? "").trim().replace(/[.!?…]+$/, "");
  const story = toSecondPerson(first);
  if (story.length <= STORY_MAX_LENGTH) return story;
  // Cut at the last clause that fits ("…, and you are still looking for somewhere to" reads as a slip).
  const cut = story.slice(0, STORY_MAX_LENGTH);
  const clause = cut.search(/[,;:](?=[^,;:]*$)/);
  if (clause > 20) return cut.slice(0, clause);
  return cut.slice(0, Math.max(cut.lastIndexOf(" "), 20)).replace(/[,;:\s]+$/, "");
}

/** Everything a composition depends on, worked out once per reply. */
interface Scene {
  request: ReplyRequest;
  seed: number;
  intent: Intent;
  replyIndex: number;
  recollection: Recollection;
  /** The fact to bring back unprompted: the one said back least recently (one never said back first). */
  fact: string | null;
  /** The word sets of earlier replies' sentences (the window's and `avoid`'s), to be said no more. */
  earlier: ReadonlyArray<ReadonlySet<string>>;
  /** Their keys ({@link wordSetKey}), to find a voice's own line among them at once. */
  earlierKeys: ReadonlySet<string>;
  /** All of them joined, to look for a template's fixed words. */
  earlierText: string;
  /** What the character can tell of itself (its lore's lines), for when a mood's lines are all said. */
  lore: string[];
  /** Whether this reply names the user: the first one, then one in four at most (none of the last three did). */
  names: boolean;
  /** The character's answer to a question the message asks it, or null. */
  direct: DirectAnswer | null;
}

/** Whether a reply brings a fact back, in any words: most of the fact's own words are in it. */
function mentions(reply: string, fact: string): boolean {
  const words = topicWords(fact);
  const said = new Set(topicWords(reply));
  return words.length > 0 && words.filter((word) => said.has(word)).length / words.length >= 0.6;
}

/** Replies in a row that may go without the user's name before one names them. */
const UNNAMED_RUN = 3;

function sceneOf(request: ReplyRequest, seed: number): Scene {
  const recollection = recollectionFor(request);
  // Earlier replies, oldest first: those only `avoid` knows (older than the window, or other versions) come first.
  const replies = request.history.filter((m) => m.role === "character").map((m) => m.content);
  const earlierReplies = [...request.avoid.filter((text) => !replies.includes(text)), ...replies].map(
    (text) => text.toLowerCase(),
  );
  const replyIndex = replies.length;
  const lastMention = (fact: string) =>
    earlierReplies.reduce((last, reply, index) => (mentions(reply, fact) ? index : last), -1);
  let fact: string | null = null;
  for (const candidate of recollection.facts.filter((told) => told !== recollection.asked))
    if (fact === null || lastMention(candidate) < lastMention(fact)) fact = candidate;
  const name = request.persona.preferredName;
  const earlier = earlierReplies.flatMap((reply) => replyWordSets(reply, name));
  const recent = replies.slice(-UNNAMED_RUN);
  return {
    names:
      replyIndex === 0 || (recent.length >= UNNAMED_RUN && !recent.some((reply) => reply.includes(name))),
    direct: directAnswer(request.character, request.message, replyIndex),
    request,
    seed,
    intent: detectIntent(request.message),
    replyIndex,
    recollection,
    fact,
    earlier,
    earlierKeys: new Set(earlier.map(wordSetKey)),
    earlierText: earlierReplies.join("\n"),
    lore: [...new Set(loreOf(request.character).map((topic) => topic.line))],
  };
}

/** Builds one reply's sentences, each the first fresh one of its pool (not said in this chat, nor in this reply). */
class Composer {
  readonly sentences: string[] = [];
  private readonly said: Array<ReadonlySet<string>> = [];
  private readonly name: string;

  constructor(
    private readonly scene: Scene,
    private readonly h: number,
  ) {
    this.name = scene.request.persona.preferredName;
  }

  /**
   * Whether `text` (of `template`) was not said in this chat nor in this reply. A voice's line with no placeholder
   * but the name is unlike every other line of the voices (their test checks it), so it was said only if its very
   * words were: looked up by key. Other lines (filled with facts or traits, a character's lore) are compared with
   * every earlier sentence, and a template with a slot is spent once its fixed words were said.
   */
  private isFresh(text: string, template: string, voiceLine: boolean): boolean {
    const { earlier, earlierKeys, earlierText } = this.scene;
    const named = !/\{(?!name\})[a-z]+\}/.test(template);
    const words = named ? templateWordSet(template) : wordSet(text, this.name);
    if (this.said.some((before) => isRepeatOf(words, before))) return false;
    if (named && voiceLine) return !earlierKeys.has(wordSetKey(words));
    if (earlier.some((before) => isRepeatOf(words, before))) return false;
    return template
      .split(/\{[a-z]+\}/)
      .map((part) =>
        part
          .trim()
          .replace(/^[,;:]\s*|[,;:.!?]+$/g, "")
          .toLowerCase(),
      )
      .every((part) => part.length < FRAME_MIN_LENGTH || !earlierText.includes(part));
  }

  /**
   * The first fresh line of `own` then `shared` (each read from a place the hash chooses), filled; null when every
   * one was said.
   */
  fresh(
    own: readonly string[],
    shared: readonly string[],
    salt: number,
    fill: (line: string) => string = (line) => line,
    voiceLines = true,
  ): string | null {
    const start = (this.h + salt * 7919) >>> 0;
    for (const pool of [own, shared])
      for (let i = 0; i < pool.length; i++) {
        const template = pool[(start + i) % pool.length]!;
        const text = fill(template);
        if (this.isFresh(text, template, voiceLines)) return text;
      }
    return null;
  }

  /** {@link fresh}, or when every line was said, the hash's own line. */
  choose(
    own: readonly string[],
    shared: readonly string[],
    salt: number,
    fill: (line: string) => string = (line) => line,
  ): string {
    return this.fresh(own, shared, salt, fill) ?? fill(pick(own.length > 0 ? own : shared, this.h, salt));
  }

  add(sentence: string | null): void {
    if (!sentence) return;
    this.sentences.push(sentence);
    this.said.push(wordSet(sentence, this.name));
  }
}

type Extra = "self" | "fact" | "touched" | "trait" | "story" | "favourite" | "none";

/**
 * Which extra sentence a reply carries: a fact the message touches; on a first meeting (or a hello) who the
 * character is; else, turn by turn, one of the user's traits, a fact they told earlier, their backstory or
 * favourite archetype. Later attempts rotate it.
 */
function extraFor(scene: Scene, h: number, attempt: number): Extra {
  const { persona, character } = scene.request;
  const options: Extra[] = [];
  if (scene.recollection.touched) options.push("touched");
  if (scene.replyIndex === 0 || (scene.intent === "greeting" && h % 2 === 0)) options.push("self");
  if (scene.fact && scene.intent === "memory") options.push("fact");
  const turn = scene.replyIndex % 3;
  if (turn === 0 && persona.personalityTraits.length > 0) options.push("trait");
  if (turn === 1 && scene.fact) options.push("fact");
  if (turn === 2) {
    const favourite = persona.favoriteArchetype === character.archetype;
    // Every third reply: the backstory and the favourite archetype take turns (either alone when only one is known).
    if (favourite && (!persona.backstory || Math.floor(scene.replyIndex / 3) % 2 === 1))
      options.push("favourite");
    else if (persona.backstory) options.push("story");
  }
  if (scene.fact) options.push("fact");
  if (persona.personalityTraits.length > 0) options.push("trait");
  options.push("none");
  return options[attempt % options.length] ?? "none";
}

type Voices = CharacterVoice;

/** A fact in other words than the user's, the wording chosen by the reply. */
const withFact = (fact: string, h: number) => (line: string) =>
  line.replace("{fact}", paraphraseFact(fact, h));

/**
 * The answer to what the message asks: a fact said back, "you never told me", a lore topic, else the character's
 * answer to a question put to it; null when it asks nothing.
 */
function answerOf(scene: Scene, composer: Composer, voices: Voices, h: number): string | null {
  const { recollection } = scene;
  if (recollection.asked)
    return composer.choose(voices.own.recall, voices.shared.recall, 2, withFact(recollection.asked, h));
  if (recollection.asksAboutUser) return composer.choose(voices.own.unknown, voices.shared.unknown, 2);
  // A yes-or-no question, a feeling or a taste is answered as asked; other questions from the lore first.
  const direct = scene.direct;
  if (direct && DIRECT_FIRST.has(direct.kind)) return direct.line;
  return recollection.lore?.line ?? direct?.line ?? null;
}

const DIRECT_FIRST: ReadonlySet<Kind> = new Set(["yes-no", "feel", "like", "days"]);

const MOODS: ReadonlySet<Intent> = new Set(["sorrow", "anger", "playful", "romance"]);

/**
 * One candidate reply, 1 to 4 sentences: the answer first when the message asks something (a fact asked back, a
 * topic of the character's lore, a question to the character), an opener naming the user in one reply of four, a
 * line on the message's mood or theme, maybe a personal sentence, maybe a closing line; when no opener names the
 * user in a naming reply, the closing line does. Which of them, the hash decides, so no two replies need look alike;
 * about two replies in five close with a line of their own, and most of those lines are questions.
 */
function compose(scene: Scene, attempt: number, plain: boolean): string[] {
  const { request } = scene;
  const voices: Voices = characterVoice(request.character);
  const { own, shared } = voices;
  const h = stableHash(
    `${scene.seed}\n${request.character.id}\n${scene.replyIndex}\n${request.message}\n${attempt}`,
  );
  const composer = new Composer(scene, h);
  const name = request.persona.preferredName;
  const fill = (line: string) => line.replaceAll("{name}", name);
  const answer = plain ? null : answerOf(scene, composer, voices, h);
  composer.add(answer);
  // The opener names the user, so it comes only in a naming reply (and a naming reply may name them at its end).
  const opener = scene.names && h % 3 !== 0 ? composer.fresh(own.openers, shared.openers, 1, fill) : null;
  composer.add(opener);
  // A mood's lines all said, the character tells something of itself not told yet.
  const moodLine = () =>
    composer.fresh(own.lines[scene.intent], shared.lines[scene.intent], 3) ??
    composer.fresh(scene.lore, [], 3, (line) => line, false) ??
    composer.choose(own.lines[scene.intent], shared.lines[scene.intent], 3);
  if (!answer || MOODS.has(scene.intent)) composer.add(moodLine());
  const shape = scene.replyIndex === 0 ? 0 : (h >>> 4) % 5;
  // A fact the message touches is always said (it is what the message is about); other personal lines, mostly.
  if ((shape !== 1 || scene.recollection.touched) && !plain)
    composer.add(extraSentence(scene, composer, voices, h, attempt));
  const closes = shape >= 3 || composer.sentences.length < 2;
  if (scene.names && opener === null)
    composer.add(
      withName(
        composer.fresh(own.closers, shared.closers, 5) ?? composer.choose(own.closers, shared.closers, 5),
        name,
      ),
    );
  else if (closes) composer.add(composer.fresh(own.closers, shared.closers, 5));
  return composer.sentences.slice(0, 4);
}

/**
 * A gentle reply, for the turns after a crisis message (`request.gentle`): an opener naming the user, a calm line and
 * maybe a quiet question, from the gentle lines only: no flirting, no adventure, nothing the user told said back.
 */
function composeGentle(scene: Scene, attempt: number): string[] {
  const { request } = scene;
  const h = stableHash(
    `${scene.seed}\n${request.character.id}\n${scene.replyIndex}\n${request.message}\n${attempt}\ngentle`,
  );
  const composer = new Composer(scene, h);
  const name = request.persona.preferredName;
  const fill = (line: string) => line.replaceAll("{name}", name);
  composer.add(composer.choose(GENTLE.openers, [], 1, fill));
  composer.add(composer.choose(GENTLE.lines, [], 3));
  if (h % 3 !== 0) composer.add(composer.fresh(GENTLE.closers, [], 5));
  return composer.sentences;
}

/** A closing hook naming the user: "Ready to fly?" → "Ready to fly, Wren?". */
function withName(closer: string, name: string): string {
  return closer.replace(/([.!?])$/, `, ${name}$1`);
}

/** The personal sentence of a reply (see {@link extraFor}), or null (also when its lines were all said). */
function extraSentence(
  scene: Scene,
  composer: Composer,
  voices: Voices,
  h: number,
  attempt: number,
): string | null {
  const { request } = scene;
  const { persona } = request;
  const { own, shared } = voices;
  const extra = extraFor(scene, h, attempt);
  if (extra === "touched" && scene.recollection.touched)
    return composer.fresh(own.callbacks, shared.callbacks, 4, withFact(scene.recollection.touched, h));
  if (extra === "self") {
    const self = request.character.name.split(/\s+/)[0] ?? request.character.name;
    const tag = request.character.tags.length > 0 ? pick(request.character.tags, h, 6) : "the old roads";
    return composer.fresh(voices.self, [], 4, (line) =>
      line.replace("{self}", self).replace("{title}", request.character.title).replace("{tag}", tag),
    );
  }
  if (extra === "fact" && scene.fact)
    return composer.fresh(own.callbacks, shared.callbacks, 4, withFact(scene.fact, h));
  if (extra === "trait" && persona.personalityTraits.length > 0) {
    const trait = pick(persona.personalityTraits, h, 4);
    return composer.fresh(own.traitLines, shared.traitLines, 4, (line) =>
      line.replaceAll("{name}", persona.preferredName).replace("{trait}", trait),
    );
  }
  if (extra === "story" && persona.backstory)
    return composer.fresh(voices.story, [], 4, (line) =>
      line.replace("{story}", storySnippet(persona.backstory ?? "")),
    );
  if (extra === "favourite") {
    const label = ARCHETYPES.find((a) => a.value === persona.favoriteArchetype)?.label ?? "hero";
    return composer.fresh(voices.favourite, [], 4, (line) =>
      line.replace("{archetype}", label.toLowerCase()),
    );
  }
  return null;
}

/**
 * The reply as sentences (1 to 4), deterministic for `seed`: the archetype's voice addressing the user by the
 * preferred name; the answer to what was asked (a fact the user told, said back; a topic of the character's lore;
 * else a line on the message's mood or theme); a personal sentence (a fact the message touches or one told
 * earlier, a trait, the backstory or the favourite archetype) and a closing hook. No sentence said earlier in the
 * chat (the window and `request.avoid`) is said again while its pool has fresh ones. A composition equal to one in
 * `request.avoid`, or one the safety assessment would refuse (user-given facts and names are repeated back), is
 * skipped. For a few turns after a crisis message (`request.gentle`) the reply is gentle instead (see
 * {@link composeGentle}).
 *
 * @example
 * composePersonaReply(request, 7).join(" ");
 */
export function composePersonaReply(request: ReplyRequest, seed = 0): string[] {
  const scene = sceneOf(request, seed);
  const avoid = new Set(request.avoid.map((text) => text.trim()));
  for (let attempt = 0; attempt < MAX_ATTEMPTS * 2; attempt++) {
    // The second half drops every user-given text: a refused composition is never one of the voice's own lines.
    const sentences = request.gentle
      ? composeGentle(scene, attempt)
      : compose(scene, attempt, attempt >= MAX_ATTEMPTS);
    const text = sentences.join(" ");
    if (avoid.has(text)) continue;
    if (wouldBeRefused(text)) continue;
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
  return {
    async *reply(request, signal) {
      signal.throwIfAborted();
      const words = composePersonaReply(request, seed)
        .join(" ")
        .split(/(?<= )/);
      for (const word of words) {
        signal.throwIfAborted();
        yield word;
      }
    },
  };
}
