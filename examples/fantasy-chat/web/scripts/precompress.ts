// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the built client, for the server to send
// to browsers that accept them (server/src/web/static-files.ts) without compressing on every request. Run at the
// end of the Vite build (vite.config.ts, which passes the server's list of compressible types).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CODINGS: { suffix: ".br" | ".gz"; compress: (bytes: Buffer) => Buffer }[] = [
  {
    suffix: ".br",
    compress: (bytes) =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: ".gz", compress: (bytes) => gzipSync(bytes, { level: 9 }) },
];

/** A file of the build and the sizes of the copies written beside it (none when neither was smaller). */
export interface PrecompressedFile {
  file: string;
  size: number;
  br?: number;
  gz?: number;
}

/** Every file under `dir`, recursively, but Vite's own folder (.vite: the manifest, which is never served). */
function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* filesUnder(path);
    } else if (entry.isFile()) yield path;
  }
}

/**
 * Compresses each file under `dir` (the built client) whose extension is in `extensions` (lower case, with the
 * dot) with brotli and gzip, keeping a copy only
 * when it is smaller than the file (the server then sends the file itself). Returns the sizes written.
 *
 *
 * @example
 * precompress("web/dist", new Set([".js"])); // [{ file: "web/dist/assets/index-3f2a.js", size: 268260, br: 72210, gz: 83760 }]
 */
export function precompress(dir: string, extensions: ReadonlySet<string>): PrecompressedFile[] {
  const written: PrecompressedFile[] = [];
  for (const file of filesUnder(dir)) {
    if (!extensions.has(extname(file).toLowerCase())) continue;
    const bytes = readFileSync(file);
    const sizes: PrecompressedFile = { file, size: bytes.length };
    for (const { suffix, compress } of CODINGS) {
      const compressed = compress(bytes);
      if (compressed.length >= bytes.length) continue;
      writeFileSync(file + suffix, compressed);
      sizes[suffix === ".br" ? "br" : "gz"] = compressed.length;
    }
    written.push(sizes);
  }
  return written;
}
