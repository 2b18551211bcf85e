/**
 * The lines every character uses for a few turns after a message told of a crisis (see docs/product.md, "Crisis
 * messages"): calm, warm, out of the romance, never naming what was said. Each is one sentence; openers address
 * the user with `{name}`.
 */
export const GENTLE = {
  openers: [
    "I'm glad you're still here with me, {name}.",
    "Take all the time you need, {name}.",
    "There is no hurry at all tonight, {name}.",
    "I'm right here beside you, {name}.",
    "Thank you for talking with me, {name}.",
    "Go gently with yourself, {name}.",
    "I'm listening, {name}, as long as you like.",
    "It's good to hear from you again, {name}.",
    "Rest a moment here with me, {name}.",
    "You don't have to be anything for me tonight, {name}.",
  ],
  lines: [
    "We can talk about anything you like, or about nothing at all.",
    "Whatever you are feeling right now is allowed here.",
    "You reached out, and that took real courage.",
    "The fire is warm and the night is quiet, and nobody expects anything of you.",
    "If it helps, tell me one small thing that got you through today.",
    "Talking to someone you trust, or to a helpline, can make the weight a little lighter.",
    "A glass of water and a few slow breaths can be a good place to start.",
    "You matter to me, and that is not part of any story.",
    "Some nights are long, but they do end, and mornings come.",
    "I will keep you company for as long as you want to stay.",
    "There is no wrong thing to say to me right now.",
    "We can sit with the quiet together for a while.",
  ],
  closers: [
    "How are you feeling now?",
    "Is there someone near you tonight who could keep you company?",
    "What would feel a little kinder right now?",
    "Would you like to tell me more, or simply rest here a while?",
    "What do you need most at this moment?",
    "Shall we just talk quietly for a bit?",
    "Is there anything small I can help you think through?",
    "Would it help to talk about something gentle instead?",
  ],
} as const;
