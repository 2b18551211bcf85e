import type { BillingDatabase, BillingDb } from "./db/database.js";
import type { ApiKeyKind } from "./kinds/api-key-kind.js";

/** What the hosted "Manage subscription" page needs to sign its links. */
export interface ManagementLinks {
  /** The HMAC key of the links (at least 32 characters); never logged. */
  secret: string;
  /** The billing server's public base URL including its prefix (e.g. `https://shop.example/billing`); by default the request's own origin and the plugin's prefix. */
  publicUrl: string | null;
  /** The plugin's prefix, for the default base URL. */
  prefix: string;
}

/** The API key's project and mode, set on every authenticated request. */
export interface Caller {
  projectId: string;
  keyKind: ApiKeyKind;
  /** The key's money is not real: `API_KEY_KINDS[keyKind].isSandbox`. */
  isSandbox: boolean;
  allowedOrigins: string[] | null;
}

/** What every route and service of the billing server shares. */
export interface BillingContext {
  db: BillingDb;
  database: BillingDatabase;
  /** The server's clock; injected so tests can move time. */
  now: () => Date;
  /** Where customers manage their subscription when there is no hosted page; null when there is no such page. */
  managementUrl: string | null;
  /** The hosted "Manage subscription" page's signing key and base URL; null when it is off. */
  management: ManagementLinks | null;
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller;
  }
}
