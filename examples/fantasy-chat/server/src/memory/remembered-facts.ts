import { rememberLast } from "../remember-last.js";
import { introductionOf } from "./self-introductions.js";
import type { FactKind } from "./fact-kind.js";
import { isTrade } from "./trades.js";

export type { FactKind } from "./fact-kind.js";

/** A fact the user stated, rewritten from the character's side ("my sister is Mira" → "your sister is Mira"). */
export interface RememberedFact {
  kind: FactKind;
  /** In the second person, lower-case first letter, no final punctuation, at most {@link FACT_MAX_LENGTH} characters. */
  text: string;
}

/** The longest a remembered fact may be; longer statements are cut at a word boundary. */
export const FACT_MAX_LENGTH = 90;

/** People a user may speak of as "my …". */
export const RELATIONS = [
  "best friend",
  "sister",
  "brother",
  "mother",
  "mum",
  "mom",
  "father",
  "dad",
  "son",
  "daughter",
  "wife",
  "husband",
  "partner",
  "friend",
  "cousin",
  "aunt",
  "uncle",
  "grandmother",
  "grandfather",
  "gran",
  "grandma",
  "grandpa",
  "fiancé",
  "fiancée",
  "girlfriend",
  "boyfriend",
  "lover",
  "mentor",
  "teacher",
  "master",
  "neighbour",
  "neighbor",
  "twin",
  "kids",
  "kid",
  "children",
  "child",
  "baby",
  "niece",
  "nephew",
  "grandchildren",
  "granddaughter",
  "grandson",
  "stepson",
  "stepdaughter",
];

