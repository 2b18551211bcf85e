import type { PurchasesEnvironment } from "../environment";
import { SDK_VERSION } from "../version";

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/**
 * Where an analytics event happened, in wire form. Everything read from the browser is null when there
 * is no window (SSR, Node); the library fields and `source` are always set.
 */
export type EventContext = {
  library_name: "purchases-web";
  library_version: string;
  source: "sdk";
  locale: string | null;
  user_agent: string | null;
  time_zone: string | null;
  screen_width: number | null;
  screen_height: number | null;
  page_referrer: string | null;
  /** The page address without query and fragment, which often carry tokens; UTM values are sent apart. */
  page_url: string | null;
  page_title: string | null;
} & Record<(typeof UTM_KEYS)[number], string | null>;

/**
 * The utm_source, utm_medium, utm_campaign, utm_term and utm_content parameters present (and not empty)
 * in the page address; sent as checkout-start metadata when `autoCollectUTMAsMetadata` is on.
 *
 * @example
 * // on https://app.example/subscribe?utm_source=newsletter&utm_campaign=spring
 * collectUtmMetadata(env); // { utm_source: "newsletter", utm_campaign: "spring" }
 */
export function collectUtmMetadata(env: PurchasesEnvironment): Record<string, string> {
  const query = new URLSearchParams(env.window?.location?.search);
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = query.get(key);
    if (value) utm[key] = value;
  }
  return utm;
}

/** The part of `Temporal` (in browsers since 2025–26; not yet in TypeScript's library) read here. */
type TemporalNow = { Now?: { timeZoneId?: () => string } };

/** The device's time zone, once read. */
let deviceTimeZone: string | null | undefined;

/**
 * The device's IANA time zone, read once: from `Temporal` where the browser has it (a tenth of a millisecond), else
 * from a date formatter, whose first construction costs 15–30 ms on a desktop (the locale's ICU data), several
 * times that on a phone.
 */
function timeZone(): string | null {
  if (deviceTimeZone !== undefined) return deviceTimeZone;
  try {
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    deviceTimeZone =
      temporal?.Now?.timeZoneId?.() || Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    deviceTimeZone = null;
  }
  return deviceTimeZone;
}

/**
 * Reads the event context from the environment, at the moment of the event (single-page apps change
 * address and title). Never throws, also for a partial window.
 *
 * @example
 * const event = { ...fields, context: buildEventContext(env) };
 */
export function buildEventContext(env: PurchasesEnvironment): EventContext {
  const win = env.window;
  const doc = win?.document;
  const utm = collectUtmMetadata(env);
  const context = {
    library_name: "purchases-web",
    library_version: SDK_VERSION,
    source: "sdk",
    locale: win?.navigator?.language || null,
    user_agent: win?.navigator?.userAgent || null,
    time_zone: win ? timeZone() : null,
    screen_width: win?.screen?.width ?? null,
    screen_height: win?.screen?.height ?? null,
    page_referrer: doc?.referrer || null,
    page_url: win?.location?.href?.split(/[?#]/)[0] || null,
    page_title: doc?.title || null,
  } as EventContext;
  for (const key of UTM_KEYS) context[key] = utm[key] ?? null;
  return context;
}
