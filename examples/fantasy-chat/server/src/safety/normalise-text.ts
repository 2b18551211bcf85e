import { createRequire } from "node:module";

/**
 * Unicode's confusables (the "skeleton" prototypes of UTS #39), as the unhomoglyph package ships them: a look-alike
 * character and the character it imitates. Read once, on first use.
 */
const confusablesData = (): Record<string, string> =>
  createRequire(import.meta.url)("unhomoglyph/data.json") as Record<string, string>;

/** Latin letters with no decomposition that the confusables' prototypes use or that users type for a plain letter. */
const LATIN_FOLDS: Readonly<Record<string, string>> = {
  ß: "ss",
  ĸ: "k",
  ı: "i",
  ł: "l",
  ø: "o",
  đ: "d",
  ħ: "h",
  ʟ: "l",
  ɪ: "i",
  ᴅ: "d",
  ᴇ: "e",
  ɡ: "g",
  æ: "ae",
  œ: "oe",
  þ: "th",
  ð: "d",
};

/** A text without accents, lower case, with the folds above: how every mapped character is finally written. */
function plainLatin(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{ASCII}]/gu, (c) => LATIN_FOLDS[c] ?? c);
}

let lookAlikes: Map<string, string> | null = null;

/**
 * Each non-ASCII character that imitates ASCII letters, and those letters (lower case): Unicode's confusables whose
 * prototype is written in ASCII letters once accents are dropped, and the Latin folds. ASCII itself is never mapped
 * (the skeleton's "m" → "rn" and "1" → "l" would garble ordinary words; digits inside words are read as leetspeak).
 */
function lookAlikeMap(): Map<string, string> {
  if (lookAlikes) return lookAlikes;
  const map = new Map<string, string>(Object.entries(LATIN_FOLDS));
  for (const [from, to] of Object.entries(confusablesData())) {
    if (/^\p{ASCII}$/u.test(from) || [...from].length !== 1) continue;
    const plain = plainLatin(to);
    if (/^[a-z]+$/.test(plain)) map.set(from, plain);
  }
  lookAlikes = map;
  return map;
}

/** Emoji that stand for a word the rules read: "make it 🔞" is "make it nsfw", "a 🧒" is "a child". */
const EMOJI_WORDS: Readonly<Record<string, string>> = {
  "🔞": "nsfw",
  "🧒": "child",
  "👧": "little girl",
  "👦": "little boy",
  "🪦": "grave",
};
const EMOJI = new RegExp(Object.keys(EMOJI_WORDS).join("|"), "gu");

/**
 * Characters that take a letter's width but show nothing (the Braille blank U+2800, the Hangul fillers) and spaces
 * other than the ASCII one: a word broken by one still reads as one word.
 */
const BLANK = /[\u2800\u115f\u1160\u3164\uffa0\p{Zs}]/gu;
/** Characters that show nothing at all (zero-width spaces and joiners, soft hyphens, word joiners, bidi marks…). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}+/gu;
/** A mark standing for a blank until each view decides what it is. */
const BLANK_MARK = "\u0001";
/** Separators people put between the letters of a word to hide it ("s-e-x", "sch.ool", "under_age"). */
const SEPARATOR = String.raw`[.\-_*·•~+/\\]`;
const JOINED_LETTERS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\p{L}(?:${SEPARATOR}\p{L}(?![\p{L}\p{N}]))+`,
  "gu",
);
const SEPARATOR_IN_WORD = new RegExp(String.raw`(?<=[\p{L}\p{N}])${SEPARATOR}+(?=[\p{L}\p{N}])`, "gu");
const APOSTROPHE_IN_WORD = /(?<=\p{L})['’‘`´ʼ]+(?=\p{L})/gu;

// Leetspeak: digits and symbols written for letters, read only inside a word so that ages ("15") stay numbers.
const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
};
const LEET_RUN = /(?<=\p{L})[0134578@$!|]+(?=\p{L})|(?<![\p{L}\p{N}])[@$](?=\p{L})|(?<=\p{L})[@$]/gu;
/** A leet digit standing for a letter among letters written apart: "n a k 3 d". */
const LEET_APART =
  /(?<=(?<![\p{L}\p{N}])[\p{L}0134578]\s)[0134578@$](?=\s[\p{L}0134578](?![\p{L}\p{N}]))(?<=(?:\p{L}\s[0134578@$]|[0134578@$]\s[0134578@$]))/gu;

