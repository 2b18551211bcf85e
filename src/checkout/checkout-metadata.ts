import { collectUtmMetadata } from "../analytics/context";
import type { PurchasesEnvironment } from "../environment";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";

/**
 * Metadata passed to the billing server with a purchase: names to strings. A null value means "no value": it
 * is not sent, and it removes a `utm_*` parameter collected from the page under the same name.
 *
 * @example
 * await purchases.purchase({ rcPackage, metadata: { campaign_owner: "growth", utm_term: null } });
 */
export type PurchaseMetadata = Record<string, string | null>;

/**
 * The metadata sent with a checkout start: the page's `utm_*` parameters when `autoCollectUTMAsMetadata`
 * is on, then the developer's own metadata, which wins on a clash (a null value removes the name). Throws
 * `ConfigurationError` for metadata that is not a map of strings or null, before anything is sent.
 *
 * @example
 * checkoutMetadata(env, true, { campaign_owner: "growth", utm_medium: null });
 * // { utm_source: "newsletter", campaign_owner: "growth" }
 */
export function checkoutMetadata(
  env: PurchasesEnvironment,
  autoCollectUTMAsMetadata: boolean,
  developerMetadata?: PurchaseMetadata | null,
): Record<string, string> {
  if (developerMetadata != null) {
    const valid =
      typeof developerMetadata === "object" &&
      !Array.isArray(developerMetadata) &&
      Object.values(developerMetadata).every((value) => value === null || typeof value === "string");
    if (!valid)
      throw new PurchasesError(ErrorCode.ConfigurationError, "metadata must map names to strings or null.");
  }
  const merged: Record<string, string | null> = {
    ...(autoCollectUTMAsMetadata ? collectUtmMetadata(env) : {}),
    ...developerMetadata,
  };
  for (const [name, value] of Object.entries(merged)) if (value === null) delete merged[name];
  return merged as Record<string, string>;
}
