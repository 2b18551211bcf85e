/**
 * Telling repeated sentences apart from new ones, for the persona engine (which avoids them) and for the persona
 * benchmark (which counts them): a sentence repeats another when, ignoring case, punctuation and the user's name,
 * their words are the same or nearly so.
 */

/** Two sentences whose word sets overlap this much (shared ÷ all) are near-exact repeats. */
export const NEAR_REPEAT_OVERLAP = 0.75;

/**
 * The words of a sentence, lower case, without punctuation, with `name` (the user's) left out.
 *
 * @example
 * wordsOf("Stay close, Mara.", "Mara"); // ["stay", "close"]
 */
export function wordsOf(sentence: string, name = ""): string[] {
  const lowerName = name.trim().toLowerCase();
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]+/gu, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
    .filter((word) => word !== "" && word !== lowerName);
}

/**
 * The set of a sentence's words as {@link isRepeat} compares them, to compare one sentence with many.
 *
 * @example
 * const said = earlier.map((sentence) => wordSet(sentence, "Mara"));
 */
export function wordSet(sentence: string, name = ""): ReadonlySet<string> {
  const key = `${name}\u0000${sentence}`;
  const known = WORD_SETS.get(key);
  if (known) return known;
  const words = new Set(wordsOf(sentence, name));
  // Each reply compares its candidates with the chat's earlier sentences, mostly the same ones as the last reply's.
  if (WORD_SETS.size >= WORD_SETS_SIZE) WORD_SETS.delete(WORD_SETS.keys().next().value ?? "");
  WORD_SETS.set(key, words);
  return words;
}

/** Word sets by name and sentence (a bounded cache: the oldest entry goes first). */
const WORD_SETS = new Map<string, ReadonlySet<string>>();
const WORD_SETS_SIZE = 4_000;

/** Whether two word sets (see {@link wordSet}) are the same or nearly ({@link NEAR_REPEAT_OVERLAP}). */
export function isRepeatOf(left: ReadonlySet<string>, right: ReadonlySet<string>): boolean {
  if (left.size === 0 || right.size === 0) return left.size === right.size;
  // Shared ÷ all is at most the smaller size ÷ the larger: sets of unlike sizes are never repeats.
  if (Math.min(left.size, right.size) < NEAR_REPEAT_OVERLAP * Math.max(left.size, right.size)) return false;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared) >= NEAR_REPEAT_OVERLAP;
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
