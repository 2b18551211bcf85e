/**
 * FNV-1a over a string's UTF-16 code units: a stable, dependency-free hash, so the same conversation (or the same
 * imported character) always gets the same choice.
 *
 * @example
 * stableHash("aeron-stormwing") % 3; // always the same seat
 */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
