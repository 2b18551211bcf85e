import type { BillingDatabase, BillingDb } from "./db/database.js";
import type { ManagementLinks } from "./manage/management-link.js";

/** The API key's project and mode, set on every authenticated request. */
export interface Caller {
  projectId: string;
  keyKind: "production" | "sandbox" | "test_store";
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
