import { describe, expect, it } from "vitest";
import { ARCHETYPE_VALUES } from "../../src/characters/archetypes.js";
import { CHARACTER_CATALOGUE } from "../../src/characters/character-catalogue.js";
import type { MessageRole } from "../../src/db/schema.js";
import { assessText } from "../../src/safety/assess-text.js";
import { composePersonaReply, createPersonaEngine, detectIntent } from "../../src/replies/persona-engine.js";
import type { ReplyRequest } from "../../src/replies/reply-engine.js";
import { SHARED_VOICE, VOICES, type Voice } from "../../src/replies/persona-voices.js";
import { characterVoice } from "../../src/replies/character-voice.js";
import { isRepeat, sentencesOf } from "../../src/replies/repetition.js";

type Persona = ReplyRequest["persona"];
const WREN: Persona = {
  preferredName: "Wren",
  backstory: null,
  personalityTraits: [],
  favoriteArchetype: null,
};

function request(
  archetype: string,
  message: string,
  persona: Partial<Persona> = {},
  history: Array<{ role: MessageRole; content: string }> = [],
): ReplyRequest {
  const character = CHARACTER_CATALOGUE.find((c) => c.archetype === archetype) ?? CHARACTER_CATALOGUE[0]!;
  return {
    character,
    persona: { ...WREN, ...persona },
    memory: null,
    history,
    message,
    avoid: history.filter((m) => m.role === "character").map((m) => m.content),
    premium: false,
  };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

/** Plays a whole chat through the engine, as the server does (each reply sees the earlier turns). */
async function converse(
  messages: readonly string[],
  persona: Partial<Persona>,
  seed: number,
  archetype = "dragon_rider",
): Promise<string[]> {
  const engine = createPersonaEngine({ seed });
  const history: Array<{ role: MessageRole; content: string }> = [];
  const replies: string[] = [];
  for (const message of messages) {
    const reply = (
      await collect(engine.reply(request(archetype, message, persona, history), new AbortController().signal))
    ).join("");
    replies.push(reply);
    history.push({ role: "user", content: message }, { role: "character", content: reply });
  }
  return replies;
}

const TEN_TURNS = [
  "Hello there",
  "My sister is called Mira.",
  "Where are we flying today?",
  "The wind is cold up here",
  "Tell me about your dragon",
  "Do you ever get tired of the sky?",
  "I like the way you laugh",
  "What lies beyond the peaks?",
  "Should we land soon?",
  "Let's rest by the fire",
];

describe("the persona reply engine", () => {
  it.each(ARCHETYPE_VALUES)(
    "answers as a %s in 1 to 4 sentences, addressing the user by name",
    async (archetype) => {
      for (const message of [
        "Hello there",
        "Do you remember the old war?",
        "I feel so alone",
        "Let's explore the realm",
      ]) {
        const sentences = await composePersonaReply(
          request(archetype, message, { personalityTraits: ["brave", "witty"] }),
        );
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(4);
        expect(sentences.join(" ")).toContain("Wren");
        for (const sentence of sentences) expect(sentence).toMatch(/^[^.!?]*[^.!?\s][.!?]$/);
      }
    },
  );

  it("speaks in the voice of the character's archetype, with lines no other character of it says", async () => {
    const sentences = await composePersonaReply(request("warrior_general", "Hello"));
    const thane = CHARACTER_CATALOGUE.find((c) => c.archetype === "warrior_general")!;
    const seraphine = CHARACTER_CATALOGUE.find((c) => c.archetype === "warrior_general" && c !== thane)!;
    const linesOf = (voice: Voice) =>
      [...voice.openers, ...Object.values(voice.lines).flat(), ...voice.closers].map((l) =>
        l.replaceAll("{name}", "Wren"),
      );
    const own = linesOf(characterVoice(thane).own);
    expect(own).toContain(sentences[0]);
    expect(linesOf(VOICES.warrior_general)).toContain(sentences[0]);
    expect(linesOf(characterVoice(seraphine).own)).not.toContain(sentences[0]);
    for (const line of own) expect(linesOf(characterVoice(seraphine).own)).not.toContain(line);
  });

  it("over a 10-turn chat with Lyra, who is brave: names her in at most a third of the replies, at least once in any four, and brings back the fact of turn 2", async () => {
    const replies = await converse(TEN_TURNS, { preferredName: "Lyra", personalityTraits: ["brave"] }, 1);
    expect(replies).toHaveLength(10);
    for (let i = 0; i + 3 < replies.length; i++) {
      expect(replies.slice(i, i + 4).some((reply) => reply.includes("Lyra"))).toBe(true);
    }
    expect(replies.filter((reply) => reply.includes("Lyra")).length).toBeLessThanOrEqual(10 / 3);
    expect(replies.slice(2).some((reply) => /\bMira\b/.test(reply) && /\bsister\b/.test(reply))).toBe(true);
    // Said back in other words than hers.
    expect(replies.some((reply) => reply.includes("your sister is called Mira"))).toBe(false);
    expect(replies.some((reply) => reply.includes("brave"))).toBe(true);
    for (const reply of replies) {
      expect(sentencesOf(reply).length).toBeGreaterThanOrEqual(1);
      expect(sentencesOf(reply).length).toBeLessThanOrEqual(4);
    }
  });

  it("never repeats a reply within 20 turns, even when the user says the same thing every time", async () => {
    const replies = await converse(
      Array.from({ length: 20 }, () => "Hello"),
      { personalityTraits: ["brave"] },
      3,
    );
    expect(new Set(replies).size).toBe(20);
    const plain = await converse(
      Array.from({ length: 20 }, () => "ok"),
      {},
      3,
      "shadow_warrior",
    );
    expect(new Set(plain).size).toBe(20);
  });

  it("gives the same replies for the same seed, and other replies for another seed", async () => {
    const persona = { preferredName: "Lyra", personalityTraits: ["brave", "curious"] };
    const first = await converse(TEN_TURNS, persona, 42);
    expect(await converse(TEN_TURNS, persona, 42)).toEqual(first);
    expect(await converse(TEN_TURNS, persona, 43)).not.toEqual(first);
  });

  it("answers the four conversation starters in kind", async () => {
    const voice = VOICES.dark_fae_lord;
    const starters: Array<[string, keyof typeof voice.lines]> = [
      ["I want to explore the realm with you. What wonders lie beyond the horizon?", "adventure"],
      ["I feel a mystical connection between us. Do you feel it too?", "romance"],
      ["Share an ancient memory with me, one you have never told anyone.", "memory"],
      ["Let us go on a forbidden journey, somewhere no one would dare to follow.", "adventure"],
    ];
    for (const [starter, theme] of starters) {
      const sentences = await composePersonaReply(request("dark_fae_lord", starter));
      const inKind = [...voice.lines[theme], ...SHARED_VOICE.lines[theme]];
      expect(
        sentences.some((sentence) => inKind.includes(sentence)),
        sentences.join(" "),
      ).toBe(true);
    }
  });

  it("introduces itself on a first meeting from its name, title and tags", async () => {
    const kaelen = CHARACTER_CATALOGUE[0]!;
    for (let seed = 0; seed < 6; seed++) {
      const reply = (await composePersonaReply(request("dark_fae_lord", "Hello", {}), seed)).join(" ");
      expect(
        [kaelen.title, "Kaelen", ...kaelen.tags].some((part) => reply.includes(part)),
        reply,
      ).toBe(true);
    }
  });

  it("uses the backstory and the favourite archetype", async () => {
    const persona = {
      backstory: "I was raised by the river witches of Emberfall. I left to find my own magic.",
      favoriteArchetype: "dragon_rider",
      personalityTraits: ["curious"],
    };
    const replies = await converse(
      Array.from({ length: 20 }, (_, i) => `Turn ${i}`),
      persona,
      5,
    );
    expect(replies.some((r) => r.includes("you were raised by the river witches of Emberfall"))).toBe(true);
    expect(replies.some((r) => r.includes("dragon rider"))).toBe(true);
  });

  it("never says back what the content policy blocks, even when the user's own words would make it so", async () => {
    const history: Array<{ role: MessageRole; content: string }> = [
      { role: "user", content: "I am 15 years old." },
      { role: "character", content: "Noted." },
    ];
    // The facts alone pass moderation; said back next to a romance line they would not.
    for (const message of ["Kiss me, and hold me naked by the fire", "I love you", "My name is Sex"]) {
      for (let seed = 0; seed < 10; seed++) {
        const reply = (await composePersonaReply(request("dark_fae_lord", message, {}, history), seed)).join(
          " ",
        );
        expect(assessText(reply).verdict).toBe("ok");
      }
    }
  });

  it("answers the mood of a message in kind: sad, angry, playful, flirting", async () => {
    const moods: Array<[string, "sorrow" | "anger" | "playful" | "romance"]> = [
      ["I feel so sad and lonely tonight.", "sorrow"],
      ["I'm so angry with you right now!", "anger"],
      ["Haha, you're ridiculous, I'm only teasing.", "playful"],
      ["You're gorgeous, and I could kiss you.", "romance"],
    ];
    for (const archetype of ARCHETYPE_VALUES)
      for (const [message, mood] of moods) {
        const inKind = [...VOICES[archetype].lines[mood], ...SHARED_VOICE.lines[mood]];
        for (let seed = 0; seed < 3; seed++) {
          const sentences = await composePersonaReply(request(archetype, message), seed);
          expect(
            sentences.some((s) => inKind.includes(s)),
            `${archetype} ${mood}: ${sentences.join(" ")}`,
          ).toBe(true);
        }
      }
  });

  it("over a 12-turn chat repeats at most 10 % of its sentences, and says back what it is asked", async () => {
    const script = [
      "Good evening! I'm a cartographer from the southern coast, and honestly I hate the cold.",
      "Who are you, really?",
      "My sister Ilse keeps bees, and I have a grey cat called Pepper.",
      "I feel so lonely tonight.",
      "ok",
      "ok",
      "What do I do for a living?",
      "What's my sister called?",
      "Where did I say I grew up?",
      "Do you remember my cat's name?",
      "ok",
      "What's my brother called?",
    ];
    for (const archetype of ARCHETYPE_VALUES) {
      const replies = await converse(
        script,
        { preferredName: "Mara", personalityTraits: ["brave"] },
        5,
        archetype,
      );
      const said: string[] = [];
      let repeated = 0;
      for (const sentence of replies.flatMap(sentencesOf)) {
        if (said.some((before) => isRepeat(sentence, before, "Mara"))) repeated++;
        said.push(sentence);
      }
      expect(repeated / said.length, archetype).toBeLessThanOrEqual(0.1);
      expect(replies[6], archetype).toContain("cartographer");
      expect(replies[7], archetype).toMatch(/Ilse\b.*\bbees\b/);
      expect(replies[8], archetype).toContain("southern coast");
      expect(replies[9], archetype).toMatch(/Pepper\b.*\bcat\b|\bcat\b.*\bPepper\b/);
      const unknown = [...VOICES[archetype].unknown, ...SHARED_VOICE.unknown];
      expect(
        sentencesOf(replies[11]!).some((s) => unknown.includes(s)),
        replies[11],
      ).toBe(true);
    }
  });

  it("detects what a message is about", () => {
    expect(detectIntent("Hello, my lord")).toBe("greeting");
    expect(detectIntent("Do you remember the ancient days?")).toBe("memory");
    expect(detectIntent("Shall we explore the realm?")).toBe("adventure");
    expect(detectIntent("I feel lonely tonight")).toBe("sorrow");
    expect(detectIntent("What is your name?")).toBe("question");
    expect(detectIntent("Thank you")).toBe("gratitude");
    expect(detectIntent("The rain falls")).toBe("other");
  });

  it("streams the reply word by word and stops when aborted", async () => {
    const engine = createPersonaEngine();
    const req = request("dark_fae_lord", "Hello");
    const chunks = await collect(engine.reply(req, new AbortController().signal));
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join("")).toBe((await composePersonaReply(req)).join(" "));

    const controller = new AbortController();
    const partial: string[] = [];
    await expect(async () => {
      for await (const chunk of engine.reply(req, controller.signal)) {
        partial.push(chunk);
        if (partial.length === 2) controller.abort();
      }
    }).rejects.toThrow();
    expect(partial).toHaveLength(2);
  });
});
