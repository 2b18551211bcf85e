import { rememberLast } from "../remember-last.js";
import type { ReplyRequest } from "./reply-engine.js";
import { characterVoice } from "./character-voice.js";
import { sentencesOf } from "./repetition.js";
import { overlap, plainWords, stem, topicWords } from "./topic-words.js";

/** Something a character can tell about itself: the topic words that ask for it, and its answer (one sentence). */
export interface LoreTopic {
  /** Where it comes from: the card's title, a sentence of its description or card text, a tag, the archetype. */
  source: "title" | "description" | "tag" | "archetype";
  keywords: readonly string[];
  line: string;
}

type Character = ReplyRequest["character"];

// Third-person verbs a description's subject takes, and their first-person form.
const IRREGULAR: Record<string, string> = { is: "am", has: "have", does: "do", goes: "go", was: "was" };

/** "trades" → "trade", "watches" → "watch", "flies" → "fly": the first-person form of a third-person verb. */
function firstPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (/ies$/.test(lower)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh|o)es$/.test(lower)) return verb.slice(0, -2);
  if (/[^s]s$/.test(lower)) return verb.slice(0, -1);
  return verb;
}

/**
 * A sentence of a character's description, told by the character: "He trades in secrets" → "I trade in secrets",
 * "A fae lord who rules…" → "I am a fae lord who rules…", "his"/"her" → "my". The character's first name counts as
 * "he" or "she".
 *
 * @example
 * toFirstPerson("He chases lightning and dares you to come along.", "Aeron"); // "I chase lightning and dare you to come along."
 */
export function toFirstPerson(sentence: string, firstName: string): string {
  const tokens = sentence.split(/(\s+|[,.;:!?]+)/).filter((token) => token !== "");
  // After "he"/"she" (now "I"), its verb and the verbs listed after it ("speaks little, notices everything and
  // guards…") take the first person, until the clause ends.
  let verbs = false;
  let after = "";
  const out = tokens.map((token) => {
    const lower = token.toLowerCase();
    if (/^[.;:!?]+$/.test(token)) verbs = false;
    if (/^\s+$/.test(token) || /^[,.;:!?]+$/.test(token)) {
      if (token.includes(",")) after = ",";
      return token;
    }
    let word = token;
    if (lower === "he" || lower === "she" || lower === firstName.toLowerCase()) {
      verbs = true;
      after = "subject";
      return "I";
    }
    if (lower === "his" || lower === "her") word = token[0] === "H" ? "My" : "my";
    else if (lower === "him") word = "me";
    else if (lower === "himself" || lower === "herself") word = "myself";
    else if (
      verbs &&
      (after === "subject" || after === "," || after === "and") &&
      /s$/.test(lower) &&
      !/ss$/.test(lower)
    )
      word = firstPersonVerb(token);
    else if (
      verbs &&
      (after === "subject" || after === "," || after === "and") &&
      /^(?:never|always|still|often|rarely|once|also)$/.test(lower)
    )
      return token;
    after = lower === "and" ? "and" : "";
    return word;
  });
  let text = out.join("");
  if (!/^(?:I|My)\b/.test(text) && !/\bI\b/.test(text))
    text = `I am ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A card text's sentences ({@link sentencesOf}), each ending as a sentence does. */
const sentencesIn = (text: string) =>
  sentencesOf(text)
    .filter((sentence) => /[a-z]/i.test(sentence))
    .map((sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`));

// Answers about a tag the description does not speak of, chosen by the tag's own hash.
const TAG_LINES = [
  "“{Tag}” is a word people use about me, and they are not wrong.",
  "If you asked the realm for one word about me, it might well be “{tag}”.",
  "“{Tag}”, the songs say of me, and for once the songs are right.",
  "Whoever spoke of me as “{tag}” knew me better than most.",
];

