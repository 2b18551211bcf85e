import { describe, expect, it } from "vitest";
import { ChatChangeNotices } from "../../src/chats/chat-change-notices.js";

const quietLog = { warn: () => {} };
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("ChatChangeNotices", () => {
  it("publishes the chats changed within its delay once, each chat named once", async () => {
    const published: string[] = [];
    const notices = new ChatChangeNotices(async (payload) => published.push(payload), quietLog, 20);
    notices.changed("a");
    notices.changed("b");
    notices.changed("a");
    expect(published).toEqual([]);
    await tick(60);
    expect(published).toEqual(["a,b"]);
    notices.changed("c");
    await notices.flush();
    expect(published).toEqual(["a,b", "c"]);
  });

  it("splits a large batch into payloads NOTIFY accepts (under 8,000 bytes)", async () => {
    const published: string[] = [];
    const notices = new ChatChangeNotices(async (payload) => published.push(payload), quietLog, 1_000);
    const ids = Array.from(
      { length: 450 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    for (const id of ids) notices.changed(id);
    await notices.flush();
    expect(published.map((payload) => payload.split(",").length)).toEqual([200, 200, 50]);
    expect(published.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
    expect(published.flatMap((payload) => payload.split(","))).toEqual(ids);
  });

  it("logs a failed publication and goes on with the next", async () => {
    const warned: unknown[] = [];
    let calls = 0;
    const notices = new ChatChangeNotices(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("database unavailable");
      },
      { warn: (...args: unknown[]) => warned.push(args) },
      1_000,
    );
    notices.changed("a");
    await notices.flush();
    notices.changed("b");
    await notices.flush();
    expect(calls).toBe(2);
    expect(warned).toHaveLength(1);
  });
});
