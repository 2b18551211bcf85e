import { describe, expect, it } from "vitest";
import {
  ChatContextCache,
  keptContextRows,
  type ContextMessage,
  type ReadContext,
} from "../../src/chats/chat-context-cache.js";

/** Messages with seqs `from`..`to`, newest first, alternating user and character. */
function newestFirst(from: number, to: number): ContextMessage[] {
  const list: ContextMessage[] = [];
  for (let seq = to; seq >= from; seq--) {
    list.push({ seq, role: seq % 2 ? "user" : "character", content: `m${seq}` });
  }
  return list;
}

/** A premium claim's read of a chat whose messages are seq 1..last, the memory covering up to `covered`. */
function premiumRead(last: number, covered: number, revision = 7): ReadContext {
  const recent = newestFirst(Math.max(1, last - 39), last);
  const windowStart = recent[recent.length - 1]!.seq;
  const unfolded = recent.length === 40 ? newestFirst(covered + 1, windowStart - 1).reverse() : null;
  return {
    premium: true,
    revision,
    recent,
    avoid: recent.filter((m) => m.role === "character").map((m) => m.content),
    unfolded: unfolded && unfolded.length > 0 ? unfolded : null,
    coveredSeq: covered,
  };
}

describe("ChatContextCache", () => {
  it("gives back a kept context only for the kind of chat it was read for", () => {
    const cache = new ChatContextCache();
    cache.keep("chat", premiumRead(10, 0));
    expect(cache.get("chat", true)?.revision).toBe(7);
    expect(cache.get("chat", false)).toBeNull();
    expect(cache.get("other", true)).toBeNull();
  });

  it("adds a stored message with the revision one on, and the reply to the replies to differ from", () => {
    const cache = new ChatContextCache();
    const kept = cache.keep("chat", premiumRead(10, 0));
    const withUser = cache.append("chat", { seq: 11, role: "user", content: "hi" })!;
    expect(withUser.revision).toBe(kept.revision + 1);
    const withReply = cache.append("chat", { seq: 12, role: "character", content: "hello" })!;
    expect(withReply.revision).toBe(9);
    expect(withReply.messages.slice(0, 3).map((m) => m.seq)).toEqual([12, 11, 10]);
    expect(withReply.avoid[0]).toBe("hello");
    expect(cache.get("chat", true)).toBe(withReply);
  });

  it("keeps the context through two overlapping sends whose messages are stored in order", () => {
    const cache = new ChatContextCache();
    cache.keep("chat", premiumRead(10, 0));
    // Send A's message, send B's message, then both replies: four statements, the revision four on.
    for (const [seq, role] of [
      [11, "user"],
      [12, "user"],
      [13, "character"],
      [14, "character"],
    ] as const) {
      expect(cache.append("chat", { seq, role, content: `m${seq}` })).not.toBeNull();
    }
    const kept = cache.get("chat", true)!;
    expect(kept.revision).toBe(11);
    expect(kept.messages.slice(0, 5).map((m) => m.seq)).toEqual([14, 13, 12, 11, 10]);
  });

  it("does not count twice a message a claim's read already has (its revision counts that statement)", () => {
    const cache = new ChatContextCache();
    // Another send's claim read the chat after this send's message (seq 10) was stored, at revision 7.
    cache.keep("chat", premiumRead(10, 0));
    const same = cache.append("chat", { seq: 10, role: "character", content: "m10" })!;
    expect(same.revision).toBe(7);
    expect(same.messages.filter((m) => m.seq === 10)).toHaveLength(1);
  });

  it("says while one of a chat's messages is being stored, and adds each stored one as it ends", async () => {
    const cache = new ChatContextCache();
    cache.keep("chat", premiumRead(10, 0));
    expect(cache.storesInFlight("chat")).toBeNull();
    const first = cache.storingMessage("chat");
    const second = cache.storingMessage("chat");
    const inFlight = cache.storesInFlight("chat");
    expect(inFlight).not.toBeNull();
    let settled = false;
    void inFlight!.then(() => (settled = true));
    first({ seq: 11, role: "user", content: "m11" });
    await Promise.resolve();
    expect(settled).toBe(false);
    // A failed store adds nothing, and ending twice counts once.
    second(null);
    second({ seq: 99, role: "user", content: "never" });
    await inFlight;
    expect(settled).toBe(true);
    expect(cache.storesInFlight("chat")).toBeNull();
    expect(
      cache
        .get("chat", true)
        ?.messages.slice(0, 2)
        .map((m) => m.seq),
    ).toEqual([11, 10]);
    expect(cache.storesInFlight("other chat")).toBeNull();
  });

  it("drops the context when a message older than the newest kept comes (stored out of order)", () => {
    const cache = new ChatContextCache();
    cache.keep("chat", premiumRead(10, 0));
    expect(cache.append("chat", { seq: 12, role: "user", content: "b" })).not.toBeNull();
    expect(cache.append("chat", { seq: 11, role: "user", content: "a" })).toBeNull();
    expect(cache.get("chat", true)).toBeNull();
    // Nothing kept: later messages are not kept either, until a claim reads the chat again.
    expect(cache.append("chat", { seq: 13, role: "user", content: "c" })).toBeNull();
  });

  it("keeps the window and ten more, and says from where every message is kept", () => {
    const cache = new ChatContextCache();
    let kept = cache.keep("chat", premiumRead(100, 60));
    expect(kept.tailFrom).toBe(60);
    for (let seq = 101; seq <= 120; seq++) {
      kept = cache.append("chat", { seq, role: "user", content: `n${seq}` })!;
    }
    expect(kept.messages).toHaveLength(50);
    expect(kept.messages.at(-1)?.seq).toBe(71);
    expect(kept.tailFrom).toBe(70);
  });

  it("computes what left the window since the memory's last message, or says it cannot", () => {
    const cache = new ChatContextCache();
    let kept = cache.keep("chat", premiumRead(100, 60));
    kept = cache.append("chat", { seq: 101, role: "user", content: "x" })!;
    kept = cache.append("chat", { seq: 102, role: "character", content: "y" })!;
    const rows = keptContextRows(kept, 60);
    expect(rows.recent.map((m) => m.seq)).toEqual(newestFirst(63, 102).map((m) => m.seq));
    expect(rows.unfolded?.map((m) => m.seq)).toEqual([61, 62]);
    expect(keptContextRows(kept, 62).unfolded).toBeNull();
    // A memory older than what is kept: the claim reads the unfolded messages itself.
    expect(keptContextRows(kept, 10).unfolded).toBeUndefined();
  });

  it("needs no unfolded messages while the window is not full, nor for a free chat", () => {
    const cache = new ChatContextCache();
    const short = cache.keep("short", premiumRead(12, 0));
    expect(short.tailFrom).toBe(0);
    expect(keptContextRows(short, 0)).toMatchObject({ unfolded: null });
    const free = cache.keep("free", {
      ...premiumRead(100, 0),
      premium: false,
      recent: newestFirst(81, 100),
      unfolded: null,
    });
    expect(keptContextRows(free, 0)).toMatchObject({ unfolded: null });
    expect(keptContextRows(free, 0).recent).toHaveLength(20);
  });

  it("keeps the most recently used chats up to its size", () => {
    const cache = new ChatContextCache(2);
    cache.keep("a", premiumRead(5, 0));
    cache.keep("b", premiumRead(5, 0));
    cache.get("a", true);
    cache.keep("c", premiumRead(5, 0));
    expect(cache.get("b", true)).toBeNull();
    expect(cache.get("a", true)).not.toBeNull();
    expect(cache.get("c", true)).not.toBeNull();
  });
});
