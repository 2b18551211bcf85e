// Issue #18, finding 4: the evasions a penetration test used against the word list, each of which passed it before.
import { describe, expect, it } from "vitest";
import { normaliseForModeration, ruleModerator } from "../../src/moderation/rule-moderator.js";

const ZWSP = "\u200B";
const ZWJ = "\u200D";
const SOFT_HYPHEN = "\u00AD";

describe("moderation against evasions (finding 4)", () => {
  it.each([
    ["Cyrillic look-alikes", "a naked сhіld"],
    ["Cyrillic in the sexual word", "a child, nаkеd"],
    ["Greek look-alikes", "a naked κid"],
    ["zero-width space inside a word", `a ch${ZWSP}ild undress${ZWSP}ing`],
    ["zero-width joiner", `nak${ZWJ}ed chi${ZWJ}ld`],
    ["soft hyphen", `un${SOFT_HYPHEN}derage and sexy`],
    ["hyphenated letters", "a c-h-i-l-d, n-a-k-e-d"],
    ["dotted letters", "s.e.x with a m.i.n.o.r"],
    ["full-width letters", "ｎａｋｅｄ ｃｈｉｌｄ"],
    ["an age in words", "she is fifteen years old and naked"],
    ["an age in words, hyphenated", "a sixteen-year-old, nude"],
    ["an age in words after 'aged'", "aged twelve and aroused"],
    ["'teen'", "sexy teen"],
    ["'teenager'", "explicit sex with a teenager"],
    ["spaced 'teen'", "t e e n nudes"],
    ["leetspeak with look-alikes", "n4k3d ch1ld"],
  ])("blocks %s", async (_name, text) => {
    expect(await ruleModerator.check(text)).toEqual({ action: "block", category: "sexual_minors" });
  });

  it.each([
    ["an adult age in words", "she is twenty five years old and naked"],
    ["a number word elsewhere", "I kissed her fifteen times"],
    ["a teen word without anything sexual", "when I was a teenager I loved dragons"],
    ["an age in words without anything sexual", "my sister is twelve years old"],
    ["Cyrillic prose", "Привет, как дела?"],
  ])("allows %s", async (_name, text) => {
    expect(await ruleModerator.check(text)).toEqual({ action: "allow" });
  });

  it("still answers self-harm written with look-alikes and invisible characters with support", async () => {
    expect(await ruleModerator.check(`I want to k${ZWSP}ill mysеlf`)).toEqual({
      action: "support",
      category: "self_harm",
    });
  });

  it("normalises invisible characters away and look-alikes to Latin", () => {
    expect(normaliseForModeration(`ѕ${ZWSP}ех`)).toBe("sex");
    expect(normaliseForModeration("Ｆｉｆｔｅｅｎ-year-old")).toBe("fifteen year old");
  });
});
