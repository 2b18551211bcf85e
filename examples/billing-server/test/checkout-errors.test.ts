// Checkout input the server refuses: each answer is a 4xx with a protocol code, and changes nothing.
import Fastify from "fastify";

import { describe, expect, it } from "vitest";

import { billingServer } from "../src/plugin.js";
import { KEYS } from "./support/catalogue.js";
import {
  buyThroughStripe,
  checkoutCall,
  checkoutCatalogue,
  startBody,
  useCheckoutServer,
} from "./support/checkout-server.js";
import { DATABASES, call } from "./support/test-server.js";

describe.each(DATABASES)("checkout errors on %s", (kind) => {
  const { checkout: current, server, post, get, start, session } = useCheckoutServer(kind);

  it.each([
    ["POST", "/start"],
    ["POST", "/opsess_x/calculate_taxes"],
    ["POST", "/opsess_x/complete"],
    ["GET", "/opsess_x"],
  ] as const)("answers %s %s with 401 and 7225 for a wrong or missing key", async (method, path) => {
    for (const key of ["rcb_sb_wrong", null]) {
      const response = await checkoutCall(server(), method, path, method === "POST" ? {} : undefined, key);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe(7225);
    }
  });

  it("hides another project's session: 404 with 7877, exactly like a session that does not exist", async () => {
    const id = await start("private_user");
    for (const key of [KEYS.otherProject]) {
      expect((await get(`/${id}`, key)).body).toEqual({
        code: 7877,
        message: `Unknown operation session ${id}.`,
      });
      expect((await post(`/${id}/calculate_taxes`, { country_code: "ZA" }, key)).status).toBe(404);
      expect((await post(`/${id}/complete`, { email: "x@example.com" }, key)).status).toBe(404);
    }
    expect((await get("/opsess_missing")).status).toBe(404);
    expect((await session(id))?.status).toBe("started");
  });

  it.each([
    ["a missing product_id", startBody("bad_user", { product_id: undefined })],
    ["a numeric price_id", startBody("bad_user", { price_id: 42 })],
    ["metadata that is not a string map", startBody("bad_user", { metadata: { a: 1 } })],
    ["an array body", [1, 2]],
  ])("rejects a start with %s as 400 with 7226", async (_name, body) => {
    const { status, body: error } = await post("/start", body);
    expect(status).toBe(400);
    expect(error.code).toBe(7226);
  });

  it("rejects malformed JSON and malformed tax and complete bodies with 400 and a code, never 500", async () => {
    const raw = await call(server(), "POST", "/rcbilling/v1/checkout/start", {
      key: KEYS.sandbox,
      rawBody: "{",
    });
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe(7226);
    const id = await start("malformed_user");
    expect((await post(`/${id}/calculate_taxes`, { country_code: 27 })).body.code).toBe(7226);
    expect((await post(`/${id}/complete`, { email: ["a@b.co"] })).body.code).toBe(7226);
    expect((await session(id))?.status).toBe("started");
  });

  it.each([
    ["an unknown product", { product_id: "nope" }],
    ["a price of another option", { price_id: "prc_premium_realm_monthly_no_trial" }],
    ["an unknown offer", { offer_id: "nope" }],
    ["another project's product", { product_id: "pro_yearly", price_id: "prc_pro" }],
  ])("rejects a start for %s with 7814", async (_name, overrides) => {
    const { status, body } = await post("/start", startBody("offer_user", overrides));
    expect(status).toBe(400);
    expect(body.code).toBe(7814);
  });

  it("rejects a blocked app user id with 7220", async () => {
    expect((await post("/start", startBody("null"))).body.code).toBe(7220);
  });

  it("rejects an email that does not look like one with 7012, at start and at complete", async () => {
    const atStart = await post("/start", startBody("email_user", { email: "not-an-email" }));
    expect(atStart.status).toBe(400);
    expect(atStart.body.code).toBe(7012);
    const id = await start("email_user");
    const atComplete = await post(`/${id}/complete`, { email: "ada@localhost" });
    expect(atComplete.status).toBe(400);
    expect(atComplete.body.code).toBe(7012);
    expect((await session(id))?.status).toBe("started");
  });

  it("requires an email to complete (7879) when none was given at start, and takes the start's email otherwise", async () => {
    const id = await start("no_email_user");
    for (const body of [{}, { email: "" }, { email: null }]) {
      const response = await post(`/${id}/complete`, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(7879);
    }
    expect(current().stripe.requests.some((r) => (r.form.metadata as any)?.operation_session_id === id)).toBe(
      false,
    );
    const withEmail = await start("email_at_start_user", { email: "start@example.com" });
    expect((await post(`/${withEmail}/complete`, {})).status).toBe(200);
  });

  it("answers Test Store keys with 7773: they buy through receipts, not a payment gateway", async () => {
    const { status, body } = await post("/start", startBody("test_store_user"), KEYS.test);
    expect(status).toBe(400);
    expect(body.code).toBe(7773);
  });

  it("answers 7773 when Stripe refuses, leaving the session as it was", async () => {
    const id = await start("refused_user", { email: "refused@example.com" });
    current().stripe.failNext(400, {
      type: "invalid_request_error",
      message: "Your account cannot create intents.",
    });
    const refused = await post(`/${id}/complete`, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 7773,
      message: "Payment gateway error: Your account cannot create intents. (invalid_request_error)",
    });
    expect((await session(id))?.status).toBe("started");
    expect((await post(`/${id}/complete`, {})).status).toBe(200);
  });

  it("answers 7878 to calculate_taxes and complete on a session that already succeeded or failed", async () => {
    const done = await buyThroughStripe(current(), "done_user");
    const failed = await buyThroughStripe(current(), "declined_user", {
      overrides: { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" },
      outcome: "declined",
    });
    for (const id of [done.id, failed.id]) {
      expect((await post(`/${id}/complete`, {})).body.code).toBe(7878);
      expect((await post(`/${id}/calculate_taxes`, { country_code: "ZA" })).body.code).toBe(7878);
    }
  });

  it("answers 7773 'no payment gateway is configured' on a server without Stripe", async () => {
    const app = Fastify({ logger: false });
    await app.register(billingServer, {
      prefix: "/billing",
      database: server().database,
      catalogue: checkoutCatalogue(),
      now: () => server().clock.now,
    });
    try {
      const response = await app.inject({
        method: "POST",
        url: "/billing/rcbilling/v1/checkout/start",
        headers: { authorization: `Bearer ${KEYS.production}` },
        payload: startBody("gatewayless_user"),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 7773,
        message: "No payment gateway is configured on this billing server (set STRIPE_SECRET_KEY).",
      });
      // Without Stripe there is no public webhook route: the path is as closed as any unknown one.
      const webhook = await app.inject({
        method: "POST",
        url: "/billing/rcbilling/v1/stripe/webhook",
        payload: {},
      });
      expect(webhook.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
