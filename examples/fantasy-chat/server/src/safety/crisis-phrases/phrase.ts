// The shape of a crisis phrase family and the ways one is written down, shared by every language's file.
import { wholeWords as words } from "../whole-words.js";

/** The languages whose crisis wording is recognised, and whose crisis reply is written (see ../crisis-reply.ts). */
export type CrisisLanguage = "en" | "af" | "zu" | "xh" | "es" | "pt" | "fr" | "de";

/** The kinds of crisis wording, for reasons and for the corpus's figures. */
export type CrisisFamily =
  "direct" | "passive" | "burden" | "ending" | "self-injury" | "overdose" | "slang" | "plan" | "goodbye";

/** One phrase family: what it matches, and what, found in the same text, means it is not about the writer. */
export interface CrisisPhrase {
  family: CrisisFamily;
  language: CrisisLanguage;
  pattern: RegExp;
  unless?: RegExp;
}

/** A pattern that holds when each part is somewhere in the text as whole words, in any order. */
const allOf = (parts: readonly string[]): RegExp =>
  new RegExp(`^${parts.map((part) => `(?=.*(?<![a-z0-9])(?:${part})(?![a-z0-9]))`).join("")}`);

/** Phrases that say the writer's risk only together ("the rope" and "tonight"): each part somewhere in the text. */
export const together = (
  family: CrisisFamily,
  language: CrisisLanguage,
  parts: readonly string[],
  unless?: string,
): CrisisPhrase => ({
  family,
  language,
  pattern: allOf(parts),
  ...(unless ? { unless: words(unless) } : {}),
});

/** A word stem matched inside longer words (isiZulu and isiXhosa build words around it: "ngizozibulala"). */
export const stem = (family: CrisisFamily, language: CrisisLanguage, source: string): CrisisPhrase => ({
  family,
  language,
  pattern: new RegExp(source),
});

export const phrase = (
  family: CrisisFamily,
  language: CrisisLanguage,
  source: string,
  unless?: string,
): CrisisPhrase => ({
  family,
  language,
  pattern: words(source),
  ...(unless ? { unless: words(unless) } : {}),
});
