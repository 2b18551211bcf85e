import { Buffer } from "node:buffer";
import { deflateSync } from "node:zlib";

/** The eight bytes every PNG starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a PNG could not be read; `reason` is for the person who uploaded it. */
export class PngError extends Error {
  override readonly name = "PngError";
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 as PNG chunks use it (ISO 3309, polynomial 0xEDB88320).
 *
 * @example
 * crc32(Buffer.from("IEND")); // 0xae426082
 */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One chunk of a PNG file. */
export interface PngChunk {
  type: string;
  data: Buffer;
}

/**
 * The chunks of a PNG, in order, up to and including IEND; each chunk's CRC is checked.
 *
 * @example
 * const chunks = readPngChunks(await readFile("card.png"));
 */
export function readPngChunks(png: Buffer): PngChunk[] {
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new PngError("The file is not a PNG image");
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at < png.length) {
    if (at + 12 > png.length) throw new PngError("The PNG image is cut short");
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new PngError("The PNG image is cut short");
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    if (crc32(typeAndData) !== png.readUInt32BE(at + 8 + length))
      throw new PngError("The PNG image is damaged: a chunk's checksum does not match");
    const type = typeAndData.subarray(0, 4).toString("latin1");
    chunks.push({ type, data: Buffer.from(typeAndData.subarray(4)) });
    at = end;
    if (type === "IEND") return chunks;
  }
  throw new PngError("The PNG image has no end chunk");
}

/** Serialises chunks back into a PNG file. */
export function writePngChunks(chunks: readonly PngChunk[]): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(chunk.data.length, 0);
    head.write(chunk.type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), chunk.data])), 0);
    parts.push(head, chunk.data, crc);
  }
  return Buffer.concat(parts);
}

/**
 * The text of the PNG's first `tEXt` chunk with this keyword, or null.
 *
 * @example
 * const base64 = readPngText(chunks, "chara");
 */
export function readPngText(chunks: readonly PngChunk[], keyword: string): string | null {
  for (const chunk of chunks) {
    if (chunk.type !== "tEXt") continue;
    const nul = chunk.data.indexOf(0);
    if (nul > 0 && chunk.data.subarray(0, nul).toString("latin1") === keyword)
      return chunk.data.subarray(nul + 1).toString("latin1");
  }
  return null;
}

/**
 * The chunks with every `tEXt` chunk of this keyword replaced by one holding `text` (Latin-1), placed before IEND.
 *
 * @example
 * writePngChunks(withPngText(chunks, "chara", base64Card));
 */
export function withPngText(chunks: readonly PngChunk[], keyword: string, text: string): PngChunk[] {
  const kept = chunks.filter(
    (chunk) =>
      !(
        chunk.type === "tEXt" && chunk.data.subarray(0, chunk.data.indexOf(0)).toString("latin1") === keyword
      ),
  );
  const textChunk: PngChunk = {
    type: "tEXt",
    data: Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]),
  };
  const end = kept.findIndex((chunk) => chunk.type === "IEND");
  return [...kept.slice(0, end), textChunk, ...kept.slice(end)];
}

/**
 * A plain square PNG of one colour (RGB), for cards of characters that have no PNG portrait.
 *
 * @example
 * const chunks = readPngChunks(solidPng(256, [0x3b, 0x1f, 0x5c]));
 */
export function solidPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, adaptive filters, no interlace
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return writePngChunks([
    { type: "IHDR", data: header },
    { type: "IDAT", data: deflateSync(pixels) },
    { type: "IEND", data: Buffer.alloc(0) },
  ]);
}
