// What each kind of public API key allows, written once: the checkout, the paywall, the express button and
// `isSandbox()` read it here instead of comparing kinds.

/** What an API key is for, from its prefix. */
export type ApiKeyKind = "production" | "sandbox" | "test_store" | "paddle";

/** What one kind of key allows. */
export interface ApiKeyKindRules {
  /** No real money moves (`rcb_sb_` and `test_` keys): `isSandbox()` is true and the checkout shows its banner. */
  readonly sandbox: boolean;
  /** Purchases go through the Test Store's modal instead of a card form, and the card gateway is never loaded. */
  readonly testStore: boolean;
  /** Stripe's wallets (Apple Pay, Google Pay, Link) can pay: the express button and the paywall's wallet buttons. */
  readonly wallets: boolean;
}

const KEY_KINDS: Readonly<Record<ApiKeyKind, ApiKeyKindRules>> = {
  production: { sandbox: false, testStore: false, wallets: true },
  sandbox: { sandbox: true, testStore: false, wallets: true },
  test_store: { sandbox: true, testStore: true, wallets: false },
  paddle: { sandbox: false, testStore: false, wallets: false },
};

/**
 * What a key of `kind` allows.
 *
 * @example
 * if (keyKindRules(config.apiKeyKind).wallets) drawWalletButtons();
 */
export function keyKindRules(kind: ApiKeyKind): ApiKeyKindRules {
  return KEY_KINDS[kind];
}
