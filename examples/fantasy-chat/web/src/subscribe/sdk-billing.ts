// The app-store style purchase: the purchases-web SDK against the billing server this app mounts. Imported only by
// the subscribe screen, so the SDK (and the checkout it loads lazily) stays out of every other route's chunks.
import { ErrorCode, Purchases, isPurchasesError, type Package } from "purchases-web";
import type { ClientConfig, User } from "../api/types";

/** The configured SDK and the package the premium button buys. */
export interface Billing {
  purchases: Purchases;
  rcPackage: Package;
}

/** The billing base as an absolute URL (the SDK takes a proxy URL without a trailing slash). */
export function billingProxyUrl(base: string, origin: string): string {
  return new URL(base, origin).toString().replace(/\/+$/, "");
}

/**
 * Configures the SDK with the server's key and the user's id, and finds the monthly package of the current
 * offering (or its first package). Rejects when there is none.
 *
 * @example
 * const billing = await configureBilling(config, user);
 */
export async function configureBilling(config: ClientConfig, user: Pick<User, "id">): Promise<Billing> {
  const purchases = Purchases.configure({
    apiKey: config.sdkApiKey,
    appUserId: user.id,
    httpConfig: { proxyURL: billingProxyUrl(config.billingBaseUrl, window.location.origin) },
  });
  const offerings = await purchases.getOfferings();
  const rcPackage = offerings.current?.monthly ?? offerings.current?.availablePackages[0];
  if (!rcPackage) throw new Error("No premium package is offered");
  return { purchases, rcPackage };
}

/** How a purchase ended. */
export type PurchaseOutcome =
  { kind: "purchased" } | { kind: "cancelled" } | { kind: "failed"; message: string };

/**
 * Opens the SDK's checkout for the premium package.
 *
 * @example
 * const outcome = await purchasePremium(billing, user.email);
 */
export async function purchasePremium(billing: Billing, email: string | null): Promise<PurchaseOutcome> {
  try {
    await billing.purchases.purchase({ rcPackage: billing.rcPackage, customerEmail: email });
    return { kind: "purchased" };
  } catch (error) {
    if (isPurchasesError(error) && error.errorCode === ErrorCode.UserCancelledError)
      return { kind: "cancelled" };
    return { kind: "failed", message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whether the customer has an active entitlement (after reading it fresh from the billing server).
 *
 * @example
 * if (await restorePurchases(billing)) refreshUser();
 */
export async function restorePurchases(billing: Billing): Promise<boolean> {
  const info = await billing.purchases.getCustomerInfo();
  return Object.keys(info.entitlements.active).length > 0;
}
