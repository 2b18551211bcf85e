import { CHARACTER_CATALOGUE } from "../characters/character-catalogue.js";
import { toSecondPerson } from "../memory/remembered-facts.js";
import { rememberLast } from "../remember-last.js";
import { loreOf } from "./character-lore.js";
import type { ReplyRequest } from "./reply-engine.js";
import { plainWords } from "./topic-words.js";

/**
 * Answers to a question the user asks the character ("what do you do all day?", "do you like the sea?", "where
 * were you born?", "are you afraid of anything?"), in its own words: drawn from its card — the places its title and
 * description name, its tags, what its description says it does — so no two characters answer alike.
 */

type Character = ReplyRequest["character"];

/** What a card says a character can talk about, worked out once per character. */
interface CardWords {
  /** The place or company its title names: "the Unseelie Court". */
  realm: string;
  /** A place its description names: "the hollow hills", else its realm. */
  haunt: string;
  /** What it does, in the first person, from its description. */
  deed: string;
  tags: readonly string[];
}

/**
 * A character's place among the cast's characters of its archetype (an imported character's, chosen by its id): those
 * are the ones whose answers would otherwise sound most alike.
 */
function seatOf(character: Character): number {
  const kin = CHARACTER_CATALOGUE.filter((member) => member.archetype === character.archetype);
  const index = kin.findIndex((member) => member.id === character.id);
  if (index >= 0) return index;
  let h = 0;
  for (const char of character.id) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  return h;
}

