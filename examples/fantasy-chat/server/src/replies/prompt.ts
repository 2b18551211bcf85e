import { ARCHETYPES } from "../characters/archetypes.js";
import { recollectionFor } from "./recollection.js";
import type { ReplyRequest } from "./reply-engine.js";

/** One message of an OpenAI-compatible chat completion request. */
export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * A rough token count (about four characters per token, plus a few for the message's framing): model servers
 * tokenise differently, and a budget only needs to be safe, not exact.
 *
 * @example
 * estimateTokens("Hello there"); // 3
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const MESSAGE_OVERHEAD_TOKENS = 4;
const cost = (message: PromptMessage) => estimateTokens(message.content) + MESSAGE_OVERHEAD_TOKENS;

/** The system message: who the character is (name, persona, greeting, card text) and who they talk to. */
export function systemMessage(request: ReplyRequest): string {
  const { character, persona } = request;
  const card = character.card ?? {};
  const favourite = ARCHETYPES.find((a) => a.value === persona.favoriteArchetype)?.label;
  const lines = [
    card.system_prompt,
    `You are ${character.name}, ${character.title}, a character in Realmheart, an adults-only fantasy-romance chat.`,
    `Persona: ${character.description}`,
    card.personality ? `Personality: ${card.personality}` : undefined,
    card.scenario ? `Scenario: ${card.scenario}` : undefined,
    `Your greeting when you first met: "${character.greeting}"`,
    card.mes_example ? `Examples of how you speak:\n${card.mes_example}` : undefined,
    `You are talking with ${persona.preferredName}; address them by that name.`,
    persona.personalityTraits.length > 0
      ? `${persona.preferredName}'s personality: ${persona.personalityTraits.join(", ")}.`
      : undefined,
    persona.backstory ? `${persona.preferredName}'s backstory: ${persona.backstory}` : undefined,
    favourite ? `${persona.preferredName} is drawn to characters of the kind "${favourite}".` : undefined,
    "Stay in character. Answer in 1 to 4 sentences. Never write sexual content involving minors.",
    request.gentle
      ? `${persona.preferredName} recently went through something very painful. Be gentle, calm and caring: do not flirt, do not be suggestive or violent, and do not bring up or guess at what happened. If they mention being in danger, encourage them to reach a crisis line or emergency services.`
      : undefined,
  ];
  return withNames(lines.filter((line): line is string => Boolean(line)).join("\n"), request);
}

/** Fills the `{{char}}` and `{{user}}` placeholders character cards are written with. */
function withNames(text: string, request: ReplyRequest): string {
  return text
    .replace(/\{\{char\}\}/gi, request.character.name)
    .replace(/\{\{user\}\}/gi, request.persona.preferredName);
}

/**
 * What the character remembers and knows for this reply, as a message, or null when there is nothing: the facts the
 * user told (the long-term memory's, the recent window's and the new message's, as the persona engine sees them),
 * earlier topics, the fact the message asks back and the character's lore topic it asks about.
 */
export function memoryMessage(request: ReplyRequest): string | null {
  const { facts, topics, asked, asksAboutUser, lore } = recollectionFor(request);
  const name = request.persona.preferredName;
  const parts: string[] = [];
  if (facts.length > 0) parts.push(`What ${name} has told you about themselves: ${facts.join("; ")}.`);
  if (topics.length > 0) parts.push(`Earlier topics (older than the messages below): ${topics.join("; ")}.`);
  if (asked) parts.push(`${name} is asking you to remember this: ${asked}.`);
  else if (asksAboutUser)
    parts.push(`${name} asks about something they have not told you; do not invent it.`);
  if (lore) parts.push(`About you, as this message asks: ${lore.line}`);
  if (parts.length === 0) return null;
  return ["Memory of this chat:", ...parts].join("\n");
}

/**
 * The chat completion messages for a reply: the system message, then the memory summary, then as many of the
 * most recent messages as fit `budgetTokens` (older ones are dropped first), then the card's post-history
 * instructions, and the new user message last. The system message and the new message are always sent.
 *
 * @example
 * const messages = buildPrompt(request, 4096 - 300);
 */
export function buildPrompt(request: ReplyRequest, budgetTokens: number): PromptMessage[] {
  const head: PromptMessage[] = [{ role: "system", content: systemMessage(request) }];
  const memory = memoryMessage(request);
  if (memory) head.push({ role: "system", content: memory });
  const tail: PromptMessage[] = [];
  const instructions = request.character.card?.post_history_instructions;
  if (instructions) tail.push({ role: "system", content: withNames(instructions, request) });
  tail.push({ role: "user", content: request.message });

  let left = budgetTokens - [...head, ...tail].reduce((sum, m) => sum + cost(m), 0);
  const recent: PromptMessage[] = [];
  for (let i = request.history.length - 1; i >= 0; i--) {
    const entry = request.history[i];
    if (!entry) break;
    const message: PromptMessage = {
      role: entry.role === "user" ? "user" : "assistant",
      content: entry.content,
    };
    left -= cost(message);
    if (left < 0) break;
    recent.unshift(message);
  }
  return [...head, ...recent, ...tail];
}
