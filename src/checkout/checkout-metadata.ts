import { collectUtmMetadata } from "../analytics/context";
import type { PurchasesEnvironment } from "../environment";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";

/**
 * The metadata sent with a checkout start: the page's `utm_*` parameters when `autoCollectUTMAsMetadata`
 * is on, then the developer's own metadata, which wins on a clash. Throws `ConfigurationError` for
 * metadata that is not a map of strings, before anything is sent.
 *
 * @example
 * checkoutMetadata(env, true, { campaign_owner: "growth" });
 * // { utm_source: "newsletter", campaign_owner: "growth" }
 */
export function checkoutMetadata(
  env: PurchasesEnvironment,
  autoCollectUTMAsMetadata: boolean,
  developerMetadata?: Record<string, string> | null,
): Record<string, string> {
  if (developerMetadata != null) {
    const valid =
      typeof developerMetadata === "object" &&
      !Array.isArray(developerMetadata) &&
      Object.values(developerMetadata).every((value) => typeof value === "string");
    if (!valid) throw new PurchasesError(ErrorCode.ConfigurationError, "metadata must map names to strings.");
  }
  return { ...(autoCollectUTMAsMetadata ? collectUtmMetadata(env) : {}), ...developerMetadata };
}
