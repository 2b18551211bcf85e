import { PETS, RELATIONS, extractFacts, factKind, type FactKind } from "../memory/remembered-facts.js";
import { asksAboutCharacter, findLore, loreOf, type LoreTopic } from "./character-lore.js";
import type { ReplyRequest } from "./reply-engine.js";
import { familyOf, overlap, plainWords, topicWords } from "./topic-words.js";

/** What a reply can draw on beyond the recent messages, the same for every engine. */
export interface Recollection {
  /** Everything the user told about themselves: the long-term memory's facts, then the window's and the message's. */
  facts: string[];
  /** Earlier topics of the chat (long-term memory). */
  topics: readonly string[];
  /** The fact the message asks back ("what's my sister called?"), or null. */
  asked: string | null;
  /** Whether the message asks about the user's own life (then `asked` null means it was never told). */
  asksAboutUser: boolean;
  /** A fact the message touches without asking for it ("take me somewhere icy": the user hates the cold), or null. */
  touched: string | null;
  /** The character's lore topic the message asks about, or null. */
  lore: LoreTopic | null;
}

// What a question about the user's life asks for, by the words it uses.
const KIND_HINTS: ReadonlyArray<[FactKind, RegExp]> = [
  ["name", /\bmy name\b|\bwhat am i called\b|\bwho am i\b|\bcall me\b/],
  ["job", /\b(?:job|work|living|trade|profession|occupation|craft|run)\b|\bwhat (?:do )?i do\b/],
  ["place", /\bwhere\b.*\b(?:i|my)\b|\b(?:from|born|grew up|grow up|live|hometown|home|town|village|city)\b/],
  ["like", /\b(?:love|like|adore|enjoy|favou?rite|prefer|into|fan|hobby|weekends?|music|books?)\b/],
  ["dislike", /\b(?:hate|can't (?:i )?stand|cannot stand|dislike|loathe|despise|detest|can't (?:i )?bear)\b/],
  ["fear", /\b(?:afraid|scared|fear|frightened|terrified|frighten)\b/],
  ["feeling", /\bmiss\b/],
  ["wish", /\b(?:wish|want|dream|hope)\b/],
];
const RELATION_WORDS = new RegExp(`\\b(?:${RELATIONS.join("|")})\\b`);
const PET_WORDS = new RegExp(`\\b(?:${PETS.join("|")}|pet|animal)s?\\b`);

const REMEMBER = /\bremember\b|\bremind me\b|\brecall\b|\bforget\b|\bforgot(?:ten)?\b/;

/**
 * The sentence of a message that asks about the user's own life — a question (or "remember…") about "I", "my",
 * "about me" — or null.
 */
function questionAboutSelf(message: string): string | null {
  for (const sentence of message.toLowerCase().split(/(?<=[.!?])\s+/)) {
    const firstPerson =
      plainWords(sentence).some((word) => ["i", "my", "mine", "i'm", "i've", "myself"].includes(word)) ||
      /\babout me\b/.test(sentence);
    if (firstPerson && (sentence.includes("?") || REMEMBER.test(sentence))) return sentence;
  }
  return null;
}

/**
 * How well each fact answers a message: 2 for each topic word they share (1 for a related word), 2 more when it is
 * of the kind the message asks about ("what do I do" → a trade); when the message names a person or an animal, 4
 * more for a fact about them and none for any other.
 */
function factScores(facts: readonly string[], message: string): Array<{ fact: string; score: number }> {
  const lower = message.toLowerCase();
  const asked = topicWords(message);
  const kinds = new Set(KIND_HINTS.filter(([, hint]) => hint.test(lower)).map(([kind]) => kind));
  const subject = lower.match(RELATION_WORDS)?.[0] ?? lower.match(PET_WORDS)?.[0]?.replace(/s$/, "") ?? null;
  return facts.map((fact) => {
    let score = overlap(asked, topicWords(fact));
    const kind = factKind(fact);
    if (kinds.has(kind)) score += 2;
    if (subject) {
      // "What's my sister called?" is answered by a fact about the sister only, however alike a brother's words.
      const same =
        (kind === "relation" || kind === "pet") &&
        (fact.toLowerCase().includes(subject) ||
          plainWords(fact).some((word) => familyOf(word) === familyOf(subject)));
      score = same ? score + 4 : 0;
    }
    return { fact, score };
  });
}

/** The best-scoring fact with at least `least` points (the latest of equals), or null. */
function best(scores: ReadonlyArray<{ fact: string; score: number }>, least: number): string | null {
  let found: { fact: string; score: number } | null = null;
  for (const entry of scores) if (entry.score >= least && entry.score >= (found?.score ?? 0)) found = entry;
  return found?.fact ?? null;
}

/** Whether a question about the user names something a fact could answer (a kind, a person, an animal). */
function namesAFact(message: string): boolean {
  const lower = message.toLowerCase();
  return (
    KIND_HINTS.some(([, hint]) => hint.test(lower)) || RELATION_WORDS.test(lower) || PET_WORDS.test(lower)
  );
}

/** The lore topic a message asks about: a question or "tell me" to the character, or naming a topic outright. */
function loreAskedFor(request: ReplyRequest, message: string): LoreTopic | null {
  const asking = message.includes("?") || /\btell me\b|\bshow me\b|\bdescribe\b/i.test(message);
  if (!asking) return null;
  const replies = [
    ...request.avoid,
    ...request.history.filter((m) => m.role === "character").map((m) => m.content),
  ];
  const found = findLore(loreOf(request.character), message, (line) =>
    replies.some((reply) => reply.includes(line)),
  );
  if (!found) return null;
  // Without "you" or "your", a topic is asked about by "tell me about" it, or by naming it outright (two of its
  // words, "is the Queen's Road safe?").
  const named = overlap(topicWords(message), found.keywords);
  const tellMe = /\btell me about\b|\bdescribe\b/i.test(message);
  return asksAboutCharacter(message) || named >= 4 || (tellMe && named >= 2) ? found : null;
}

/**
 * What a reply to `request` can draw on: every fact the user told (long-term memory, the recent window, the new
 * message), the fact the message asks back or touches, and the lore topic it asks about. Both engines use it: the
 * persona engine answers from it, the OpenAI-compatible engine puts it in the prompt.
 *
 * @example
 * const { asked, lore } = recollectionFor(request);
 */
export function recollectionFor(request: ReplyRequest): Recollection {
  const facts: string[] = [...(request.memory?.facts ?? [])];
  const said = [...request.history.filter((m) => m.role === "user").map((m) => m.content), request.message];
  for (const text of said)
    for (const fact of extractFacts(text)) if (!facts.includes(fact.text)) facts.push(fact.text);
  const message = request.message;
  const fromEarlier = facts.filter((fact) => !extractFacts(message).some((told) => told.text === fact));
  const scores = factScores(fromEarlier, message);
  const question = questionAboutSelf(message);
  const aboutUser = question !== null && namesAFact(question);
  // "Who is Tomas, do you remember?" asks for a fact by a word of it, without "I" or "my".
  // A question about the user takes the closest fact it shares a word with before saying it was never told.
  const asked =
    aboutUser || REMEMBER.test(message.toLowerCase())
      ? (best(scores, 2) ?? (aboutUser ? best(scores, 1) : null))
      : null;
  const touched = asked ? null : best(scores, 1);
  const lore = aboutUser || asked ? null : loreAskedFor(request, message);
  return { facts, topics: request.memory?.topics ?? [], asked, asksAboutUser: aboutUser, touched, lore };
}
