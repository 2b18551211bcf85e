import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHARACTER_CATALOGUE } from "../src/characters/character-catalogue.js";
import { createOpenAiEngine, type OpenAiEngineOptions } from "../src/replies/openai-engine.js";
import type { ReplyRequest } from "../src/replies/reply-engine.js";
import { FakeLlm, until } from "./support/fake-llm.js";

const kaelen = CHARACTER_CATALOGUE[0]!;

function request(overrides: Partial<ReplyRequest> = {}): ReplyRequest {
  return {
    character: kaelen,
    persona: {
      preferredName: "Lyra",
      backstory: "I was raised by the river witches of Emberfall and I left to find my own magic.",
      personalityTraits: ["brave", "curious"],
      favoriteArchetype: "dark_fae_lord",
    },
    memory: { facts: ["your sister is called Mira"], topics: ["the old war in the north"] },
    history: [
      { role: "user", content: "Hello, my lord." },
      { role: "character", content: "Ah, Lyra, you do amuse me." },
    ],
    message: "Tell me a secret.",
    avoid: [],
    premium: true,
    ...overrides,
  };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe("the OpenAI-compatible engine against a local model server", () => {
  let llm: FakeLlm;
  let options: OpenAiEngineOptions;
  beforeAll(async () => {
    llm = await FakeLlm.start();
  });
  afterAll(() => llm.close());
  beforeEach(() => {
    llm.requests.length = 0;
    llm.answers.length = 0;
    llm.closedEarly = 0;
    options = {
      baseUrl: llm.baseUrl,
      apiKey: "sk-local-test",
      model: "realm-7b",
      contextTokens: 4096,
      maxTokens: 200,
      timeoutMs: 5000,
    };
  });

  it("streams the chunks in order and ends at [DONE], even when the server keeps the connection open", async () => {
    llm.answers.push({ chunks: ["Secrets ", "are ", "never ", "free, ", "Lyra."], end: "hang-after-done" });
    const chunks = await collect(createOpenAiEngine(options).reply(request(), new AbortController().signal));
    expect(chunks).toEqual(["Secrets ", "are ", "never ", "free, ", "Lyra."]);
    // Having read [DONE], the engine hangs up: the model server can free the slot.
    await until(() => llm.closedEarly === 1);
  });

  it("keeps the connection to the model server open between replies that ended cleanly", async () => {
    const engine = createOpenAiEngine(options);
    const before = llm.connections;
    for (const word of ["One", "Two", "Three"]) {
      llm.answers.push({ chunks: [`${word}.`] });
      expect(await collect(engine.reply(request(), new AbortController().signal))).toEqual([`${word}.`]);
      // A person reads a reply before the next one: the finished stream's end is read meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(llm.completions).toHaveLength(3);
    expect(llm.connections - before).toBeLessThanOrEqual(1);
    expect(llm.closedEarly).toBe(0);
  });

  it("sends the model, the key and the prompt: system (character and profile), memory, recent turns, the new message last", async () => {
    await collect(createOpenAiEngine(options).reply(request(), new AbortController().signal));
    const [sent] = llm.completions;
    expect(sent?.headers.authorization).toBe("Bearer sk-local-test");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.body).toMatchObject({ model: "realm-7b", stream: true, max_tokens: 200 });
    const messages = sent?.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user", "assistant", "user"]);
    const system = messages[0]!.content;
    for (const part of [
      "Kaelen Nightthorn",
      kaelen.title,
      kaelen.description,
      kaelen.greeting,
      "Lyra",
      "brave, curious",
      "river witches of Emberfall",
      "Dark Fae Lord",
    ])
      expect(system).toContain(part);
    expect(messages[1]!.content).toContain("your sister is called Mira");
    expect(messages[1]!.content).toContain("the old war in the north");
    expect(messages.at(-1)).toEqual({ role: "user", content: "Tell me a secret." });
  });

  it("sends as many recent messages as fit LLM_CONTEXT_TOKENS, dropping the oldest first", async () => {
    const history = Array.from({ length: 40 }, (_, i) => ({
      role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
      content: `Turn ${i}: ${"word ".repeat(40)}`,
    }));
    await collect(
      createOpenAiEngine({ ...options, contextTokens: 1024, maxTokens: 100 }).reply(
        request({ history }),
        new AbortController().signal,
      ),
    );
    const messages = llm.completions[0]?.body.messages as Array<{ role: string; content: string }>;
    const turns = messages.filter((m) => m.content.startsWith("Turn "));
    expect(turns.length).toBeGreaterThan(2);
    expect(turns.length).toBeLessThan(40);
    expect(turns.at(-1)?.content).toMatch(/^Turn 39:/);
    expect(turns[0]?.content).toMatch(new RegExp(`^Turn ${40 - turns.length}:`));
    const size = messages.reduce((sum, m) => sum + Math.ceil(m.content.length / 4) + 4, 0);
    expect(size).toBeLessThanOrEqual(1024 - 100);
    expect(messages.at(-1)?.content).toBe("Tell me a secret.");
  });

  it("cancels the upstream request when the client goes away mid-reply", async () => {
    llm.answers.push({ chunks: ["The ", "moon ", "is "], end: "hang" });
    const controller = new AbortController();
    const received: string[] = [];
    await expect(async () => {
      for await (const chunk of createOpenAiEngine(options).reply(request(), controller.signal)) {
        received.push(chunk);
        if (received.length === 3) controller.abort();
      }
    }).rejects.toThrow();
    expect(received).toEqual(["The ", "moon ", "is "]);
    await until(() => llm.closedEarly === 1);
  });

  it("retries a 500 before the first token once, then answers", async () => {
    llm.answers.push({ status: 500 }, { chunks: ["Second ", "time."] });
    const chunks = await collect(createOpenAiEngine(options).reply(request(), new AbortController().signal));
    expect(chunks.join("")).toBe("Second time.");
    expect(llm.completions).toHaveLength(2);
  });

  it("surfaces a clear error when the retry fails too, after exactly two attempts", async () => {
    llm.answers.push({ status: 500 }, { status: 503 });
    await expect(
      collect(createOpenAiEngine(options).reply(request(), new AbortController().signal)),
    ).rejects.toThrow("The model server answered 503 Service Unavailable (after one retry)");
    expect(llm.completions).toHaveLength(2);
  });

  it("does not retry a 4xx: the request itself is wrong", async () => {
    llm.answers.push({ status: 400 });
    await expect(
      collect(createOpenAiEngine(options).reply(request(), new AbortController().signal)),
    ).rejects.toThrow("The model server answered 400 Bad Request");
    expect(llm.completions).toHaveLength(1);
  });

  it("times out a silent server, retrying once before giving up", async () => {
    llm.answers.push({ silent: true }, { silent: true });
    await expect(
      collect(
        createOpenAiEngine({ ...options, timeoutMs: 300 }).reply(request(), new AbortController().signal),
      ),
    ).rejects.toThrow("The model server timed out (after one retry)");
    expect(llm.completions).toHaveLength(2);
  });

  it("fails without a retry when the stream stops after the first token (the text so far stays with the caller)", async () => {
    llm.answers.push({ chunks: ["Half "], end: "hang" }, { chunks: ["never sent"] });
    const received: string[] = [];
    await expect(async () => {
      for await (const chunk of createOpenAiEngine({ ...options, timeoutMs: 300 }).reply(
        request(),
        new AbortController().signal,
      ))
        received.push(chunk);
    }).rejects.toThrow("The model server timed out");
    expect(received).toEqual(["Half "]);
    expect(llm.completions).toHaveLength(1);
  });

  it("reports a network failure as the server being unreachable", async () => {
    const engine = createOpenAiEngine({ ...options, baseUrl: "http://127.0.0.1:1/v1" });
    await expect(collect(engine.reply(request(), new AbortController().signal))).rejects.toThrow(
      "The model server could not be reached (after one retry)",
    );
  });
});
