import { describe, expect, it } from "vitest";
import { CHARACTER_CATALOGUE } from "../../src/characters/character-catalogue.js";
import { foldIntoMemory, topicOf } from "../../src/memory/chat-memory.js";
import { extractFacts, toSecondPerson } from "../../src/memory/remembered-facts.js";
import { buildPrompt, estimateTokens } from "../../src/replies/prompt.js";
import type { ReplyRequest } from "../../src/replies/reply-engine.js";

describe("remembered facts", () => {
  it("picks out names, places, wishes, people, animals and fears, in the second person", () => {
    expect(
      extractFacts(
        "Hello! My sister is called Mira. I grew up in Westmarch. I wish to see the northern sea one day. " +
          "Do you like cats? I have a horse named Bramble. I fear the deep woods.",
      ),
    ).toEqual([
      { kind: "relation", text: "your sister is called Mira" },
      { kind: "place", text: "you grew up in Westmarch" },
      { kind: "wish", text: "you wish to see the northern sea one day" },
      { kind: "pet", text: "you have a horse named Bramble" },
      { kind: "fear", text: "you are afraid of the deep woods" },
    ]);
    expect(extractFacts("Call me Lyra")).toEqual([{ kind: "name", text: "your name is Lyra" }]);
    expect(extractFacts("What is my name?")).toEqual([]);
    expect(extractFacts("The rain falls")).toEqual([]);
  });

  it("turns first person into second person", () => {
    expect(toSecondPerson("I am from Westmarch and I was happy there, it's mine")).toBe(
      "you are from Westmarch and you were happy there, it's yours",
    );
    expect(toSecondPerson("I'm tired, my friend")).toBe("you're tired, your friend");
    expect(toSecondPerson("I want to explore the realm with you")).toBe(
      "you want to explore the realm with me",
    );
    // "you" doing something is "I" when said back.
    expect(toSecondPerson("I like the way you laugh")).toBe("you like the way I laugh");
    expect(toSecondPerson("my sister thinks you are handsome")).toBe("your sister thinks I am handsome");
    expect(toSecondPerson("I know you were there")).toBe("you know I was there");
  });

  it("folds older messages into facts and the latest topics", () => {
    const memory = foldIntoMemory({ facts: ["you are from Westmarch"], topics: [] }, [
      "I am from Westmarch.",
      "My brother is called Tomas. He is a smith.",
      "Tell me about the old war in the north, and everything that happened after the siege of the high pass.",
    ]);
    expect(memory.facts).toEqual(["you are from Westmarch", "your brother is called Tomas"]);
    expect(memory.topics).toHaveLength(3);
    expect(memory.topics[0]).toBe("I am from Westmarch.");
    expect(memory.topics[2]).toBe(
      topicOf("Tell me about the old war in the north, and everything that happened."),
    );
    expect(memory.topics[2]!.length).toBeLessThanOrEqual(61);
    expect(memory.topics[2]!.endsWith("…")).toBe(true);
  });
});

describe("the model prompt", () => {
  const card = {
    personality: "Sly and generous.",
    scenario: "{{user}} finds {{char}} in the Lantern Market.",
    system_prompt: "Write as {{char}} in the present tense.",
    mes_example: "{{char}}: Looking for something?",
    post_history_instructions: "Keep {{user}} guessing.",
  };
  const request: ReplyRequest = {
    character: { ...CHARACTER_CATALOGUE[8]!, card },
    persona: { preferredName: "Lyra", backstory: null, personalityTraits: [], favoriteArchetype: null },
    memory: null,
    history: [{ role: "user", content: "Hi" }],
    message: "What do you sell?",
    avoid: [],
    premium: false,
  };

  it("uses an imported card's text with its placeholders filled, post-history instructions before the new message", () => {
    const messages = buildPrompt(request, 4000);
    const system = messages[0]!.content;
    expect(system.startsWith("Write as Kestrel Vane in the present tense.")).toBe(true);
    expect(system).toContain("Personality: Sly and generous.");
    expect(system).toContain("Scenario: Lyra finds Kestrel Vane in the Lantern Market.");
    expect(system).toContain("Kestrel Vane: Looking for something?");
    expect(messages.slice(1)).toEqual([
      { role: "user", content: "Hi" },
      { role: "system", content: "Keep Lyra guessing." },
      { role: "user", content: "What do you sell?" },
    ]);
  });

  it("always keeps the system message and the new message, even when nothing else fits", () => {
    const messages = buildPrompt({ ...request, history: [{ role: "user", content: "x".repeat(4000) }] }, 10);
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user"]);
    expect(estimateTokens("12345678")).toBe(2);
  });
});
