// How each kind of public API key pays, written once for the lazy checkout, paywall and express button (the core
// never asks, so none of this is in its bundle). Whether a key is a sandbox key is in api-key-kind.ts.
import type { ApiKeyKind } from "./api-key-kind";

/**
 * Whether purchases with a key of `kind` go through the Test Store's modal (a `test_` key): the card gateway is
 * then never loaded.
 *
 * @example
 * if (!paysInTestStore(kind)) void import("@stripe/stripe-js/pure");
 */
export function paysInTestStore(kind: ApiKeyKind): boolean {
  return kind === "test_store";
}

/**
 * Whether Stripe's wallets (Apple Pay, Google Pay, Link) can pay with a key of `kind` (a production or sandbox
 * key; not the Test Store's, not Paddle's): the express button and the paywall's wallet buttons.
 *
 * @example
 * if (paysWithWallets(config.apiKeyKind)) drawWalletButtons();
 */
export function paysWithWallets(kind: ApiKeyKind): boolean {
  return kind === "production" || kind === "sandbox";
}
