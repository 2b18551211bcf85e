// The digests taken on every request are remembered; what is remembered must be what would be computed.
import { describe, expect, it } from "vitest";
import { keyedDigest, rememberedDigests } from "../../src/crypto/keyed-digest.js";

describe("rememberedDigests", () => {
  it("gives keyedDigest's digest under its secret, for values seen once, again, and after being forgotten", () => {
    const digest = rememberedDigests("secret-one", 3);
    const values = ["a", "b", "a", "c", "d", "e", "a", "b"];
    expect(values.map(digest)).toEqual(values.map((value) => keyedDigest("secret-one", value)));
  });

  it("keeps apart the same value under two secrets", () => {
    const one = rememberedDigests("secret-one");
    const two = rememberedDigests("secret-two");
    expect(one("session:t")).not.toBe(two("session:t"));
    expect(two("session:t")).toBe(keyedDigest("secret-two", "session:t"));
  });
});
