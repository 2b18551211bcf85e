import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import {
  cardFromCharacter,
  characterCardSchema,
  characterFromCard,
} from "../../src/characters/character-card.js";
import {
  PngError,
  crc32,
  readPngChunks,
  readPngText,
  solidPng,
  withPngText,
  writePngChunks,
} from "../../src/characters/png-chunks.js";
import { slugOf } from "../../src/characters/import-character.js";
import { FOREIGN_CARD } from "../support/cards.js";

describe("Character Card V2", () => {
  it("maps a card to a character, guessing the archetype and taking the title from the personality", () => {
    const character = characterFromCard(characterCardSchema.parse(FOREIGN_CARD));
    expect(character).toMatchObject({
      name: "Lyra Vale",
      title: "Warm, reckless, fiercely loyal",
      archetype: "loyal_dragon_rider",
      tags: ["dragons", "loyal"],
      greeting: "You're late, {{user}}. Ember has been pacing.",
      premium: false,
    });
  });

  it("exports every field it was given, unknown ones included, and re-imports to the same character", () => {
    const imported = characterFromCard(characterCardSchema.parse(FOREIGN_CARD));
    const exported = cardFromCharacter(imported);
    expect(exported.data).toMatchObject({ ...FOREIGN_CARD.data, extensions: FOREIGN_CARD.data.extensions });
    expect(exported.data.extensions.realmheart).toEqual({
      title: imported.title,
      archetype: imported.archetype,
      premium: false,
    });
    const again = characterFromCard(characterCardSchema.parse(JSON.parse(JSON.stringify(exported))));
    expect(again).toEqual({ ...imported, card: exported.data });
    expect(cardFromCharacter(again)).toEqual(exported);
  });

  it("refuses cards that are not V2", () => {
    expect(characterCardSchema.safeParse({ ...FOREIGN_CARD, spec: "chara_card_v3" }).success).toBe(false);
    expect(
      characterCardSchema.safeParse({ spec: "chara_card_v2", spec_version: "2.0", data: {} }).success,
    ).toBe(false);
    expect(characterCardSchema.safeParse({ name: "V1 card" }).success).toBe(false);
  });

  it("makes readable ids", () => {
    expect(slugOf("Lyra Vale, the Ember-Queen")).toBe("lyra-vale-the-ember-queen");
    expect(slugOf("Ælfrida Þorn")).toBe("lfrida-orn");
    expect(slugOf("!!!")).toBe("character");
  });
});

describe("PNG chunks", () => {
  it("computes the PNG CRC-32", () => {
    expect(crc32(Buffer.from("IEND"))).toBe(0xae426082);
  });

  it("writes and reads a tEXt chunk, replacing an earlier one with the same keyword", () => {
    const png = solidPng(4, [10, 20, 30]);
    const once = writePngChunks(withPngText(readPngChunks(png), "chara", "Zmlyc3Q="));
    const twice = writePngChunks(withPngText(readPngChunks(once), "chara", "c2Vjb25k"));
    const chunks = readPngChunks(twice);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "tEXt", "IEND"]);
    expect(readPngText(chunks, "chara")).toBe("c2Vjb25k");
    expect(readPngText(chunks, "other")).toBeNull();
  });

  it("refuses what is not a PNG, a damaged chunk and a cut-short file", () => {
    const png = writePngChunks(withPngText(readPngChunks(solidPng(4, [1, 2, 3])), "chara", "abc"));
    expect(() => readPngChunks(Buffer.from("GIF89a..."))).toThrow(PngError);
    const damaged = Buffer.from(png);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 20) ^ 0xff, damaged.length - 20);
    expect(() => readPngChunks(damaged)).toThrow("a chunk's checksum does not match");
    expect(() => readPngChunks(png.subarray(0, png.length - 6))).toThrow("cut short");
  });
});
