// How people say that their life or body is at risk, as phrase families per language, matched against a text's
// safety views (lower case, plain Latin letters, no apostrophes, single spaces: see normalise-text.ts). A phrase is
// a family of wordings, not a word: "kill" alone is fantasy, "kill myself" is a crisis; "die" alone is an idiom,
// "want to die" is a crisis. Exceptions are written beside the phrase they narrow.

import { ENGLISH } from "./crisis-phrases/english.js";
import { ENGLISH_INDIRECT } from "./crisis-phrases/english-indirect.js";
import {
  AFRIKAANS,
  FRENCH,
  GERMAN,
  NGUNI,
  OTHER_LANGUAGES_MORE,
  PORTUGUESE,
  SPANISH,
} from "./crisis-phrases/other-languages.js";
import type { CrisisPhrase } from "./crisis-phrases/phrase.js";

export { nguniLanguage } from "./crisis-phrases/other-languages.js";
export type { CrisisFamily, CrisisLanguage, CrisisPhrase } from "./crisis-phrases/phrase.js";

/** Every phrase family, English first (most messages are English, and the first match names the language). */
export const CRISIS_PHRASES: readonly CrisisPhrase[] = [
  ...ENGLISH,
  ...ENGLISH_INDIRECT,
  ...AFRIKAANS,
  ...NGUNI,
  ...SPANISH,
  ...PORTUGUESE,
  ...FRENCH,
  ...GERMAN,
  ...OTHER_LANGUAGES_MORE,
];
