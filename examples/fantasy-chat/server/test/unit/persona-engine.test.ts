import { describe, expect, it } from "vitest";
import { ARCHETYPE_VALUES } from "../../src/characters/archetypes.js";
import { CHARACTER_CATALOGUE } from "../../src/characters/character-catalogue.js";
import { composePersonaReply, createPersonaEngine, detectIntent } from "../../src/replies/persona-engine.js";
import type { ReplyRequest } from "../../src/replies/reply-engine.js";
import { VOICES } from "../../src/replies/persona-voices.js";

function request(archetype: string, message: string, traits: string[] = []): ReplyRequest {
  const character = CHARACTER_CATALOGUE.find((c) => c.archetype === archetype) ?? CHARACTER_CATALOGUE[0]!;
  return {
    character,
    persona: { preferredName: "Wren", backstory: null, personalityTraits: traits, favoriteArchetype: null },
    history: [],
    message,
    premium: false,
  };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe("the persona reply engine", () => {
  it.each(ARCHETYPE_VALUES)(
    "answers as a %s in 1 to 4 sentences, addressing the user by name",
    (archetype) => {
      for (const message of [
        "Hello there",
        "Do you remember the old war?",
        "I feel so alone",
        "Let's explore the realm",
      ]) {
        const sentences = composePersonaReply(request(archetype, message, ["brave", "witty"]));
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(4);
        expect(sentences.join(" ")).toContain("Wren");
        for (const sentence of sentences) expect(sentence).toMatch(/^[^.!?]*[^.!?\s][.!?]$/);
      }
    },
  );

  it("is deterministic: the same conversation gets the same reply", () => {
    const a = composePersonaReply(request("dragon_rider", "Take me flying"));
    const b = composePersonaReply(request("dragon_rider", "Take me flying"));
    expect(a).toEqual(b);
  });

  it("speaks in the voice of the character's archetype", () => {
    const sentences = composePersonaReply(request("warrior_general", "Hello"));
    const voice = VOICES.warrior_general;
    const lines = [...voice.openers, ...Object.values(voice.lines).flat(), ...voice.closers].map((l) =>
      l.replaceAll("{name}", "Wren"),
    );
    expect(lines).toContain(sentences[0]);
    expect(lines).toContain(sentences.at(-1));
  });

  it("mentions one of the user's traits only when they chose some", () => {
    const withTraits = Array.from({ length: 12 }, (_, i) =>
      composePersonaReply(request("shadow_warrior", `Message ${i}`, ["fierce"])).join(" "),
    );
    expect(withTraits.some((reply) => reply.includes("fierce"))).toBe(true);
    const without = composePersonaReply(request("shadow_warrior", "Message 1")).join(" ");
    expect(without).not.toContain("{trait}");
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
    expect(chunks.join("")).toBe(composePersonaReply(req).join(" "));

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
