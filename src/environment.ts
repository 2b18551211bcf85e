import type { StripeLoader } from "./stripe-like";

/** Opaque handle returned by {@link PurchasesEnvironment.setTimeout}. */
export type TimerHandle = unknown;

/**
 * Everything the SDK takes from its surroundings. Tests inject their own so that time, randomness and
 * network are deterministic; browsers and Node get {@link defaultEnvironment}.
 */
export interface PurchasesEnvironment {
  /** The fetch implementation used for every request. */
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** A number in [0, 1), for jitter. */
  random(): number;
  /** A random RFC 4122 version 4 UUID. */
  randomUUID(): string;
  /** The browser window, or null outside a browser. Read lazily and never required. */
  window: Window | null;
  /**
   * Loads Stripe.js for the card form; `@stripe/stripe-js/pure` when not given. Read only when a card form
   * is shown.
   */
  loadStripe?: StripeLoader;
}

function fallbackUUID(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The environment of the running platform, read when called (never at import time). */
export function defaultEnvironment(): PurchasesEnvironment {
  const g = globalThis as typeof globalThis & { window?: Window };
  const win = typeof g.window === "object" && g.window ? g.window : null;
  const random = () => Math.random();
  return {
    fetch: (input, init) => g.fetch(input, init),
    now: () => Date.now(),
    setTimeout: (callback, ms) => g.setTimeout(callback, ms),
    clearTimeout: (handle) => g.clearTimeout(handle as ReturnType<typeof setTimeout>),
    random,
    randomUUID: () =>
      typeof g.crypto?.randomUUID === "function" ? g.crypto.randomUUID() : fallbackUUID(random),
    window: win,
  };
}
