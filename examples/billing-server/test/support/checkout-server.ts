// A billing server wired to the fake Stripe, with a catalogue that adds a paid (no-trial) option and a
// consumable to the reference project, for the checkout and webhook suites.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { Catalogue } from "../../src/catalogue/catalogue-schema.js";
import { checkoutSessions } from "../../src/db/schema.js";
import { parseCatalogue } from "../../src/catalogue/catalogue-schema.js";
import type { BillingServerOptions } from "../../src/plugin.js";
import { KEYS, testCatalogue } from "./catalogue.js";
import { startFakeStripe, type FakeStripe } from "./fake-stripe.js";
import {
  call,
  startTestServer,
  type DatabaseKind,
  type TestHarnessOptions,
  type TestServer,
} from "./test-server.js";

export const MANAGEMENT_URL = "https://billing.example.test/manage";
/** The signing secret the checkout server accepts beside the fake Stripe's own (a secret being rolled). */
export const NEXT_WEBHOOK_SECRET = "whsec_rolled_next";

export function checkoutCatalogue(): Catalogue {
  const catalogue = structuredClone(testCatalogue());
  const realmheart = catalogue.projects.find((p) => p.id === "realmheart");
  const premium = realmheart?.products.find((p) => p.identifier === "premium_realm_monthly");
  if (!realmheart || !premium) throw new Error("reference catalogue changed");
  premium.purchase_options.no_trial = {
    id: "no_trial",
    price_id: "prc_premium_realm_monthly_no_trial",
    base: { period_duration: "P1M", price: { amount_micros: 99_000_000, currency: "ZAR" }, cycle_count: 1 },
    trial: null,
    intro_price: null,
  };
  realmheart.products.push({
    identifier: "dragon_gems",
    product_type: "consumable",
    title: "Dragon gems",
    description: null,
    default_purchase_option_id: "gems",
    purchase_options: {
      gems: {
        id: "gems",
        price_id: "prc_dragon_gems",
        base_price: { amount_micros: 49_990_000, currency: "ZAR" },
      },
    },
    virtual_currency_grants: {},
    subscription_group: null,
    trial_eligibility: "once_per_customer",
  });
  realmheart.promotion_codes = PROMOTION_CODES.map((code) => ({
    display_name: null,
    percent_off: null,
    amount_off: null,
    products: null,
    starts_at: null,
    expires_at: null,
    max_redemptions: null,
    ...code,
  }));
  return parseCatalogue(catalogue);
}

/**
 * The checkout catalogue's promotion codes (the test clock reads 2026-11-21): one of each rule a code can break,
 * and two that apply.
 */
export const PROMOTION_CODES = [
  { code: "WELCOME10", display_name: "Welcome offer", percent_off: 10 },
  { code: "GEMS5", amount_off: { amount_micros: 5_000_000, currency: "ZAR" }, products: ["dragon_gems"] },
  { code: "USD5", amount_off: { amount_micros: 5_000_000, currency: "USD" } },
  { code: "SPRING", percent_off: 20, expires_at: "2026-04-01T00:00:00Z" },
  { code: "NEWYEAR", percent_off: 20, starts_at: "2027-01-01T00:00:00Z" },
  { code: "ONCE", percent_off: 50, max_redemptions: 1 },
  { code: "FREEGEMS", percent_off: 100, products: ["dragon_gems"] },
];

export interface CheckoutServer {
  server: TestServer;
  stripe: FakeStripe;
  close(): Promise<void>;
}

export async function startCheckoutServer(
  kind: DatabaseKind,
  options: Partial<Omit<BillingServerOptions, "database">> = {},
  harness: TestHarnessOptions = {},
): Promise<CheckoutServer> {
  // Webhooks are signed with the billing server's clock, which exists only once the server started.
  const clockOf: { server?: TestServer } = {};
  const stripe = await startFakeStripe({
    now: () => clockOf.server?.clock.now ?? new Date(),
    publishableKey: "pk_test_realmheart",
  });
  const server = await startTestServer(
    kind,
    {
      // Two signing secrets, as while one is rolled: the fake signs with the older one.
      stripe: { ...stripe.options, webhookSecret: [NEXT_WEBHOOK_SECRET, stripe.options.webhookSecret] },
      managementUrl: MANAGEMENT_URL,
      catalogue: checkoutCatalogue(),
      ...options,
    },
    harness,
  );
  clockOf.server = server;
  stripe.webhookUrl = `${server.url}/rcbilling/v1/stripe/webhook`;
  return {
    server,
    stripe,
    async close() {
      await server.close();
      await stripe.close();
    },
  };
}

/** A checkout/start body for Premium Realm's default (trial) option, as the SDK sends it. */
export function startBody(appUserId: string, overrides: Record<string, unknown> = {}) {
  return {
    app_user_id: appUserId,
    product_id: "premium_realm_monthly",
    price_id: "prc_premium_realm_monthly_zar",
    presented_offering_identifier: "default",
    trace_id: "trace_1",
    ...overrides,
  };
}

/** Calls a checkout endpoint with the sandbox key unless another is given. */
export function checkoutCall(
  server: TestServer,
  method: "GET" | "POST" | "PATCH",
  path: string,
  body?: unknown,
  key: string | null = KEYS.sandbox,
) {
  return call(server, method, `/rcbilling/v1/checkout${path}`, { key, body });
}

/** Start → complete → the customer confirms in Stripe.js → Stripe's webhook. @returns the session id. */
export async function buyThroughStripe(
  { server, stripe }: CheckoutServer,
  appUserId: string,
  options: { overrides?: Record<string, unknown>; outcome?: "succeeded" | "declined" } = {},
) {
  const start = await checkoutCall(server, "POST", "/start", startBody(appUserId, options.overrides));
  if (start.status !== 200) throw new Error(`start failed: ${JSON.stringify(start.body)}`);
  const id: string = start.body.operation_session_id;
  const complete = await checkoutCall(server, "POST", `/${id}/complete`, {
    email: `${appUserId}@example.com`,
  });
  if (complete.status !== 200) throw new Error(`complete failed: ${JSON.stringify(complete.body)}`);
  const clientSecret: string = complete.body.gateway_params.client_secret;
  const delivery = await stripe.confirm(clientSecret, options.outcome ?? "succeeded");
  return { id, clientSecret, delivery, intent: stripe.intentBySecret(clientSecret) };
}

/**
 * Starts a checkout server for the surrounding describe block (closed after it) and returns the calls its
 * tests make: checkout POST/GET relative to /rcbilling/v1/checkout, a started session, and a stored row.
 */
export function useCheckoutServer(kind: DatabaseKind) {
  let checkout: CheckoutServer | undefined;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind);
  });
  afterAll(() => checkout?.close());
  const current = () => {
    if (!checkout) throw new Error("the checkout server has not started");
    return checkout;
  };
  const server = () => current().server;
  const post = (path: string, body?: unknown, key?: string | null) =>
    checkoutCall(server(), "POST", path, body, key);
  const get = (path: string, key?: string | null) => checkoutCall(server(), "GET", path, undefined, key);
  return {
    checkout: current,
    server,
    post,
    get,
    async start(appUserId: string, overrides: Record<string, unknown> = {}) {
      const response = await post("/start", startBody(appUserId, overrides));
      expect(response.status).toBe(200);
      return response.body.operation_session_id as string;
    },
    async session(id: string) {
      const [row] = await server()
        .database.db.select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, id));
      return row;
    },
  };
}
