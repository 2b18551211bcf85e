import { defaultEnvironment } from "../environment";

/**
 * The locale a public formatting helper uses when none is given: the browser's language, as the SDK's own prices
 * use it without a configured `locale`; "en-US" without a browser (SSR).
 */
export function defaultLocale(): string {
  return defaultEnvironment().window?.navigator?.language || "en-US";
}
