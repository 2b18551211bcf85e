/** What kind of thing a user told a character about themselves. */
export type FactKind = "name" | "place" | "wish" | "bond" | "feeling";

/** A fact the user stated, rewritten from the character's side ("my sister is Mira" → "your sister is Mira"). */
export interface RememberedFact {
  kind: FactKind;
  /** In the second person, without final punctuation, at most {@link FACT_MAX_LENGTH} characters. */
  text: string;
}

/** The longest a remembered fact may be; longer statements are cut at a word boundary. */
export const FACT_MAX_LENGTH = 90;

// Sentence openings that state something about the speaker worth bringing back later, by kind.
const FACT_PATTERNS: ReadonlyArray<[FactKind, RegExp]> = [
  ["name", /^(?:my name is|call me|i am called|i'm called|people call me)\s+\S/i],
  ["name", /^my [a-z]+(?: [a-z]+)? (?:is called|is named|'s name is|name is)\s+\S/i],
  ["place", /^(?:i am from|i'm from|i come from|i live in|i grew up in|i was born in|my home is)\s+\S/i],
  [
    "wish",
    /^(?:i wish|i want|i hope|i dream|i long|i would love|i'd love|one day i will|someday i will|my dream is)\b/i,
  ],
  [
    "bond",
    /^(?:i have a|i've got a|my (?:sister|brother|mother|father|friend|horse|dog|cat|wife|husband))\b/i,
  ],
  ["feeling", /^(?:i love|i fear|i am afraid of|i'm afraid of|i hate|i miss)\b/i],
];

// First-person words and their second-person form (and back), as the character repeats them.
const PERSON_SWAP: Record<string, string> = {
  i: "you",
  "i'm": "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  // The listener is the other way round: "with you" said to the character is "with me" when it says it back.
  you: "me",
  your: "my",
  yours: "mine",
  yourself: "myself",
  am: "are",
  was: "were",
};

/**
 * Rewrites a first-person statement as the listener would repeat it. "am"/"was" change only after "I".
 *
 * @example
 * toSecondPerson("I am from Westmarch"); // "you are from Westmarch"
 */
export function toSecondPerson(text: string): string {
  const words = text.split(/(\s+)/);
  let previous = "";
  return words
    .map((word) => {
      if (/^\s+$/.test(word)) return word;
      const lower = word.toLowerCase();
      const bare = lower.replace(/[^a-z']/g, "");
      const swap =
        (bare === "am" || bare === "was") && previous !== "i" ? undefined : (PERSON_SWAP[bare] ?? undefined);
      previous = bare;
      if (!swap) return word;
      return word.replace(/[A-Za-z']+/, swap);
    })
    .join("");
}

function shorten(text: string): string {
  if (text.length <= FACT_MAX_LENGTH) return text;
  const cut = text.slice(0, FACT_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(" ");
  return cut.slice(0, space > 20 ? space : FACT_MAX_LENGTH).replace(/[,;:\s]+$/, "");
}

/**
 * The facts a user message states about its author, oldest first: names ("my sister is called Mira"), places
 * ("I grew up in Westmarch"), wishes ("I wish to see the sea"), bonds and feelings, each rewritten in the second
 * person so a character can say them back. Questions are not facts.
 *
 * @example
 * extractFacts("Hello! My sister is called Mira. Do you fly?");
 * // [{ kind: "name", text: "your sister is called Mira" }]
 */
export function extractFacts(message: string): RememberedFact[] {
  const facts: RememberedFact[] = [];
  for (const raw of message.split(/(?<=[.!?])\s+|\n+/)) {
    const sentence = raw
      .trim()
      .replace(/^(?:and|but|so|well|also|oh)[, ]+/i, "")
      .replace(/[.!…]+$/, "")
      .trim();
    if (sentence === "" || sentence.endsWith("?")) continue;
    const kind = FACT_PATTERNS.find(([, pattern]) => pattern.test(sentence))?.[0];
    if (!kind) continue;
    // "Call me Lyra" is said back as "your name is Lyra"; every pattern starts with a common word, so lower-case it.
    const named = sentence.replace(/^(?:call me|i am called|i'm called|people call me)\s+/i, "my name is ");
    const second = toSecondPerson(named);
    const text = shorten(second.charAt(0).toLowerCase() + second.slice(1));
    if (!facts.some((fact) => fact.text === text)) facts.push({ kind, text });
  }
  return facts;
}

/**
 * Merges newly stated facts into a list, dropping exact repeats, keeping the latest `limit`.
 *
 * @example
 * mergeFacts(["you are from Westmarch"], extractFacts("I wish to fly"), 30);
 */
export function mergeFacts(
  known: readonly string[],
  added: readonly RememberedFact[],
  limit: number,
): string[] {
  const merged = [...known];
  for (const fact of added) if (!merged.includes(fact.text)) merged.push(fact.text);
  return merged.slice(-limit);
}
