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
  // "Teen" alone takes in 18 and 19, but in a sexual request it is how minors are asked for.
  "teen",
  "teens",
  "teenage",
  "teenager",
  "teenagers",
  "barely legal",
];

// Ages under 18 written as words ("fifteen year old"), the way a digit filter is evaded.
const AGE_WORDS = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
].join("|");

// An age under 18 written out: "15 year old", "15yo", "age 12", "aged 9", "15 y o", "fifteen year old".
const TENS = "(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)";
const MINOR_AGE = new RegExp(
  `(?<!${TENS} )\\b(?:(?:[1-9]|1[0-7]|${AGE_WORDS})\\s*(?:yo|y o|yrs? old|years? old|year olds?)|(?:age|aged)\\s+(?:[1-9]|1[0-7]|${AGE_WORDS}))\\b`,
);

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
 * Cyrillic and Greek letters that look like Latin ones (Unicode's confusables for the letters that matter here):
 * "сhіld" written with Cyrillic с and і reads as "child".
 */
const CONFUSABLES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  ԁ: "d",
  һ: "h",
  ӏ: "l",
  ԛ: "q",
  ԝ: "w",
  ɡ: "g",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ϲ: "c",
  ꞵ: "b",
};

/**
 * Lower-cases; removes zero-width and other invisible format characters; folds compatibility forms (full-width,
 * ligatures), accents, Cyrillic and Greek look-alikes and common digit substitutions inside words; and reduces
 * everything else to single spaces, so "S3X", "s.e.x", "s\u200Bex" and "ѕех" are caught while ages such as "15"
 * stay numbers.
 */
export function normaliseForModeration(text: string): string {
  const folded = text
    .normalize("NFKC")
    .replace(/\p{Cf}+/gu, "")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[\u0370-\u03ff\u0400-\u052f\u0261\ua7b5]/gu, (c) => CONFUSABLES[c] ?? c)
    .replace(/(?<=\p{L})[013457@$]+(?=\p{L})|[@$]/gu, (run) => [...run].map((c) => LEET[c] ?? c).join(""));
  // Letters strung together with dots, hyphens and the like ("c-h-i-l-d", "s.e.x") are one word.
  const joined = folded.replace(/\b\p{L}(?:[.\-_*·•~+]\p{L}\b)+/gu, (run) => run.replace(/[^\p{L}]/gu, ""));
  const spaced = joined.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  // Letters written apart ("s e x") are joined when every word is a single letter.
  return spaced.replace(/\b(?:\p{L} ){2,}\p{L}\b/gu, (run) => run.replaceAll(" ", ""));
}

/** A list of terms made ready once: single words to look up, phrases between spaces to search for. */
interface TermSet {
  words: ReadonlySet<string>;
  phrases: readonly string[];
}

function termSet(terms: readonly string[]): TermSet {
  return {
    words: new Set(terms.filter((term) => !term.includes(" "))),
    phrases: terms.filter((term) => term.includes(" ")).map((term) => ` ${term} `),
  };
}

const TERMS = {
  alwaysBlocked: termSet(ALWAYS_BLOCKED),
  minor: termSet(MINOR_TERMS),
  sexual: termSet(SEXUAL_TERMS),
  selfHarm: termSet(SELF_HARM_TERMS),
};

/** A normalised text as the terms are matched against it: its words, and itself between spaces. */
interface MatchedText {
  words: readonly string[];
  padded: string;
}

/** Whether the text holds one of the terms as whole words. */
function containsTerm(text: MatchedText, terms: TermSet): boolean {
  return (
    text.words.some((word) => terms.words.has(word)) ||
    terms.phrases.some((phrase) => text.padded.includes(phrase))
  );
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
  local: true,
  async check(text: string): Promise<ModerationVerdict> {
    const normalised = normaliseForModeration(text);
    const matched = { words: normalised.split(" "), padded: ` ${normalised} ` };
    const minor = containsTerm(matched, TERMS.minor) || MINOR_AGE.test(normalised);
    if (containsTerm(matched, TERMS.alwaysBlocked) || (minor && containsTerm(matched, TERMS.sexual))) {
      return { action: "block", category: "sexual_minors" };
    }
    if (containsTerm(matched, TERMS.selfHarm)) return { action: "support", category: "self_harm" };
    return { action: "allow" };
  },
};
