/**
 * What a user's message is about, as far as the persona engine can tell: a greeting, a question, or one of the
 * themes and moods a reply answers in kind (sorrow for a sad message, romance for flirting, playful, anger).
 */
export type Intent =
  | "greeting"
  | "question"
  | "sorrow"
  | "romance"
  | "adventure"
  | "memory"
  | "gratitude"
  | "playful"
  | "anger"
  | "other";

/** Every intent, in the order {@link Voice.lines} lists them. */
export const INTENTS: readonly Intent[] = [
  "greeting",
  "question",
  "sorrow",
  "romance",
  "adventure",
  "memory",
  "gratitude",
  "playful",
  "anger",
  "other",
];

/** Something a character of an archetype can tell about itself when asked: the words that ask, and the answer. */
export interface LoreLine {
  /** Lower-case words (singular) a message about this topic contains, e.g. ["home", "live"]. */
  keywords: readonly string[];
  /** The answer, one sentence in the first person. */
  line: string;
}

/**
 * One voice: an archetype's, or the shared one every character may also use. Every line is exactly one sentence
 * (it ends with `.`, `!` or `?` and has no other sentence end inside); `{name}` is the user's preferred name,
 * `{trait}` one of their personality traits, `{fact}` something they told (a clause in the second person, lower
 * case, e.g. "your sister Ilse keeps bees").
 */
export interface Voice {
  /** Opening sentences, each addressing the user with `{name}`. */
  openers: readonly string[];
  /** Sentences answering a message in kind, by what it is about; no placeholders. */
  lines: Record<Intent, readonly string[]>;
  /** Sentences on one of the user's traits, each with `{trait}` (an adjective such as "brave"). */
  traitLines: readonly string[];
  /** Closing hooks that invite the next message; no placeholders. */
  closers: readonly string[];
  /** Answers to "do you remember…?" / "what is my…?", each with `{fact}`. */
  recall: readonly string[];
  /** Unprompted mentions of something the user said earlier, each with `{fact}`. */
  callbacks: readonly string[];
  /** Answers when asked about something the user never told; no placeholders. */
  unknown: readonly string[];
  /** Topics the character can speak about, beyond those drawn from its own card. */
  lore: readonly LoreLine[];
}
