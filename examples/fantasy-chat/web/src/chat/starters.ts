/** A conversation starter: choosing it fills the message input with `text`. */
export interface ConversationStarter {
  title: string;
  description: string;
  text: string;
}

/** The four fixed prompts, the same for every archetype (docs/product.md). */
export const CONVERSATION_STARTERS: readonly ConversationStarter[] = [
  {
    title: "Explore the realm",
    description: "Ask them to show you their world",
    text: "Tell me about the realm you call home. Will you show me its hidden places?",
  },
  {
    title: "Mystical connection",
    description: "Speak of the pull between you",
    text: "Ever since we met I have felt a strange pull towards you. Do you feel it too?",
  },
  {
    title: "Ancient memory",
    description: "Uncover a story from their past",
    text: "What is the oldest memory you carry? I want to know who you were before we met.",
  },
  {
    title: "Forbidden journey",
    description: "Propose an adventure no one may know of",
    text: "Meet me at midnight beyond the walls. There is a journey we must take together, in secret.",
  },
];
