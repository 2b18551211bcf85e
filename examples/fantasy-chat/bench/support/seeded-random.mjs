// Reproducible randomness for load generators: the same seed gives the same traffic, run after run.

/**
 * A pseudo-random generator (mulberry32) returning numbers in [0, 1), like Math.random, from a 32-bit seed.
 *
 * @example
 * const random = seededRandom(42);
 * random(); // the same first number on every run
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
