// The one place that knows what a public API key's kind allows. Every other file reads API_KEY_KINDS (the
// api-key-kind test fails on a comparison of a kind or a prefix written anywhere else).
import type { PurchaseStore } from "./purchase-store.js";

/** What a public API key is for: real money, Stripe's test mode, or the Test Store. */
export type ApiKeyKind = "production" | "sandbox" | "test_store";

/** What a key kind means, wherever the billing server decides by it. */
export interface ApiKeyKindRules {
  /** The key starts with it; the longest prefix that fits wins (`rcb_sb_x` is sandbox, `rcb_sb` production). */
  prefix: string;
  /**
   * The money is not real: true for every kind but production. It is the one meaning of "sandbox" here — a sandbox
   * (`rcb_sb_`) key pays in Stripe's test mode and a Test Store key pays nothing, so both are sandbox. Purchases and
   * checkouts keep it, and webhooks tell it as the `environment` ({@link environmentOf}).
   */
  isSandbox: boolean;
  /** Where its purchases are recorded and paid: through the Test Store (receipts) or the card gateway (checkout). */
  store: PurchaseStore;
  /** Refused like an unknown key (401) when the server has Test Store keys off (`testStore: false`). */
  refusedWhenTestStoreOff: boolean;
  /** May post Test Store receipts (`POST /v1/receipts`). */
  postsTestStoreReceipts: boolean;
}

/** Each key kind's rules, in the order a catalogue error names their prefixes. */
export const API_KEY_KINDS: Readonly<Record<ApiKeyKind, Readonly<ApiKeyKindRules>>> = {
  production: {
    prefix: "rcb_",
    isSandbox: false,
    store: "rc_billing",
    refusedWhenTestStoreOff: false,
    postsTestStoreReceipts: false,
  },
  sandbox: {
    prefix: "rcb_sb_",
    isSandbox: true,
    store: "rc_billing",
    refusedWhenTestStoreOff: false,
    postsTestStoreReceipts: false,
  },
  test_store: {
    prefix: "test_",
    isSandbox: true,
    store: "test_store",
    refusedWhenTestStoreOff: true,
    postsTestStoreReceipts: true,
  },
};

const KINDS = Object.keys(API_KEY_KINDS) as ApiKeyKind[];
const KINDS_LONGEST_PREFIX_FIRST = [...KINDS].sort(
  (a, b) => API_KEY_KINDS[b].prefix.length - API_KEY_KINDS[a].prefix.length,
);
const PREFIXES = KINDS.map((kind) => API_KEY_KINDS[kind].prefix);
const KEY_BODY = /^[\w.-]+$/;

function kindByPrefix(key: string): ApiKeyKind | undefined {
  return KINDS_LONGEST_PREFIX_FIRST.find((kind) => key.startsWith(API_KEY_KINDS[kind].prefix));
}

/**
 * The kind of a public API key, by its prefix. A catalogue has already checked the key's shape
 * ({@link isApiKeyShaped}); a key without a known prefix reads as production.
 *
 * @example
 * apiKeyKind("rcb_sb_realmheart_local"); // "sandbox"
 * apiKeyKind("test_realmheart_local"); // "test_store"
 */
export function apiKeyKind(key: string): ApiKeyKind {
  return kindByPrefix(key) ?? "production";
}

/**
 * Whether `key` is a public API key a catalogue may hold: a kind's prefix, then at least one of `[A-Za-z0-9_.-]`
 * (the rule of docs/protocol.md the SDK also enforces). {@link API_KEY_SHAPE_RULE} says it in words.
 *
 * @example
 * isApiKeyShaped("rcb_sb_x"); // true
 * isApiKeyShaped("rcb_sb_"); // false: a sandbox prefix and nothing after it
 */
export function isApiKeyShaped(key: string): boolean {
  const kind = kindByPrefix(key);
  return kind !== undefined && KEY_BODY.test(key.slice(API_KEY_KINDS[kind].prefix.length));
}

/** A catalogue's complaint about a key that is not {@link isApiKeyShaped}: "keys start rcb_, rcb_sb_ or test_". */
export const API_KEY_SHAPE_RULE = `keys start ${PREFIXES.slice(0, -1).join(", ")} or ${PREFIXES.at(-1)!}`;

/**
 * The `environment` a webhook event tells the host app, from a purchase's or a key's `isSandbox`.
 *
 * @example
 * environmentOf(API_KEY_KINDS.test_store.isSandbox); // "SANDBOX"
 */
export function environmentOf(isSandbox: boolean): "SANDBOX" | "PRODUCTION" {
  return isSandbox ? "SANDBOX" : "PRODUCTION";
}
