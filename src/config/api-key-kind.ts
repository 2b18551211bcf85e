// What each kind of public API key is, written once. The core needs only whether a key is a sandbox key; how a key
// pays (the Test Store, wallets) is in key-payment.ts, which only the lazy checkout and paywall load.

/** What an API key is for, from its prefix. */
export type ApiKeyKind = "production" | "sandbox" | "test_store" | "paddle";

/**
 * Whether no real money moves with a key of `kind` (`rcb_sb_` and `test_` keys): `isSandbox()` is true and the
 * checkout shows its sandbox banner. A Paddle key is not a sandbox key.
 *
 * @example
 * if (isSandboxKey(config.apiKeyKind)) showTestBanner();
 */
export function isSandboxKey(kind: ApiKeyKind): boolean {
  return kind === "sandbox" || kind === "test_store";
}