const PLACE_IN_TEXT =
  /\b(?:in|on|over|beneath|under|across|along|at|to|of|from|above) (the (?:[A-Za-z'-]+ ){0,3}?(?:hills|peaks|road|wall|roost|market|city|court|isles|halls|sanctuary|gate|cliffs?|forest|mountains?|sea|valley|host|order|legions|stars|wyrm|drake|realm|kingdom|north|river))\b/i;

function cardWordsOf(character: Character): CardWords {
  const title = character.title.match(/\b(?:of|to) (the [^,]+)$/i)?.[1];
  const described = character.description.match(PLACE_IN_TEXT)?.[1];
  const realm = title ?? described ?? "these lands";
  const lines = loreOf(character)
    .filter((topic) => topic.source === "description")
    .map((topic) => topic.line);
  const deed = lines.find((line) => /^I (?!am\b)/.test(line)) ?? lines[0] ?? `I keep faith with ${realm}.`;
  // A card naming one place only: the character's haunt is its own hearth, so the two are not said as one.
  const haunt = described && described.toLowerCase() !== realm.toLowerCase() ? described : "my own hearth";
  return { realm, haunt, deed, tags: character.tags };
}

const cardWords = rememberLast(
  500,
  cardWordsOf,
  (character) => `${character.id}\u0000${character.description}`,
);

export type Kind = "days" | "home" | "fear" | "like" | "likes" | "feel" | "yes-no" | "other";

const KINDS: ReadonlyArray<[Kind, RegExp]> = [
  [
    "days",
    /\bwhat do you do\b|\bhow do you (?:spend|pass)\b|\bwhat(?:'s| is) your (?:day|typical day|life) like\b|\bwhat fills your days\b/,
  ],
  [
    "home",
    /\bwhere (?:were you born|are you from|do you (?:live|come from|sleep|stay)|did you grow up|is your home)\b/,
  ],
  ["fear", /\b(?:afraid|scared|frighten|fear|terrif)/],
  ["like", /\bdo you (?:like|love|enjoy|care for|fancy) (.+?)\s*\?/],
  ["likes", /\bwhat do you (?:like|love|enjoy)\b|\byour favou?rite\b/],
  [
    "feel",
    /\bhow are you\b|\bhow do you feel\b|\bhow(?:'s| is| was) your (?:day|night|evening)\b|\bare you (?:happy|lonely|sad|tired|okay|ok|well)\b/,
  ],
  ["yes-no", /^(?:\w+,\s*)?(?:do|are|have|can|will|would|did|were|could|was|is) you\b/],
];

// The answers, by kind; {realm}, {haunt}, {deed}, {tag}, {thing}, {when} and {does} come from the card and the
// question. Each character answers from the one its seat among its archetype's characters points to, so those never
// answer alike; characters of other archetypes differ by their cards' places.
const ANSWERS: Record<Kind, readonly string[]> = {
  days: [
    "My {when} are simple enough to tell: {deed}",
    "Ask anyone in {realm} how I pass my {when}, and they will tell you this: {deed}",
    "My {when} look alike, and I like them that way: {deed}",
    "Most of my {when} go the same way, far from idle: {deed}",
    "I can sum up my {when} in one breath: {deed}",
  ],
  home: [
    "I call {haunt} home, and {realm} is where my heart has always belonged.",
    "Home for me is {haunt}; I was made for {realm} and never wished otherwise.",
    "I was born within sight of {haunt}, and I have never strayed far from {realm}.",
    "I first drew breath near {haunt}, and {realm} has had my loyalty ever since.",
    "My cradle stood close to {haunt}, and {realm} raised me the rest of the way.",
  ],
  fear: [
    "I fear very little, but the thought of {realm} falling to ruin keeps me awake.",
    "Only one thing frightens me: failing {realm} on the one night it needs me.",
    "Fear visits me rarely, and when it does it wears the face of {realm} in ashes.",
    "I am afraid of one thing only, that {realm} should go silent while I still live.",
    "My one dread is losing the people of {realm}, and I will not pretend otherwise.",
  ],
  like: [
    "I do like {thing}; it reminds me of {realm} on a good day.",
    "{Thing} suits me well, as anyone in {realm} could tell you.",
    "{Thing} was never much to my taste, nor to {realm}'s, though I would try it again for your sake.",
    "I have a weakness for {thing}, though {realm} would be shocked to hear it.",
    "Truthfully, {thing} leaves me cold, and {realm} has spoiled me for it.",
  ],
  likes: [
    "I have no single favourite {thing}; {realm} taught me to love whatever keeps my own safe.",
    "What I love most is an evening in {realm} with nothing to guard and nobody to answer to.",
    "Give me {tag} and a quiet hour far from {realm}, and I am content.",
    "My favourite {thing} is the one {realm} never sees me reach for.",
    "Of everything in {realm}, I love {tag} best, and I am not ashamed of it.",
  ],
  feel: [
    "I am well, and better now that you are here beside {realm}.",
    "Rested and in good spirits; {realm} was quiet today.",
    "Better than {realm} deserves, now that you have come.",
    "Tired from a long day at {realm}, but your company mends it.",
    "Content, truly, with {realm} at peace and you in front of me.",
  ],
  "yes-no": [
    "Yes, I {does}, and I would say so before all of {realm}.",
    "I {does}, though I rarely admit it to anyone in {realm}.",
    "No, I {doesnt}, and {realm} taught me never to pretend otherwise.",
    "I {does}, more often than {realm} would believe.",
    "Honestly, I {doesnt}, not since my first year at {realm}.",
  ],
  other: [
    "The honest answer lies somewhere in {realm}, and I would gladly take you there to find it.",
    "That is a long tale of {realm}, and the short of it is that I would not change a day.",
    "I will answer plainly, as {realm} taught me: {deed}",
    "You want the truth, and here it is, from one who serves {realm}: {deed}",
    "Put simply, and as anyone in {realm} could tell you: {deed}",
  ],
};

const AUX: Record<string, string> = {
  do: "do",
  are: "am",
  have: "have",
  can: "can",
  will: "will",
  would: "would",
  did: "did",
  were: "was",
  could: "could",
  was: "was",
  is: "am",
};

/** "do you ever get lonely at the gate?" → "get lonely at the gate" and "do": what a yes or a no would repeat. */
function predicateOf(question: string): { aux: string; rest: string } {
  const m = question.match(
    /\b(do|are|have|can|will|would|did|were|could|was|is) you (?:ever |really |still |truly )?(.*?)\s*\?/,
  );
  const aux = AUX[m?.[1] ?? "do"] ?? "do";
  const rest = toSecondPerson(m?.[2] ?? "");
  return { aux, rest: rest.split(/\s+/).length <= 8 ? rest : "" };
}

/** The sentence of a message that asks the character something: a question to "you", or null. */
function questionToCharacter(message: string): string | null {
  for (const sentence of message.split(/(?<=[.!?])\s+/)) {
    if (!sentence.includes("?")) continue;
    const words = plainWords(sentence);
    // "Do you know what I do?" asks about the user: the recollection answers it.
    if (words.some((word) => ["i", "my", "mine", "i'm"].includes(word))) continue;
    if (words.some((word) => ["you", "your", "yours", "yourself", "you're"].includes(word))) return sentence;
  }
  return null;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The character's answer to a question the message asks it, one sentence, or null when it asks none. The same
 * character answers the same question the same way; `turn` turns to another wording when asked again.
 *
 * @example
 * directAnswer(kaelen, "Do you like the sea?", 0)?.line; // "I do like the sea; it reminds me of the hollow hills on a good day."
 */
export function directAnswer(character: Character, message: string, turn: number): DirectAnswer | null {
  const question = questionToCharacter(message);
  if (!question) return null;
  const lower = question.toLowerCase();
  const found = KINDS.find(([, pattern]) => pattern.test(lower));
  // A question of no known kind is answered when it asks what, why, how…; "you know that?" is not asked to be.
  if (!found && !/^(?:\W*\w+,\s*)?(?:what|why|how|where|when|who|which)\b/.test(lower)) return null;
  const kind: Kind = found?.[0] ?? "other";
  const match = found ? lower.match(found[1]) : null;
  const card = cardWords(character);
  const lines = ANSWERS[kind];
  const seat = seatOf(character);
  const thing = kind === "like" ? toSecondPerson((match?.[1] ?? "it").replace(/[?!.,]+$/, "")) : "";
  const favourite = lower.match(/\bfavou?rite ([a-z]+)/)?.[1] ?? "thing";
  const { aux, rest } = predicateOf(lower);
  const does = `${aux}${rest ? ` ${rest}` : ""}`;
  const doesnt =
    aux === "do" && rest
      ? `do not ${rest}`
      : `${aux === "can" ? "cannot" : `${aux} not`}${rest ? ` ${rest}` : ""}`;
  const when = lower.match(/\b(mornings?|evenings?|nights?|days?)\b/)?.[1]?.replace(/s?$/, "s") ?? "days";
  const tag = card.tags[(seat + turn) % Math.max(card.tags.length, 1)] ?? "good company";
  const line = (lines[(seat + turn) % lines.length] ?? lines[0]!)
    .replace("{deed}", card.deed)
    .replaceAll("{realm}", card.realm)
    .replaceAll("{haunt}", card.haunt)
    .replace("{tag}", tag)
    .replace("{Thing}", capital(thing))
    .replace("{thing}", kind === "likes" ? favourite : thing)
    .replace("{when}", when)
    .replace("{does}", does)
    .replace("{doesnt}", doesnt);
  return { kind, line };
}

/** The answer to a question put to the character, and what kind of question it was. */
export interface DirectAnswer {
  /** A question a yes or no, a feeling or a taste answers is answered so before the character's lore. */
  kind: Kind;
  line: string;
}
