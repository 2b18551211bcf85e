import { describe, expect, it } from "vitest";
import { rememberLast } from "../../src/remember-last.js";

describe("rememberLast", () => {
  it("computes a key once while it is kept, and again once the oldest keys went", () => {
    const computed: string[] = [];
    const upper = rememberLast(2, (value: string) => {
      computed.push(value);
      return value.toUpperCase();
    });
    expect(["a", "b", "a", "c", "a", "b"].map((value) => upper(value))).toEqual([
      "A",
      "B",
      "A",
      "C",
      "A",
      "B",
    ]);
    // "a" and "b" kept until "c" came; then "a" had gone (the oldest), and "b" after it.
    expect(computed).toEqual(["a", "b", "c", "a", "b"]);
  });

  it("keys by keyOf, and keeps a computed undefined", () => {
    let calls = 0;
    const lengthOf = rememberLast(
      10,
      (item: { id: string; text: string }) => {
        calls++;
        return item.text.length > 3 ? item.text.length : undefined;
      },
      (item) => item.id,
    );
    expect(lengthOf({ id: "x", text: "hello" })).toBe(5);
    expect(lengthOf({ id: "x", text: "other text" })).toBe(5);
    expect(lengthOf({ id: "y", text: "hi" })).toBeUndefined();
    expect(lengthOf({ id: "y", text: "hi" })).toBeUndefined();
    expect(calls).toBe(2);
  });
});