/**
 * A run of leet characters as letters: "11" is "ll" ("ki11"), a single "1" is "i" ("k1ll", "su1c1de") unless an "i"
 * is beside it ("1ittle", "li1").
 */
function leetLetters(run: string, offset = 0, text = run): string {
  const start = offset;
  return run.replace(/11|[^1]|1/g, (c, at: number) => {
    if (c === "11") return "ll";
    if (c !== "1") return LEET[c] ?? c;
    const beside = `${text[start + at - 1] ?? ""}${text[start + at + 1] ?? ""}`;
    return beside.includes("i") ? "l" : "i";
  });
}

/**
 * A word that mixes letters and digits the way leetspeak does ("d13", "t0", "w4nt"), not the way ages, ordinals and
 * school years are written ("15yo", "3rd", "gr8" stays readable either way: the second view only adds a reading).
 */
const LEET_WORD =
  /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]*\p{L})(?=[\p{L}\p{N}]*[0134578])[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*(?![\p{L}\p{N}])/gu;
/** A letter beside a digit: the cheap sign that {@link LEET_WORD} may find something. */
const LETTER_BY_DIGIT = /\p{L}\d|\d\p{L}/u;

/** A number whose "1" is written as a letter ("l3", "I5"): the digit it stands for, before letters are read. */
const LETTER_ONE = /(?<![\p{L}\p{N}])[li](\d)(?![\p{L}\p{N}])/gu;

/** Every digit of a leetspeak word as a letter; a lone "1" as "i"; a digit among letters written apart as a letter. */
function leetWords(text: string): string {
  return text
    .replace(LETTER_ONE, "1$1")
    .replace(LEET_WORD, (word) => (/^\d+(?:st|nd|rd|th|yo|y|yrs?|s)$/.test(word) ? word : leetLetters(word)))
    .replace(/(?<![\p{L}\p{N}])1(?![\p{L}\p{N}])/gu, "i")
    .replace(LEET_APART, (c) => LEET[c] ?? c);
}

/**
 * Words people split with spaces to hide them ("sch ool girl", "su icide"): found again when the pieces, joined,
 * spell one of them from the first piece's start to the last one's end.
 */
const SPLIT_WORDS = [
  "schoolgirl",
  "child",
  "schoolboy",
  "underage",
  "preteen",
  "teenager",
  "toddler",
  "children",
  "lolita",
  "naked",
  "nudes",
  "sexy",
  "porn",
  "erotic",
  "undress",
  "suicide",
  "suicidal",
  "unalive",
  "overdose",
  "selfharm",
];
/** Phrases written letter by letter, words and all ("k i l l   m y s e l f"), read as the words they are. */
const SPLIT_PHRASES: Readonly<Record<string, string>> = {
  killmyself: "kill myself",
  endmylife: "end my life",
  wanttodie: "want to die",
  iwanttodie: "i want to die",
  hurtmyself: "hurt myself",
  cutmyself: "cut myself",
  endit: "end it",
  enditall: "end it all",
  selfharm: "self harm",
};
const SHORT_PIECES = /(?<![\p{L}\p{N}])\p{L}{1,5}(?: \p{L}{1,5})+(?![\p{L}\p{N}])/gu;

/**
 * `view` with each of {@link SPLIT_WORDS} split into short pieces joined again, or null when none is (first checked
 * on the text without its spaces, so an ordinary text costs one search per word).
 */
function rejoined(view: string): string | null {
  const compact = view.replaceAll(" ", "");
  const padded = ` ${view} `;
  if (!SPLIT_WORDS.some((word) => compact.includes(word) && !padded.includes(` ${word} `))) return null;
  let found = false;
  const joined = view.replace(SHORT_PIECES, (run) => {
    const pieces = run.split(" ");
    const out: string[] = [];
    for (let i = 0; i < pieces.length; i++) {
      let matched = 0;
      let spelled = "";
      for (let j = i; j < pieces.length && spelled.length < 10; j++) {
        spelled += pieces[j];
        if (j > i && SPLIT_WORDS.includes(spelled)) matched = j;
      }
      if (matched > i) {
        out.push(pieces.slice(i, matched + 1).join(""));
        i = matched;
        found = true;
      } else out.push(pieces[i]!);
    }
    return out.join(" ");
  });
  return found ? joined : null;
}

/** Printable ASCII only: nothing for Unicode's normalisations, look-alikes or invisible characters to do. */
const PRINTABLE_ASCII = /^[\t\n\r -~]*$/;

/** A text with any Unicode: emoji read, compatibility forms, blanks, invisible characters, accents and look-alikes. */
function plainText(text: string): string {
  const map = lookAlikeMap();
  return text
    .replace(EMOJI, (emoji) => ` ${EMOJI_WORDS[emoji] ?? ""} `)
    .normalize("NFKC")
    .replace(BLANK, (c) => (c === " " ? " " : BLANK_MARK))
    .replace(INVISIBLE, "")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{ASCII}]/gu, (c) => map.get(c) ?? c);
}

