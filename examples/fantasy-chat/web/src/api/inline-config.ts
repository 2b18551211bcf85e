import type { QueryClient } from "@tanstack/react-query";
import { INLINE_CONFIG_ID } from "../../../server/src/system/client-config";
import { CONFIG_KEY } from "./keys";
import type { ClientConfig } from "./types";

/**
 * Takes the client config the server wrote into the page (server/src/web/app-page.ts) as the config query's answer, so the first render has
 * it (the sandbox notice, the SDK's key) without a request. A page without it (the native shell's bundled copy, a
 * development server) or with something unreadable there fetches `/api/config` as before. Returns whether it did.
 *
 * @example
 * seedInlineConfig(queryClient, document);
 */
export function seedInlineConfig(queryClient: QueryClient, page: Pick<Document, "getElementById">): boolean {
  const text = page.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return false;
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return false;
  }
  const looksLikeConfig =
    typeof config === "object" &&
    config !== null &&
    typeof (config as Partial<ClientConfig>).sdkApiKey === "string" &&
    typeof (config as Partial<ClientConfig>).billingBaseUrl === "string";
  if (!looksLikeConfig) return false;
  queryClient.setQueryData(CONFIG_KEY, config as ClientConfig);
  return true;
}
