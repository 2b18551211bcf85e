import { Purchases } from "purchases-web";

/**
 * The one configured instance, as docs/getting-started.md shows. `proxyURL` points the SDK at your billing server
 * (`npx purchases-billing-server` listens on http://127.0.0.1:4000 by default); `test_realmheart_local` is a key
 * of that server's catalogue, and `test_` keys buy through the Test Store, without Stripe.
 */
export const purchases = Purchases.configure({
  apiKey: "test_realmheart_local",
  appUserId: Purchases.generateAnonymousAppUserId(),
  httpConfig: { proxyURL: import.meta.env.VITE_BILLING_URL ?? "http://127.0.0.1:4000" },
});
