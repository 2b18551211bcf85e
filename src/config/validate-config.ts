import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import type { ApiKeyKind } from "./api-key-kind";
import {
  DEFAULT_BASE_URL,
  DEFAULT_FLAGS,
  type FlagsConfig,
  type HttpConfig,
  type PurchasesConfig,
  type ResolvedConfig,
  type ResolvedFlags,
} from "./purchases-config";
import {
  invalid as configurationError,
  validateBrandingAppearance,
  validateOptionalObject,
} from "./validate-params";

const INVALID_API_KEY_MESSAGE = "Invalid API key. Use your Web Billing API key.";

/** Ids that would merge unrelated customers if accepted, compared trimmed (docs/protocol.md, "App user ids"). */
const BLOCKED_APP_USER_IDS = new Set([
  "",
  "no_user",
  "null",
  "none",
  "nil",
  "(null)",
  "NaN",
  "\\x00",
  "\x00",
  "unidentified",
  "undefined",
  "unknown",
]);

const RESERVED_HEADERS = new Set(
  [
    "Authorization",
    "Content-Type",
    "Accept",
    "X-Platform",
    "X-Version",
    "X-Is-Sandbox",
    "X-Platform-Flavor",
    "X-Platform-Flavor-Version",
  ].map((h) => h.toLowerCase()),
);

/** @returns what the key is for; throws `InvalidCredentialsError` for anything else. */
export function validateApiKey(apiKey: unknown, flags: FlagsConfig = DEFAULT_FLAGS): ApiKeyKind {
  if (typeof apiKey !== "string") {
    throw new PurchasesError(ErrorCode.InvalidCredentialsError, INVALID_API_KEY_MESSAGE, {
      underlyingErrorMessage: `The API key must be a string, got ${typeof apiKey}.`,
    });
  }
  // "rcb_sb_" alone is no production key with the body "sb_": a key that starts rcb_sb_ is a sandbox key.
  const kind = (apiKey.match(/^(rcb_sb_|rcb_(?!sb_)|test_|pdl_)[\w.-]+$/) ?? [])[1];
  if (kind === "rcb_sb_") return "sandbox";
  if (kind === "rcb_") return "production";
  if (kind === "test_") return "test_store";
  if (kind === "pdl_" && flags.allowPaddleAPIKey) return "paddle";
  throw new PurchasesError(ErrorCode.InvalidCredentialsError, INVALID_API_KEY_MESSAGE);
}

/** Longest app user id the backend stores, in UTF-16 code units. */
const MAX_APP_USER_ID_LENGTH = 256;

/** NUL, lone surrogates and a leading U+FEFF: the backend cannot store them as they are, so it refuses them. */
const UNSTORABLE = /\0|^\ufeff|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Throws `InvalidAppUserIdError` for what the billing server would refuse (fixtures/protocol/app-user-ids.json
 * holds the cases both sides are tested against): not a string, blank or a placeholder once trimmed, containing
 * "/", NUL or a lone surrogate, starting with U+FEFF, or longer than 256.
 */
export function validateAppUserId(appUserId: unknown): string {
  if (typeof appUserId !== "string") {
    throw new PurchasesError(ErrorCode.InvalidAppUserIdError, "The app user id must be a string.", {
      underlyingErrorMessage: `Got ${appUserId === null ? "null" : typeof appUserId}.`,
    });
  }
  if (
    BLOCKED_APP_USER_IDS.has(appUserId.trim()) ||
    appUserId.includes("/") ||
    appUserId.length > MAX_APP_USER_ID_LENGTH ||
    UNSTORABLE.test(appUserId)
  ) {
    throw new PurchasesError(
      ErrorCode.InvalidAppUserIdError,
      `Invalid app user id: "${appUserId.slice(0, 64)}".`,
      {
        underlyingErrorMessage:
          'App user ids have 1 to 256 characters without "/", NUL or lone surrogates and are not a placeholder such as "null".',
      },
    );
  }
  return appUserId;
}

/** Throws `ConfigurationError` unless `currency` is three uppercase letters (ISO 4217 shape). */
export function validateCurrency(currency: unknown): string | undefined {
  if (currency === undefined) return undefined;
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
    throw configurationError(
      `Currency code ${String(currency)} is not valid. Please provide a valid ISO 4217 currency code.`,
    );
  }
  return currency;
}

function validateHttpConfig(httpConfig: HttpConfig | undefined) {
  validateOptionalObject("httpConfig", httpConfig);
  const { proxyURL, additionalHeaders = {} } = httpConfig ?? {};
  if (proxyURL !== undefined) {
    if (typeof proxyURL !== "string" || proxyURL === "")
      throw configurationError("proxyURL must be a non-empty string.");
    if (proxyURL.endsWith("/"))
      throw configurationError("Invalid proxy URL. The proxy URL should not end with a trailing slash.");
  }
  if (typeof additionalHeaders !== "object" || additionalHeaders === null) {
    throw configurationError("additionalHeaders must be an object of header names to string values.");
  }
  for (const [name, value] of Object.entries(additionalHeaders)) {
    if (RESERVED_HEADERS.has(name.toLowerCase())) {
      throw configurationError(
        `Invalid additional headers. The header ${name} is reserved and cannot be set.`,
      );
    }
    if (typeof value !== "string")
      throw configurationError(`The additional header ${name} must have a string value.`);
  }
  return { baseUrl: proxyURL ?? DEFAULT_BASE_URL, additionalHeaders: { ...additionalHeaders } };
}

function validateFlags(flags: FlagsConfig | undefined): ResolvedFlags {
  validateOptionalObject("flags", flags);
  const resolved = { ...DEFAULT_FLAGS };
  for (const key of Object.keys(DEFAULT_FLAGS) as (keyof ResolvedFlags)[]) {
    const value = flags?.[key];
    if (value === undefined) continue;
    if (typeof value !== "boolean") throw configurationError(`The flag ${key} must be a boolean.`);
    resolved[key] = value;
  }
  return resolved;
}

/** Throws `ConfigurationError` unless `locale` is a BCP-47 tag; returns its canonical form, "" when absent. */
function validateLocale(locale: unknown): string {
  try {
    return locale === undefined ? "" : String(new Intl.Locale(locale as string));
  } catch {
    throw configurationError(`Invalid locale: ${String(locale)}.`);
  }
}

/**
 * Validates a whole configuration (the environment override only as an object); throws the first problem as a
 * `PurchasesError`, changing nothing.
 */
export function resolveConfig(config: PurchasesConfig): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    throw configurationError("Purchases.configure needs a configuration object or (apiKey, appUserId).");
  }
  const flags = validateFlags(config.flags);
  const apiKeyKind = validateApiKey(config.apiKey, flags);
  const appUserId = validateAppUserId(config.appUserId);
  const brandingAppearanceOverride = validateBrandingAppearance(
    "brandingAppearanceOverride",
    config.brandingAppearanceOverride,
  );
  const http = validateHttpConfig(config.httpConfig);
  const locale = validateLocale(config.locale);
  validateOptionalObject("environment", config.environment);
  return { apiKey: config.apiKey, apiKeyKind, appUserId, ...http, flags, brandingAppearanceOverride, locale };
}
