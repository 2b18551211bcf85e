import { describe, expect, it } from "vitest";
import { ChatPageCache } from "../../src/chats/chat-page-cache.js";

const page = (userId: string, json = "[]") => ({ userId, json, olderCursor: null });

describe("ChatPageCache", () => {
  it("serves nothing until the change notifications flow, and forgets everything when they stop", () => {
    const cache = new ChatPageCache();
    cache.put(cache.begin(), "chat", page("ada"));
    expect(cache.get("chat", "ada")).toBeNull();
    cache.setListening(true);
    cache.put(cache.begin(), "chat", page("ada"));
    expect(cache.get("chat", "ada")).toEqual(page("ada"));
    cache.setListening(false);
    expect(cache.get("chat", "ada")).toBeNull();
    cache.setListening(true);
    expect(cache.get("chat", "ada")).toBeNull();
  });

  it("serves a page only to its owner", () => {
    const cache = new ChatPageCache();
    cache.setListening(true);
    cache.put(cache.begin(), "chat", page("ada"));
    expect(cache.get("chat", "bob")).toBeNull();
    expect(cache.get("chat", "ada")).not.toBeNull();
  });

  it("does not keep a page read while a change was notified, nor one read before a chat was forgotten", () => {
    const cache = new ChatPageCache();
    cache.setListening(true);
    const raced = cache.begin();
    cache.forget("another-chat");
    cache.put(raced, "chat", page("ada", "[1]"));
    expect(cache.get("chat", "ada")).toBeNull();
    cache.put(cache.begin(), "chat", page("ada", "[2]"));
    cache.forget("chat");
    expect(cache.get("chat", "ada")).toBeNull();
  });

  it("lets the least recently read pages go when it holds more than its size", () => {
    const cache = new ChatPageCache(40);
    cache.setListening(true);
    for (const chat of ["a", "b", "c", "d"]) cache.put(cache.begin(), chat, page("ada", "x".repeat(10)));
    expect(cache.get("a", "ada")).not.toBeNull(); // read: now the most recent
    cache.put(cache.begin(), "e", page("ada", "x".repeat(10)));
    expect(["a", "b", "c", "d", "e"].filter((chat) => cache.get(chat, "ada") !== null)).toEqual([
      "a",
      "c",
      "d",
      "e",
    ]);
    // A page larger than a quarter of the size is never kept.
    cache.put(cache.begin(), "huge", page("ada", "x".repeat(11)));
    expect(cache.get("huge", "ada")).toBeNull();
  });
});
