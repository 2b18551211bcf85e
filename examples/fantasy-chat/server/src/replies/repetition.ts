/**
 * Telling repeated sentences apart from new ones, for the persona engine (which avoids them) and for the persona
 * benchmark (which counts them): a sentence repeats another when, ignoring case, punctuation and the user's name,
 * their words are the same or nearly so.
 */
import { rememberLast } from "../remember-last.js";

/** Two sentences whose word sets overlap this much (shared ÷ all) are near-exact repeats. */
export const NEAR_REPEAT_OVERLAP = 0.75;

/**
 * The words of a sentence, lower case, without punctuation, with `name` (the user's) left out.
 *
 * @example
 * wordsOf("Stay close, Mara.", "Mara"); // ["stay", "close"]
 */
export function wordsOf(sentence: string, name = ""): string[] {
  const nameWords = nameWordsOf(name);
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]+/gu, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
    .filter((word) => word !== "" && !nameWords.includes(word));
}

let lastName = "";
let lastNameWords: readonly string[] = [];

/** The words of a name ("Mara Lee" → mara, lee), the last one asked for kept: a reply asks for one name many times. */
function nameWordsOf(name: string): readonly string[] {
  if (name === "") return [];
  if (name !== lastName) {
    const words = wordsOf(name);
    lastName = name;
    lastNameWords = words;
  }
  return lastNameWords;
}

/**
 * The set of a sentence's words as {@link isRepeat} compares them, to compare one sentence with many.
 *
 * @example
 * const said = earlier.map((sentence) => wordSet(sentence, "Mara"));
 */
export function wordSet(sentence: string, name = ""): ReadonlySet<string> {
  return new Set(wordsOf(sentence, name));
}

/**
 * The word sets of a reply's sentences (see {@link sentencesOf}, {@link wordSet}), kept for the replies seen last:
 * each reply of a chat is compared with the same earlier replies as the one before it.
 *
 * @example
 * const said = earlierReplies.flatMap((reply) => replyWordSets(reply, "Mara"));
 */
export function replyWordSets(reply: string, name = ""): ReadonlyArray<ReadonlySet<string>> {
  return replySets({ reply, name });
}

/** Replies kept: the last 20 of 500 chats, as many as the instance keeps contexts of. */
const replySets = rememberLast(
  10_000,
  ({ reply, name }: { reply: string; name: string }) =>
    sentencesOf(reply).map((sentence) => wordSet(sentence, name)),
  ({ reply, name }) => `${name}\u0000${reply}`,
);

/**
 * The word set of a line of text with placeholders (`{name}`, …), without them: the same as the set of the line
 * filled with the user's name, ignoring the name. Kept per line (a voice's lines are a fixed set).
 *
 * @example
 * templateWordSet("Stay close, {name}.").has("stay"); // true
 */
export function templateWordSet(template: string): ReadonlySet<string> {
  let words = TEMPLATE_SETS.get(template);
  if (!words) {
    words = wordSet(template.replace(/\{[a-z]+\}/g, " "));
    TEMPLATE_SETS.set(template, words);
  }
  return words;
}

const TEMPLATE_SETS = new Map<string, ReadonlySet<string>>();

/**
 * A word set as one string (its words sorted), so that sets of the very same words can be looked up: for lines known
 * to be unlike every other line (a voice's, see the voices' test), being said before is having the same key.
 *
 * @example
 * wordSetKey(wordSet("Stay close.")) === wordSetKey(wordSet("Close, stay!")); // true
 */
export function wordSetKey(words: ReadonlySet<string>): string {
  let key = SET_KEYS.get(words);
  if (key === undefined) {
    key = [...words].sort().join(" ");
    SET_KEYS.set(words, key);
  }
  return key;
}

const SET_KEYS = new WeakMap<ReadonlySet<string>, string>();

/** Whether two word sets (see {@link wordSet}) are the same or nearly ({@link NEAR_REPEAT_OVERLAP}). */
export function isRepeatOf(left: ReadonlySet<string>, right: ReadonlySet<string>): boolean {
  if (left.size === 0 || right.size === 0) return left.size === right.size;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  // Shared ÷ all is at most the smaller size ÷ the larger: sets of unlike sizes are never repeats.
  if (small.size < NEAR_REPEAT_OVERLAP * large.size) return false;
  // shared ÷ (a + b − shared) ≥ t  ⇔  shared ≥ t (a + b) ÷ (1 + t): stop once that many can no longer be found.
  const needed = (NEAR_REPEAT_OVERLAP * (small.size + large.size)) / (1 + NEAR_REPEAT_OVERLAP);
  let shared = 0;
  let unread = small.size;
  for (const word of small) {
    if (large.has(word)) shared++;
    unread--;
    if (shared + unread < needed) return false;
  }
  return shared >= needed;
}

/**
 * Whether two sentences are the same or nearly (see {@link NEAR_REPEAT_OVERLAP}), ignoring `name`.
 *
 * @example
 * isRepeat("Stay close, Mara.", "Stay close.", "Mara"); // true
 */
export function isRepeat(a: string, b: string, name = ""): boolean {
  return isRepeatOf(wordSet(a, name), wordSet(b, name));
}

/**
 * The sentences of a reply: split after `.`, `!`, `?` or `…` followed by a space.
 *
 * @example
 * sentencesOf("Hello. How are you?"); // ["Hello.", "How are you?"]
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}