/** Animals a user may keep. */
export const PETS = [
  "cat",
  "dog",
  "horse",
  "mare",
  "stallion",
  "pony",
  "hound",
  "puppy",
  "kitten",
  "falcon",
  "hawk",
  "owl",
  "raven",
  "crow",
  "ferret",
  "rabbit",
  "goat",
  "parrot",
  "snake",
  "lizard",
  "fox",
  "wolf",
  "mule",
  "donkey",
  "cow",
  "pig",
  "hen",
  "tortoise",
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
  const bareOf = (word: string | undefined) => (word ?? "").toLowerCase().replace(/[^a-z']/g, "");
  let previous = "";
  let subjectYou = false;
  return words
    .map((word, index) => {
      if (/^\s+$/.test(word)) return word;
      const bare = bareOf(word);
      let swap: string | undefined = PERSON_SWAP[bare];
      if ((bare === "am" || bare === "was") && previous !== "i") swap = undefined;
      // "you" that does something ("the way you laugh", "you are kind") is "I" when said back; else "me".
      if (bare === "you") {
        const next = bareOf(words[index + 2]);
        subjectYou =
          next !== "" &&
          !/[,.;:!?]$/.test(word) &&
          (SUBJECT_BEFORE.has(previous) ||
            previous === "" ||
            AUXILIARIES.has(next) ||
            // "the moon garden you spoke of": a verb after it, and no preposition before it.
            (!OBJECT_BEFORE.has(previous) && (SUBJECT_VERBS.has(next) || /^[a-z]{3,}ed$/.test(next))));
        swap = subjectYou ? "I" : "me";
      } else if (subjectYou && (bare === "are" || bare === "were")) swap = bare === "are" ? "am" : "was";
      else if (bare !== "you") subjectYou = false;
      previous = bare;
      if (!swap) return word;
      return word.replace(/[A-Za-z']+/, swap);
    })
    .join("");
}

// Verbs that only follow a subject: "I know you were there" → "you know I was there".
const AUXILIARIES = new Set([
  "are",
  "were",
  "will",
  "would",
  "can",
  "could",
  "should",
  "have",
  "had",
  "did",
  "do",
]);

// Verbs that say "you" did something when they follow it: "the garden you spoke of" → "the garden I spoke of".
const SUBJECT_VERBS = new Set(
  (
    "spoke speak said say told tell gave give made make took take sang sing wrote write showed show promised " +
    "know knew think thought want like love saw see found keep kept carry carried built left meant mean brought " +
    "taught drew draw chose choose sent read hid wore swore"
  ).split(" "),
);

// Words after which "you" is an object whatever follows: "for you", "with you".
const OBJECT_BEFORE = new Set(
  "to for with at about from of by than like love miss trust need tell told give gave show showed thank".split(
    " ",
  ),
);

// Words after which "you" starts a clause of its own (so it is a subject): "the way you laugh", "that you are".
const SUBJECT_BEFORE = new Set([
  "way",
  "that",
  "when",
  "if",
  "because",
  "how",
  "what",
  "where",
  "as",
  "since",
  "and",
  "but",
  "think",
  "thinks",
  "said",
  "says",
  "whether",
  "until",
  "while",
]);

function shorten(text: string): string {
  if (text.length <= FACT_MAX_LENGTH) return text;
  const cut = text.slice(0, FACT_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(" ");
  return cut.slice(0, space > 20 ? space : FACT_MAX_LENGTH).replace(/[,;:\s]+$/, "");
}

const alternatives = (words: readonly string[]) => [...words].sort((a, b) => b.length - a.length).join("|");
const RELATION = alternatives(RELATIONS);
const PET = alternatives(PETS);
const MY_RELATION = new RegExp(
  `^my (?:(?:old|dear|little|big|elder|older|younger|late) )?(${RELATION})\\b`,
  "i",
);
const COUNT = "a|an|one|two|three|four|five|six|a couple of|\\d+";
const HAVE_RELATION = new RegExp(
  `^(?:i have|i've got|i had) (?:${COUNT}) (?:[a-z]+ )?(${RELATION})s?\\b`,
  "i",
);
const MY_PET = new RegExp(`^my (?:[a-z]+ )?(${PET})\\b`, "i");
const HAVE_PET = new RegExp(
  `^(?:i have|i've got|i had|i keep|i own) (?:a|an|two|three) (?:[a-z]+ )?(${PET})s?\\b`,
  "i",
);
// The same, as stored (second person, lower case).
const YOUR_RELATION = new RegExp(
  `^your (?:[a-z]+ )?(?:${RELATION})\\b|^you(?: have|'ve got| had) (?:${COUNT}) (?:[a-z]+ )?(?:${RELATION})|^you are (?:married|engaged|a widow|an? (?:mother|mom|mum|father|dad|parent|grandmother|grandfather|granny|grandma|grandpa) of)\\b`,
);
const YOUR_PET = new RegExp(
  `^your (?:[a-z]+ )?(?:${PET})\\b|^you(?: have|'ve got| had| keep| own) (?:a|an|two|three) (?:[a-z]+ )?(?:${PET})`,
);

// Words said before or after a statement that are not part of it: "honestly I hate the cold, if I'm honest".
const LEADING_FILLER =
  /^(?:(?:and|but|so|well|also|oh|ah|hi|hello|hey|by day|these days|nowadays|currently|right now|honestly|actually|really|frankly|anyway|besides|though|plus|then|by the way|to be honest|if i'm honest|if i am honest|you know|i think|i guess|i suppose|truth be told|as it happens|where|who|since|because)[,:]?\s+)+/i;
const TRAILING_FILLER =
  /(?:,?\s+(?:if i'm honest|if i am honest|to be honest|honestly|by the way|as well|too|really|though|i think|i guess|you know|so be gentle|so be kind))+$/i;

// What is said of the character ("I love you", "I like the way you laugh") is not a fact about the user.
const ABOUT_LISTENER = /\b(?:you|your|yours|yourself)\b/i;

/** A sentence cut into the statements it joins ("I'm a cartographer, and honestly I hate the cold"). */
function clausesOf(sentence: string): string[] {
  return sentence
    .split(
      /\s*;\s*|\s*[—–]\s*|,\s*(?=(?:and|but|so|while|though|although|where|since|because)?\s*(?:honestly\s+|actually\s+|also\s+)?(?:i|i'm|i've|i'd|my)\b)|\s+(?:and|but|while|though|although)\s+(?=(?:honestly\s+|actually\s+|also\s+)?(?:i|i'm|i've|my)\b)/i,
    )
    .map((clause) => clause.replace(LEADING_FILLER, "").replace(TRAILING_FILLER, "").trim())
    .filter((clause) => clause !== "");
}

/** One statement's facts, first person in: the kind and the statement in its stored form, still first person. */
function statementsOf(clause: string): Array<[FactKind, string]> {
  const c = clause.replace(/\s+/g, " ");
  const introduction = introductionOf(c);
  if (introduction) return introduction;
  let m: RegExpMatchArray | null;
  // Names: "my name is Lyra", "call me Lyra", "I'm called Lyra".
  if (
    (m = c.match(
      /^(?:my name is|my name's|call me|i am called|i'm called|people call me|they call me)\s+(.+)$/i,
    ))
  )
    return [["name", `my name is ${m[1]}`]];
  // The people in their life: "my sister Ilse keeps bees", "my brother is called Tomas", "I have a sister named Ilse".
  if ((m = c.match(MY_RELATION))) return [["relation", c]];
  if ((m = c.match(HAVE_RELATION))) return [["relation", c]];
  // Animals: "my dog Biscuit follows me", "I have a grey cat called Pepper".
  if ((m = c.match(MY_PET))) return [["pet", c]];
  if ((m = c.match(HAVE_PET))) return [["pet", c]];
  // Trades: "I'm a cartographer from the southern coast", "I work as a blacksmith in Harrowgate".
  if ((m = c.match(/^i work as (?:a |an )?(.+)$/i))) return [["job", `I work as a ${m[1]}`]];
  if (
    (m = c.match(
      /^i(?:'m| am) (?:a|an) ((?:[a-z-]+ )?[a-z-]+?)(?: by (?:trade|profession))?(\s+(?:from|in|at|on|for|of|with|to|who|and)\b.*)?$/i,
    ))
  ) {
    const noun = (m[1] ?? "").toLowerCase();
    const rest = m[2]?.trim() ?? "";
    const trade = isTrade(noun) ? noun : isTrade(noun.split(" ").at(-1) ?? "") ? noun : null;
    if (trade) {
      const from = rest.match(/^from (.+)$/i);
      const work: Array<[FactKind, string]> = [
        [
          "job",
          `I work as ${/^[aeiou]/.test(trade) ? "an" : "a"} ${trade}${from ? "" : rest ? ` ${rest}` : ""}`,
        ],
      ];
      if (from) work.push(["place", `I am from ${from[1]}`]);
      return work;
    }
    if (/(?:er|or|ist|ian)$/.test(noun)) return [["self", `I am a ${noun}${rest ? ` ${rest}` : ""}`]];
  }
  if ((m = c.match(/^i work (?:at|in|for|on) (.+)$/i))) return [["job", c]];
  // Places: "I'm from Westmarch", "I grew up on the coast", "I was born in Eastmere", "I live by the sea".
  if ((m = c.match(/^(?:i am|i'm|i come) from (.+)$/i))) return [["place", `I am from ${m[1]}`]];
  if (
    /^(?:i live|i grew up|i was born|i was raised|my home is|home for me is|i'm living|i am living)\b/i.test(
      c,
    )
  )
    return [["place", c]];
  // Likes, dislikes and fears.
  if (
    (m = c.match(/^i (?:really |truly |absolutely |just )?(love|adore|like|enjoy|cherish|prefer)\s+(.+)$/i))
  )
    return ABOUT_LISTENER.test(m[2] ?? "") ? [] : [["like", `I ${m[1]?.toLowerCase()} ${m[2]}`]];
  if ((m = c.match(/^my (?:favourite|favorite) ([a-z]+(?: [a-z]+)?) is (.+)$/i))) return [["like", c]];
  if (
    (m = c.match(
      /^i (?:really |truly |absolutely |just )?(hate|loathe|despise|dislike|detest|can't stand|cannot stand|can't bear|cannot bear)\s+(.+)$/i,
    ))
  )
    return ABOUT_LISTENER.test(m[2] ?? "") ? [] : [["dislike", `I ${m[1]?.toLowerCase()} ${m[2]}`]];
  if (
    (m = c.match(
      /^i(?:'m| am) (?:so |very |really |terribly |a bit |a little )?(?:afraid|scared|terrified|frightened) of (.+)$/i,
    ))
  )
    return [["fear", `I am afraid of ${m[1]}`]];
  if ((m = c.match(/^i (?:fear|dread) (.+)$/i))) return [["fear", `I am afraid of ${m[1]}`]];
  if (/^i (?:miss|mourn|grieve)\b/i.test(c)) return [["feeling", c]];
  if (
    /^(?:i wish|i want|i hope|i dream|i long|i would love|i'd love|one day i will|someday i will|my dream is)\b/i.test(
      c,
    )
  )
    return /^i (?:want|wish) (?:you|to kiss|to hold)\b/i.test(c) ? [] : [["wish", c]];
  // What they do: "I keep bees", "I paint ships".
  if (
    /^i (?:keep|raise|breed|grow|make|collect|paint|play|sing|write|cook|build|ride|sail|train|hunt|fish|teach|study|brew|knit|sew|carve|forge|dance|run|own)\s+\S/i.test(
      c,
    )
  )
    return [["other", c]];
  // Other things they have or are: "I have a scar on my cheek", "my ship is called the Gull".
  if (/^(?:i have|i've got|i own)\s+(?:a|an)\s+\S/i.test(c)) return [["other", c]];
  if ((m = c.match(/^my ([a-z]+) (?:is|was) (?:called|named) (.+)$/i))) return [["other", c]];
  return [];
}

/**
 * The facts a user message states about its author, in order: names ("call me Lyra"), trades ("I'm a cartographer
 * from the southern coast"), places, the people and animals in their life ("my sister Ilse keeps bees", "I have a
 * grey cat called Pepper"), likes, dislikes, fears, wishes and what they miss — anywhere in a sentence, clause by
 * clause — each rewritten in the second person so a character can say it back. Questions are not facts.
 *
 * @example
 * extractFacts("Hello! I'm a cartographer from the southern coast, and honestly I hate the cold.");
 * // [{ kind: "job", text: "you work as a cartographer" }, { kind: "place", text: "you are from the southern coast" },
 * //  { kind: "dislike", text: "you hate the cold" }]
 */
export function extractFacts(message: string): readonly RememberedFact[] {
  return factsOf(message);
}

/** Facts kept per message text: a chat's whole window is read again for each reply. */
const factsOf = rememberLast(2_000, (message: string) => readFacts(message));

function readFacts(message: string): readonly RememberedFact[] {
  const facts: RememberedFact[] = [];
  for (const raw of message.split(/(?<=[.!?…])\s+|\n+/)) {
    const sentence = raw
      .trim()
      .replace(/[.!…]+$/, "")
      .trim();
    if (sentence === "" || sentence.endsWith("?")) continue;
    for (const clause of clausesOf(sentence))
      for (const [kind, statement] of statementsOf(clause)) {
        const second = toSecondPerson(statement.replace(/[.,;:!\s]+$/, ""));
        const text = shorten(second.charAt(0).toLowerCase() + second.slice(1));
        if (!facts.some((fact) => fact.text === text)) facts.push({ kind, text });
      }
  }
  return facts;
}

/**
 * The kind of a stored fact, read from its second-person form (as {@link extractFacts} writes it; facts stored by
 * earlier versions read as their nearest kind, else "other").
 *
 * @example
 * factKind("your sister Ilse keeps bees"); // "relation"
 */
export function factKind(text: string): FactKind {
  const t = text.toLowerCase();
  if (/^your name is\b/.test(t)) return "name";
  if (
    /^you (?:work|are training|study|teach|run|manage)\b|^your (?:job|work|trade|profession)\b|\bfor a living$/.test(
      t,
    )
  )
    return "job";
  if (YOUR_RELATION.test(t)) return "relation";
  if (YOUR_PET.test(t)) return "pet";
  if (
    /^you (?:are from|come from|live|grew up|were born|were raised|travelled from|moved here from)\b|^your home\b/.test(
      t,
    )
  )
    return "place";
  if (/^you (?:love|adore|like|enjoy|cherish|prefer)\b|^your (?:favourite|favorite)\b/.test(t)) return "like";
  if (/^you (?:hate|loathe|despise|dislike|detest|can't stand|cannot stand|can't bear|cannot bear)\b/.test(t))
    return "dislike";
  if (/^you(?: are|'re) afraid\b|^you fear\b/.test(t)) return "fear";
  if (
    /^you (?:wish|want|hope|dream|long|would love|'d love)\b|^your dream\b|^(?:one day|someday) you will\b/.test(
      t,
    )
  )
    return "wish";
  if (/^you (?:miss|mourn|grieve)\b/.test(t)) return "feeling";
  if (/^you are an? /.test(t)) return "self";
  return "other";
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
