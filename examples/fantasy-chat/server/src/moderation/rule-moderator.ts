import type { ModerationVerdict, Moderator } from "./moderator.js";

// Terms that on their own name sexual material involving children.
const ALWAYS_BLOCKED = [
  "child porn",
  "childporn",
  "kiddie porn",
  "csam",
  "pedo",
  "pedophile",
  "pedophilia",
  "paedo",
  "paedophile",
  "paedophilia",
  "lolicon",
  "shotacon",
  "jailbait",
];

// Words that say a person is a minor.
const MINOR_TERMS = [
  "child",
  "children",
  "kid",
  "kids",
  "minor",
  "minors",
  "underage",
  "under age",
  "underaged",
  "preteen",
  "pre teen",
  "tween",
  "toddler",
  "infant",
  "schoolgirl",
  "schoolboy",
  "little girl",
  "little boy",
  "young girl",
  "young boy",
  "loli",
  "lolita",
  "shota",
  "prepubescent",
  "pubescent",
  "middle school",
  "elementary school",
  "primary school",
  "grade school",
  "young teen",
  "young teens",
];

// An age under 18 written out: "15 year old", "15yo", "age 12", "aged 9", "15 y o".
const MINOR_AGE =
  /\b(?:(?:[1-9]|1[0-7])\s*(?:yo|y o|yrs? old|years? old|year olds?)|(?:age|aged)\s+(?:[1-9]|1[0-7]))\b/;

const SEXUAL_TERMS = [
  "sex",
  "sexual",
  "sexually",
  "sexy",
  "nude",
  "nudes",
  "naked",
  "porn",
  "porno",
  "erotic",
  "explicit",
  "fuck",
  "fucking",
  "orgasm",
  "aroused",
  "horny",
  "breasts",
  "boobs",
  "genitals",
  "penis",
  "vagina",
  "make love",
  "making love",
  "intercourse",
  "molest",
  "molested",
  "rape",
  "seduce",
  "seducing",
  "undress",
  "undressing",
  "strip",
  "lewd",
  "nsfw",
  "grope",
  "fondle",
];

const SELF_HARM_TERMS = [
  "kill myself",
  "killing myself",
  "suicide",
  "suicidal",
  "end my life",
  "ending my life",
  "take my own life",
  "want to die",
  "wanna die",
  "self harm",
  "selfharm",
  "harm myself",
  "hurt myself",
  "hurting myself",
  "cut myself",
  "cutting myself",
  "no reason to live",
  "better off dead",
  "overdose",
];

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "@": "a", $: "s" };

/**
 * Lower-cases, folds look-alike characters and common digit substitutions inside words, and reduces everything
 * else to single spaces, so "S3X" and "s.e.x" are caught while ages such as "15" stay numbers.
 */
export function normaliseForModeration(text: string): string {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/(?<=\p{L})[013457@$]+(?=\p{L})|[@$]/gu, (run) => [...run].map((c) => LEET[c] ?? c).join(""));
  const spaced = folded.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  // Letters written apart ("s e x") are joined when every word is a single letter.
  return spaced.replace(/\b(?:\p{L} ){2,}\p{L}\b/gu, (run) => run.replaceAll(" ", ""));
}

function containsTerm(normalised: string, terms: readonly string[]): boolean {
  const padded = ` ${normalised} `;
  return terms.some((term) => padded.includes(` ${term} `));
}

/**
 * The built-in moderation rule set. Sexual content involving minors is always blocked: a term that names it, or
 * a minor (by word or by an age under 18) together with a sexual term in one message. Messages about suicide
 * or self-harm get the supportive reply. Everything else is allowed; adults' role-play is not policed here.
 *
 * @example
 * await ruleModerator.check("She is 15 years old and naked"); // { action: "block", category: "sexual_minors" }
 */
export const ruleModerator: Moderator = {
  async check(text: string): Promise<ModerationVerdict> {
    const normalised = normaliseForModeration(text);
    const minor = containsTerm(normalised, MINOR_TERMS) || MINOR_AGE.test(normalised);
    if (containsTerm(normalised, ALWAYS_BLOCKED) || (minor && containsTerm(normalised, SEXUAL_TERMS))) {
      return { action: "block", category: "sexual_minors" };
    }
    if (containsTerm(normalised, SELF_HARM_TERMS)) return { action: "support", category: "self_harm" };
    return { action: "allow" };
  },
};
