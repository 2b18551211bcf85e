import type { PurchasesEnvironment } from "../environment";

/** Where requests go and what they carry besides the SDK's own headers. */
export interface HttpConfig {
  /** Base URL of the billing backend or a proxy in front of it, without a trailing slash. */
  proxyURL?: string;
  /** Extra headers sent with every request; the SDK's own header names are reserved. */
  additionalHeaders?: Record<string, string>;
}

/** Feature switches. */
export interface FlagsConfig {
  /** Copy `utm_*` parameters of the page address into checkout metadata. Default true. */
  autoCollectUTMAsMetadata?: boolean;
  /** Send analytics events. Default true. */
  collectAnalyticsEvents?: boolean;
  /** Accept `pdl_` API keys. Default false. */
  allowPaddleAPIKey?: boolean;
}

/**
 * Everything `Purchases.configure` takes.
 *
 * @example
 * Purchases.configure({ apiKey: "rcb_sb_abc", appUserId: "user_1", httpConfig: { proxyURL: "/billing" } });
 */
export interface PurchasesConfig {
  /** A Web Billing public API key: `rcb_…`, `rcb_sb_…` (sandbox) or `test_…` (Test Store). */
  apiKey: string;
  /** Your id for the customer, or one from `Purchases.generateAnonymousAppUserId()`. */
  appUserId: string;
  httpConfig?: HttpConfig;
  flags?: FlagsConfig;
  /** Replaces parts of the environment (fetch, clock, timers, Stripe loader); for tests and unusual hosts. */
  environment?: Partial<PurchasesEnvironment>;
}

/** A configuration that passed validation, with defaults applied. */
export interface ResolvedConfig {
  apiKey: string;
  apiKeyKind: ApiKeyKind;
  appUserId: string;
  baseUrl: string;
  additionalHeaders: Readonly<Record<string, string>>;
  flags: Required<FlagsConfig>;
}

/** What an API key is for, from its prefix. */
export type ApiKeyKind = "production" | "sandbox" | "test_store" | "paddle";

/** The hosted endpoint of the public Web Billing protocol, used when no proxy URL is configured. */
export const DEFAULT_BASE_URL = "https://api.revenuecat.com";

export const DEFAULT_FLAGS: Required<FlagsConfig> = {
  autoCollectUTMAsMetadata: true,
  collectAnalyticsEvents: true,
  allowPaddleAPIKey: false,
};
