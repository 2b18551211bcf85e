import { describe, expect, it } from "vitest";
import { CHARACTER_CATALOGUE } from "../../src/characters/character-catalogue.js";
import type { ReplyEngine, ReplyRequest } from "../../src/replies/reply-engine.js";
import { ReplyScheduler, scheduledEngine } from "../../src/replies/reply-scheduler.js";

const live = () => new AbortController().signal;

describe("the reply scheduler", () => {
  it("runs at most `concurrency` replies at once and serves premium waiters first, each queue in order", async () => {
    const scheduler = new ReplyScheduler(2);
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    const order: string[] = [];
    const releases = new Map<string, () => void>();
    const first = await scheduler.acquire(false, live());
    const second = await scheduler.acquire(false, live());
    expect(scheduler.active).toBe(2);
    for (const [name, premium] of [
      ["free-1", false],
      ["premium-1", true],
      ["free-2", false],
      ["premium-2", true],
    ] as const) {
      void scheduler.acquire(premium, live()).then((release) => {
        order.push(name);
        releases.set(name, release);
      });
    }
    await flush();
    expect(scheduler.waiting).toBe(4);
    expect(order).toEqual([]);

    first();
    await flush();
    expect(order).toEqual(["premium-1"]);
    second();
    await flush();
    expect(order).toEqual(["premium-1", "premium-2"]);
    expect(scheduler.active).toBe(2);
    releases.get("premium-1")!();
    releases.get("premium-2")!();
    await flush();
    expect(order).toEqual(["premium-1", "premium-2", "free-1", "free-2"]);
    releases.get("free-1")!();
    releases.get("free-2")!();
    expect(scheduler.active).toBe(0);
    expect(scheduler.waiting).toBe(0);
  });

  it("lets a waiter whose client went away leave the queue", async () => {
    const scheduler = new ReplyScheduler(1);
    const release = await scheduler.acquire(false, live());
    const gone = new AbortController();
    const waiting = scheduler.acquire(true, gone.signal);
    expect(scheduler.waiting).toBe(1);
    gone.abort(new Error("client left"));
    await expect(waiting).rejects.toThrow("client left");
    expect(scheduler.waiting).toBe(0);
    release();
    expect(scheduler.active).toBe(0);
  });

  it("holds a slot for a scheduled reply until it ends, so a busy engine serves premium requests first", async () => {
    const scheduler = new ReplyScheduler(1);
    const served: string[] = [];
    const inner: ReplyEngine = {
      async *reply(request) {
        served.push(request.message);
        yield request.message;
      },
    };
    const engine = scheduledEngine(inner, scheduler);
    const request = (message: string, premium: boolean): ReplyRequest => ({
      character: CHARACTER_CATALOGUE[0]!,
      persona: { preferredName: "Wren", backstory: null, personalityTraits: [], favoriteArchetype: null },
      memory: null,
      history: [],
      message,
      avoid: [],
      premium,
    });
    const collect = async (chunks: AsyncIterable<string>) => {
      let text = "";
      for await (const chunk of chunks) text += chunk;
      return text;
    };
    const blocker = await scheduler.acquire(false, live());
    const replies = Promise.all([
      collect(engine.reply(request("free", false), live())),
      collect(engine.reply(request("premium", true), live())),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(scheduler.waiting).toBe(2);
    blocker();
    expect(await replies).toEqual(["free", "premium"]);
    expect(served).toEqual(["premium", "free"]);
    expect(scheduler.active).toBe(0);
  });
});
