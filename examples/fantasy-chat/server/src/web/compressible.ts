/**
 * The file types sent compressed: text, which brotli and gzip shrink (images other than SVG, and fonts, are
 * compressed already). The web build precompresses these (web/vite.config.ts) and the server negotiates a coding
 * for them (static-files.ts): one list for both. No imports, so the build's config can read it.
 *
 * @example
 * COMPRESSIBLE_EXTENSIONS.has(".js"); // true
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".webmanifest",
  ".svg",
  ".txt",
]);
