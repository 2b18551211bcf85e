import { describe, expect, it } from "vitest";
import { ARCHETYPE_VALUES } from "../../src/characters/archetypes.js";
import { assessText } from "../../src/safety/assess-text.js";
import { INTENTS, SHARED_VOICE, VOICES, type Voice } from "../../src/replies/persona-voices.js";
import { isRepeat } from "../../src/replies/repetition.js";

/** The least a voice holds of each kind: a 12-turn chat must not run out of fresh sentences. */
const LEAST = {
  openers: 8,
  lines: 5,
  traitLines: 5,
  closers: 10,
  recall: 6,
  callbacks: 6,
  unknown: 4,
  lore: 5,
};

/** Every sentence of a voice, with where it is and the placeholders it must hold. */
function linesOf(voice: Voice): Array<{ where: string; text: string; holds: string[] }> {
  return [
    ...voice.openers.map((text) => ({ where: "openers", text, holds: ["{name}"] })),
    ...INTENTS.flatMap((intent) =>
      voice.lines[intent].map((text) => ({ where: `lines.${intent}`, text, holds: [] })),
    ),
    ...voice.traitLines.map((text) => ({ where: "traitLines", text, holds: ["{trait}"] })),
    ...voice.closers.map((text) => ({ where: "closers", text, holds: [] })),
    ...voice.recall.map((text) => ({ where: "recall", text, holds: ["{fact}"] })),
    ...voice.callbacks.map((text) => ({ where: "callbacks", text, holds: ["{fact}"] })),
    ...voice.unknown.map((text) => ({ where: "unknown", text, holds: [] })),
    ...voice.lore.map((lore) => ({ where: "lore", text: lore.line, holds: [] })),
  ];
}

const fill = (text: string) =>
  text
    .replaceAll("{name}", "Wren")
    .replaceAll("{trait}", "brave")
    .replaceAll("{fact}", "your sister Ilse keeps bees");

const VOICE_LIST: Array<[string, Voice]> = [
  ...ARCHETYPE_VALUES.map((archetype): [string, Voice] => [archetype, VOICES[archetype]]),
  ["shared", SHARED_VOICE],
];

describe.each(VOICE_LIST)("the %s voice", (_, voice) => {
  it("holds enough sentences of every kind", () => {
    expect(voice.openers.length).toBeGreaterThanOrEqual(LEAST.openers);
    for (const intent of INTENTS)
      expect(voice.lines[intent].length, intent).toBeGreaterThanOrEqual(LEAST.lines);
    expect(voice.traitLines.length).toBeGreaterThanOrEqual(LEAST.traitLines);
    expect(voice.closers.length).toBeGreaterThanOrEqual(LEAST.closers);
    expect(voice.recall.length).toBeGreaterThanOrEqual(LEAST.recall);
    expect(voice.callbacks.length).toBeGreaterThanOrEqual(LEAST.callbacks);
    expect(voice.unknown.length).toBeGreaterThanOrEqual(LEAST.unknown);
    expect(voice.lore.length).toBeGreaterThanOrEqual(voice === SHARED_VOICE ? 0 : LEAST.lore);
  });

  it("has exactly one sentence per line, with exactly the placeholders its kind needs", () => {
    for (const { where, text, holds } of linesOf(voice)) {
      expect(fill(text), `${where}: ${text}`).toMatch(/^[^.!?…]*[^.!?…\s][.!?]$/);
      for (const placeholder of ["{name}", "{trait}", "{fact}"])
        expect(text.split(placeholder).length - 1, `${where}: ${text}`).toBe(
          holds.includes(placeholder) ? 1 : 0,
        );
    }
  });

  it("never says the same thing twice, nor what another voice's line says", () => {
    const own = linesOf(voice);
    const others = voice === SHARED_VOICE ? [] : linesOf(SHARED_VOICE);
    for (let i = 0; i < own.length; i++)
      for (const other of [...own.slice(i + 1), ...others])
        expect(
          isRepeat(fill(own[i]!.text), fill(other.text), "Wren"),
          `${own[i]!.text} ~ ${other.text}`,
        ).toBe(false);
  });

  it("passes the safety assessment", () => {
    for (const { text } of linesOf(voice)) expect(assessText(fill(text)).verdict, text).toBe("ok");
  });

  it("keys its lore by lower-case words", () => {
    for (const lore of voice.lore) {
      expect(lore.keywords.length).toBeGreaterThan(0);
      for (const keyword of lore.keywords) expect(keyword).toMatch(/^[a-z]+$/);
    }
  });
});
