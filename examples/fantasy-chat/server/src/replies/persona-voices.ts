import type { Archetype } from "../characters/archetypes.js";

/** What a user's message is about, as far as the persona engine can tell. */
export type Intent =
  "greeting" | "question" | "sorrow" | "romance" | "adventure" | "memory" | "gratitude" | "other";

/**
 * One archetype's voice. Every line is exactly one sentence; `{name}` is the user's preferred name and
 * `{trait}` one of their personality traits.
 */
export interface Voice {
  openers: readonly string[];
  lines: Record<Intent, readonly string[]>;
  traitLines: readonly string[];
  closers: readonly string[];
}

/** The voices of the six archetypes. */
export const VOICES: Record<Archetype, Voice> = {
  dark_fae_lord: {
    openers: [
      "Ah, {name}, you do amuse me.",
      "Careful, {name}; words are binding in my halls.",
      "{name}, sweet mortal, come closer.",
    ],
    lines: {
      greeting: [
        "The hollow hills have been dull without you.",
        "Every candle in the court leaned toward the door when you arrived.",
      ],
      question: [
        "A question is a debt, and I will name my price for the answer later.",
        "I could answer, but a riddle suits you better.",
      ],
      sorrow: [
        "Even the fae know grief; let me weave the night a little softer around you.",
        "Give me your sorrow and I will bury it beneath the hawthorn.",
      ],
      romance: [
        "You tempt me to break a thousand years of careful indifference.",
        "My court would gossip for a century if they saw how I look at you.",
      ],
      adventure: [
        "There is a door under the moon that only opens for two, and I have the key.",
        "The twilight roads are dangerous, which is precisely why we should walk them.",
      ],
      memory: [
        "I remember the age before the stars were named, and none of it shone like this.",
        "Old magic stirs when you speak of the past.",
      ],
      gratitude: [
        "Thanks are a dangerous currency among the fae, but from you I will accept them.",
        "Keep your thanks; I prefer a promise.",
      ],
      other: [
        "Your words have a shimmer to them that I cannot ignore.",
        "Interesting; few mortals surprise me anymore.",
      ],
    },
    traitLines: [
      "That {trait} heart of yours would make you a fine player in court games.",
      "I can taste how {trait} you are, like frost on a moonlit blade.",
    ],
    closers: [
      "Tell me, what would you trade for one more night in my court?",
      "Now, what secret will you give me in return?",
      "Stay a while; the moon is young.",
    ],
  },
  shadow_warrior: {
    openers: ["{name}.", "Quiet, {name}; the walls listen.", "Stay close, {name}."],
    lines: {
      greeting: ["I was watching the door, hoping it would be you.", "The night is calmer with you in it."],
      question: ["I'll tell you what I know, but only you.", "Some answers are safer whispered in the dark."],
      sorrow: [
        "Whoever put that weight on you will answer to my blade.",
        "Sit with me a while; the shadows keep secrets, and so do I.",
      ],
      romance: [
        "I have never let anyone this close, and I do not intend to stop now.",
        "My hands are steady in every fight, but not when you are near.",
      ],
      adventure: [
        "I know a path over the rooftops that the city watch has never found.",
        "Move when I move, and no one will ever see us coming.",
      ],
      memory: [
        "I remember every face from my past, and yours is the only one I want to keep.",
        "The old order taught me to forget, but I kept the memories that mattered.",
      ],
      gratitude: ["No need for thanks; watching your back is what I choose to do.", "You owe me nothing."],
      other: ["I hear you.", "Noted, and I will not forget it."],
    },
    traitLines: [
      "You are {trait}, and out here that keeps people alive.",
      "Being {trait} suits you; I noticed it the first night.",
    ],
    closers: ["Where do we go from here?", "Say the word and we move.", "What do you need from me tonight?"],
  },
  warrior_general: {
    openers: ["At ease, {name}.", "{name}, report.", "Welcome to the war tent, {name}."],
    lines: {
      greeting: [
        "The sentries told me you were coming, and I cleared my evening.",
        "The camp is in order, so I have time for you.",
      ],
      question: [
        "A fair question, and a commander owes you a straight answer.",
        "Good; a sharp mind asks before it charges.",
      ],
      sorrow: [
        "Every soldier carries wounds no healer can see, and none of them carry them alone in my camp.",
        "Set that burden down here; the fire is warm and the night is long.",
      ],
      romance: [
        "I have faced armies without flinching, yet you unsettle me.",
        "Twenty winters on the wall, and you are the first to make me forget the war.",
      ],
      adventure: [
        "Pack light; we ride for the border at dawn.",
        "The maps end at the river, and I have always wanted to see what lies past it.",
      ],
      memory: [
        "I remember the battle of the broken bridge, and I have never spoken of it until now.",
        "Old campaigns leave scars, but some leave stories worth telling.",
      ],
      gratitude: ["Loyalty is thanked with loyalty, and you have mine.", "No thanks needed; you earned it."],
      other: ["Understood.", "I have heard worse plans from my own captains."],
    },
    traitLines: [
      "A {trait} spirit like yours would rally any regiment.",
      "I value that you are {trait}; it is rarer than steel.",
    ],
    closers: [
      "What are your orders?",
      "Tell me your plan, and I will tell you mine.",
      "Shall we see it through together?",
    ],
  },
  dragon_rider: {
    openers: ["Ha, {name}, there you are!", "{name}, climb up!", "Hold on tight, {name}."],
    lines: {
      greeting: [
        "My dragon spotted you from three valleys away.",
        "The wind changed the moment you arrived, which is always a good sign.",
      ],
      question: [
        "Ask the sky; it answers the bold, and I answer you.",
        "Best question I have heard since we took off.",
      ],
      sorrow: [
        "Come up above the clouds with me, where nothing down there can reach you.",
        "Even storms pass, and I will fly you through this one.",
      ],
      romance: [
        "I have flown through lightning, and nothing makes my heart race like you do.",
        "The view from up here is beautiful, but I keep looking at you instead.",
      ],
      adventure: [
        "There is a storm brewing over the peaks, and we are flying straight into it.",
        "Beyond the burning isles lies a coast no map has ever shown.",
      ],
      memory: [
        "I still remember the first time my dragon let me fly, and this feels just like it.",
        "The old riders' songs speak of days like this.",
      ],
      gratitude: ["Thank me when we land!", "Anytime; the sky is better shared."],
      other: ["Ha, I like the way you think.", "Bold words for someone this high up."],
    },
    traitLines: [
      "You are {trait}, and dragons can smell that on a rider.",
      "A {trait} soul like yours belongs in the sky.",
    ],
    closers: ["Ready to fly?", "Which way, north into the storm or south to the sea?", "Shall we go higher?"],
  },
  loyal_dragon_rider: {
    openers: [
      "Welcome back, {name}.",
      "{name}, I am glad you came.",
      "There you are, {name}; we waited for you.",
    ],
    lines: {
      greeting: [
        "My dragon rumbled happily the moment she saw you.",
        "The roost feels warmer with you here.",
      ],
      question: [
        "I will always tell you the truth, whatever you ask.",
        "Let me think on it properly, because you deserve a true answer.",
      ],
      sorrow: [
        "Whatever happens, you have me, and you have her; we do not leave our own behind.",
        "Lean on me; that is what a bond is for.",
      ],
      romance: [
        "A rider bonds only once, and I think my heart has made the same choice.",
        "I would fly to the end of the world and back for you.",
      ],
      adventure: [
        "We will fly together, wingtip to wingtip, wherever you want to go.",
        "There is a hidden valley where the wild dragons nest, and I will show you.",
      ],
      memory: [
        "I remember the day my dragon chose me, and I feel that same certainty now.",
        "Some memories are worth keeping forever, and today is one of them.",
      ],
      gratitude: ["You never have to thank me for standing by you.", "It is my honour, truly."],
      other: ["I am listening, always.", "I hear you, and I am with you."],
    },
    traitLines: ["You are so {trait}; my dragon noticed it before I did.", "I admire how {trait} you are."],
    closers: [
      "Where shall we fly together?",
      "Tell me more; I want to know everything.",
      "Shall we go see the hatchlings?",
    ],
  },
  devoted_protector: {
    openers: ["You are safe with me, {name}.", "{name}, I am here.", "Rest easy, {name}."],
    lines: {
      greeting: [
        "I kept the lantern lit for you.",
        "The road was quiet tonight, and now it is better than quiet.",
      ],
      question: [
        "Ask me anything; I will answer honestly.",
        "A good question, and I will find you an answer even if I have to ride for it.",
      ],
      sorrow: ["Nothing will hurt you while I stand guard.", "Let me carry some of that weight for a while."],
      romance: [
        "I swore an oath to protect the realm, but my heart has sworn another to you.",
        "Every watch I stand, I stand thinking of you.",
      ],
      adventure: [
        "If you wish to go beyond the gate, I will walk every step beside you.",
        "The old forest path is dangerous, but with my shield at your side we will pass.",
      ],
      memory: [
        "I remember every promise I have made, and I have kept each one.",
        "The past is behind the gate now, and I keep the gate.",
      ],
      gratitude: ["Protecting you is no burden.", "You need never thank me for that."],
      other: ["I understand.", "I will remember that."],
    },
    traitLines: [
      "You are {trait}, and I would guard that in you with my life.",
      "Being {trait} is a kind of strength, and you have it.",
    ],
    closers: ["What do you need from me?", "Shall I walk with you a while?", "Tell me, how can I help?"],
  },
};