/** The line of a tag, chosen by the tag and the character: characters sharing a tag do not say it alike. */
function tagLine(tag: string, characterId: string): string {
  let h = 0;
  for (const char of `${characterId}\u0000${tag}`) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  const line = TAG_LINES[h % TAG_LINES.length] ?? TAG_LINES[0]!;
  return line.replace("{tag}", tag).replace("{Tag}", tag.charAt(0).toUpperCase() + tag.slice(1));
}

/**
 * What a character can tell about itself, drawn from its card: who it is (name and title), each sentence of its
 * description (and of an imported card's personality and scenario) told in the first person, each tag, and its
 * archetype's own topics. The seeded characters have 11 to 15 topics each.
 *
 * @example
 * loreOf(kaelen).map((topic) => topic.line);
 */
export function loreOf(character: Character): readonly LoreTopic[] {
  return loreByCard(character);
}

/** Lore worked out per character version (its card's text is the key), since every reply needs it. */
const loreByCard = rememberLast(
  500,
  (character: Character) => loreFromCard(character),
  (character) =>
    [
      character.id,
      character.name,
      character.title,
      character.description,
      character.archetype,
      ...character.tags,
      character.card?.personality ?? "",
      character.card?.scenario ?? "",
    ].join("\u0000"),
);

function loreFromCard(character: Character): LoreTopic[] {
  const firstName = character.name.split(/\s+/)[0] ?? character.name;
  const fill = (text: string) => text.replace(/\{\{char\}\}/gi, firstName).replace(/\{\{user\}\}/gi, "you");
  const topics: LoreTopic[] = [
    {
      source: "title",
      keywords: [
        ...topicWords(character.title),
        ...["name", "title", "who", "yourself", "serve", "duty", "role", "rank", "are"].map(stem),
      ],
      line: `I am ${character.name}, ${character.title}.`,
    },
  ];
  const told = [character.description, character.card?.personality ?? "", character.card?.scenario ?? ""]
    .flatMap((text) => sentencesIn(fill(text)))
    .slice(0, 8)
    .map((sentence) => toFirstPerson(sentence, firstName));
  for (const line of told)
    topics.push({ source: "description", keywords: topicWords(line).filter((w) => w !== "i"), line });
  for (const tag of character.tags) {
    const words = topicWords(tag);
    const told_ = told.find((line) => words.some((word) => topicWords(line).includes(word)));
    topics.push({ source: "tag", keywords: words, line: told_ ?? tagLine(tag.toLowerCase(), character.id) });
  }
  for (const lore of characterVoice(character).own.lore)
    topics.push({ source: "archetype", keywords: lore.keywords.map(stem), line: lore.line });
  return topics;
}

/** Whether a message asks the character about itself ("who are you?", "tell me about your dragon"). */
export function asksAboutCharacter(message: string): boolean {
  const words = plainWords(message);
  const toCharacter = words.some((word) => ["you", "your", "yours", "yourself", "you're"].includes(word));
  return toCharacter && (message.includes("?") || /\btell me\b|\bshow me\b|\bdescribe\b/i.test(message));
}

/**
 * The lore topic a message asks about, or null: the one sharing the most topic words with it (related words count
 * half); "who are you" and "tell me about yourself" ask for the title. Ties go to the card before the archetype.
 * Topics whose line `said` (already said in this chat) are passed over for the next best.
 *
 * @example
 * findLore(loreOf(aeron), "Tell me about your drake")?.line;
 */
export function findLore(
  topics: readonly LoreTopic[],
  message: string,
  said: (line: string) => boolean = () => false,
): LoreTopic | null {
  const asked = topicWords(message);
  let best: LoreTopic | null = null;
  // One word of the topic itself at least: a related word alone is too loose a reason to talk about oneself.
  let bestScore = 1;
  for (const topic of topics) {
    let score = overlap(asked, topic.keywords);
    if (
      topic.source === "title" &&
      /\bwho are you\b|\babout yourself\b|\byour (?:name|title)\b|\bwhat are you\b/i.test(message)
    )
      score += 4;
    if (score > bestScore && !said(topic.line)) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}