/**
 * The ways one text is read for safety, each lower case and in plain Latin letters, words separated by single
 * spaces: look-alike letters (Cyrillic "с", Greek "ι", full-width "ｓ", mathematical "𝐬", small capitals) are read as
 * the letters they imitate, accents dropped, invisible characters removed, digits and symbols inside a word read as
 * letters ("k1ll", "s3x", "$ex"), letters strung apart ("s e x", "c-h-i-l-d") joined, and apostrophes dropped
 * ("don't" → "dont"). The first view reads a blank character as a space and other separators inside a word as
 * spaces ("sixteen-year-old" → "sixteen year old"); when the text has any, a second view removes them, so a word
 * broken to hide it is whole again ("ki\u2800ll", "sch-ool", "under_age").
 *
 * @example
 * safetyViews("ѕ\u200Bех with a k1d"); // ["sex with a kid"]
 * safetyViews("sch-ool girl"); // ["sch ool girl", "school girl"]
 */
export function safetyViews(text: string): string[] {
  const folded = (PRINTABLE_ASCII.test(text) ? text.toLowerCase() : plainText(text))
    .replace(APOSTROPHE_IN_WORD, "")
    .replace(LEET_RUN, leetLetters);
  const spaced = finish(folded.replaceAll(BLANK_MARK, " "));
  const views = [spaced];
  // `search` rather than `test`: these patterns are global (for `replace`), and `search` ignores their lastIndex.
  const hidden =
    folded.includes(BLANK_MARK) ||
    folded.search(SEPARATOR_IN_WORD) >= 0 ||
    (LETTER_BY_DIGIT.test(spaced) && spaced.search(LEET_WORD) >= 0) ||
    folded.search(LEET_APART) >= 0;
  if (hidden) {
    const joined = finish(
      leetWords(
        folded.replaceAll(BLANK_MARK, "").replace(SEPARATOR_IN_WORD, "").replace(LEET_RUN, leetLetters),
      ),
    );
    if (joined !== spaced) views.push(joined);
  }
  for (const view of [...views]) {
    const whole = rejoined(view);
    if (whole !== null && !views.includes(whole)) views.push(whole);
  }
  return views;
}

/** Letters strung together by separators or single spaces made one word; everything else but letters and digits a space. */
function finish(text: string): string {
  const joined = text.replace(JOINED_LETTERS, (run) => run.replace(/[^\p{L}]/gu, ""));
  const spaced = joined.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  // Letters written apart ("s e x") are joined when every word of the run is a single letter (a leading "a" or "i"
  // stays apart when the rest spells a hidden word: "a s c h o o l g i r l"); so are two digits ("1 5").
  return spaced
    .replace(/(?<![\p{L}\p{N}])(?:\p{L} ){2,}\p{L}(?![\p{L}\p{N}])/gu, (run) => {
      const letters = run.replaceAll(" ", "");
      const phrase = SPLIT_PHRASES[letters];
      if (phrase) return phrase;
      const rest = letters.slice(1);
      return /^[ai]/.test(letters) && SPLIT_WORDS.includes(rest) ? `${letters[0]} ${rest}` : letters;
    })
    .replace(/(?<![\p{L}\p{N}])(\d) (\d)(?![\p{L}\p{N}])/gu, "$1$2");
}
