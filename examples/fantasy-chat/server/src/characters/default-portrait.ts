import type { Archetype } from "./archetypes.js";

/** Backdrop colours per archetype, as the seeded portraits use them. */
export const ARCHETYPE_COLOURS: Record<Archetype, { bg: [string, string]; glow: string }> = {
  dark_fae_lord: { bg: ["#3b1f5c", "#0d0618"], glow: "#b9a6ff" },
  shadow_warrior: { bg: ["#22303d", "#06090d"], glow: "#8fb3c9" },
  warrior_general: { bg: ["#6b2416", "#1c0805"], glow: "#f2b441" },
  dragon_rider: { bg: ["#7a2e0e", "#1a0a05"], glow: "#ff9b3d" },
  loyal_dragon_rider: { bg: ["#c77b2a", "#2b1530"], glow: "#ffe08a" },
  devoted_protector: { bg: ["#1f4a3a", "#07140f"], glow: "#ffd27a" },
};

function coloursOf(archetype: string) {
  return ARCHETYPE_COLOURS[archetype as Archetype] ?? ARCHETYPE_COLOURS.devoted_protector;
}

/** The first letters of the name's first two words, upper-cased, XML-safe (letters and digits only). */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => [...word].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? "")
    .filter((c) => c !== "")
    .slice(0, 2)
    .join("");
  return letters.toUpperCase() || "?";
}

/**
 * A portrait for a character without art of its own (an imported card without an image): its initials under
 * a crescent, on its archetype's backdrop. Deterministic, so caches stay valid.
 *
 * @example
 * reply.type("image/svg+xml").send(defaultPortrait("Lyra Vale", "dragon_rider"));
 */
export function defaultPortrait(name: string, archetype: string): string {
  const { bg, glow } = coloursOf(archetype);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img">',
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">',
    `<stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/>`,
    "</linearGradient></defs>",
    '<rect width="512" height="512" fill="url(#bg)"/>',
    `<circle cx="256" cy="150" r="70" fill="${glow}" opacity="0.85"/>`,
    `<circle cx="286" cy="130" r="62" fill="${bg[0]}"/>`,
    `<circle cx="256" cy="330" r="120" fill="none" stroke="${glow}" stroke-width="6" opacity="0.6"/>`,
    `<text x="256" y="372" text-anchor="middle" font-family="Georgia, serif" font-size="120" fill="${glow}">`,
    initials(name),
    "</text></svg>",
  ].join("");
}

/** The archetype's backdrop colour as RGB, for a plain PNG portrait. */
export function archetypeRgb(archetype: string): [number, number, number] {
  const hex = coloursOf(archetype).bg[0].slice(1);
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}
