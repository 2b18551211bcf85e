/** The codings the web build writes beside its files (`.br`, `.gz`), in the order the server prefers them. */
export const PRECOMPRESSED = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

/** A content coding a precompressed file can be sent in. */
export type PrecompressedCoding = (typeof PRECOMPRESSED)[number]["coding"];

/** Each coding an `Accept-Encoding` header names, with its quality (`x-gzip` counts as gzip). */
function qualities(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const name = rawName === "x-gzip" ? "gzip" : rawName;
    const q = params.find((param) => param.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (name && !named.has(name)) named.set(name, Number.isFinite(quality) ? quality : 0);
  }
  return named;
}

/**
 * The coding to send a file in, of those `available` on disk: the one the client accepts with the highest quality
 * (named, or through `*`), brotli before gzip on a tie; null (identity) when it accepts none of them. Identity is
 * the answer even when the client says `identity;q=0`: a 406 would serve nobody.
 *
 * @example
 * preferredEncoding("gzip, deflate, br", ["br", "gzip"]); // "br"
 * preferredEncoding("br;q=0.5, gzip", ["br", "gzip"]); // "gzip"
 * preferredEncoding("gzip", ["br"]); // null
 */
export function preferredEncoding(
  header: string | undefined,
  available: readonly PrecompressedCoding[],
): PrecompressedCoding | null {
  if (!header) return null;
  const named = qualities(header);
  let best: { coding: PrecompressedCoding; quality: number } | null = null;
  for (const { coding } of PRECOMPRESSED) {
    if (!available.includes(coding)) continue;
    const quality = named.get(coding) ?? named.get("*") ?? 0;
    if (quality > 0 && (best === null || quality > best.quality)) best = { coding, quality };
  }
  return best?.coding ?? null;
}
