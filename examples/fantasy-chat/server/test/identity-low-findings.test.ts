// Issue #43's low findings, each reproduced as the attack it was, and each expected to fail now. docs/security.md
// lists them with these tests.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { payments } from "../src/db/schema.js";
import { REGISTER_LIMIT } from "../src/http/rate-limiter.js";
import { decideInSandbox, follow, startPremiumPayment } from "./support/payments.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  PASSWORD,
  registerUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "./support/test-app.js";

describe("finding: TRUST_PROXY ranges as broad as 'any'", () => {
  it.each([
    "0.0.0.0/1,128.0.0.0/1",
    "0.0.0.0/0",
    "10.0.0.0/7",
    " 10.0.0.2 , 64.0.0.0/2 ",
    "::/0",
    "::/1,8000::/1",
    "2000::/3",
    "2001::/15",
    "::ffff:0:0/96",
    "::ffff:0.0.0.0/97",
    "::ffff:10.0.0.0/103",
    "::/16",
  ])("refuses TRUST_PROXY=%s at start, naming what to set instead", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/too broad to be proxies.*TRUST_PROXY=1/);
  });

  it("refuses narrow ranges that together cover more than sixteen /8s, or sixteen IPv6 /16s", () => {
    const slash8s = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}.0.0.0/8`).join(",");
    const slash16s = (n: number) =>
      Array.from({ length: n }, (_, i) => `2${i.toString(16).padStart(3, "0")}::/16`);
    expect(() => loadConfig({ TRUST_PROXY: slash8s(17) })).toThrow(/too broad to be proxies/);
    expect(() => loadConfig({ TRUST_PROXY: slash16s(17).join(",") })).toThrow(/too broad to be proxies/);
    expect(() => loadConfig({ TRUST_PROXY: `${slash8s(16)},::ffff:0.0.0.0/104` })).toThrow(/too broad/);
    expect(loadConfig({ TRUST_PROXY: slash8s(16) }).trustProxy).toBe(slash8s(16));
    expect(loadConfig({ TRUST_PROXY: slash16s(16).join(", ") }).trustProxy).toBe(slash16s(16).join(","));
  });

  it("refuses forms Fastify would read differently or not at all", () => {
    for (const value of ["10.0.0.0/255.0.0.0", "Loopback", "10.0.0.2 /8", "10.0.0.2,,10.0.0.3", "any", "*"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/IP addresses or CIDR ranges/);
    }
  });

  it("accepts real proxies: a private /8, IPv6 /16 and narrower, mapped IPv4, and proxy-addr's private names", () => {
    for (const value of [
      "10.0.0.0/8",
      "172.16.0.0/12,192.168.0.0/16",
      "2606:4700::/32,2a06:98c0::/29,2001::/16",
      "fe80::1%eth0",
      "::ffff:10.0.0.0/104,::ffff:192.0.2.7",
      "loopback,linklocal,uniquelocal,10.0.0.0/8",
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(value);
    }
    expect(loadConfig({ TRUST_PROXY: " loopback , 10.1.0.0/16 " }).trustProxy).toBe("loopback,10.1.0.0/16");
  });

  describe.each(DATABASES)("behind a proxy named 'loopback' on %s", (kind) => {
    let server: TestApp;
    beforeAll(async () => {
      server = await startTestApp(kind, {
        env: { TRUST_PROXY: "loopback" },
        rateLimits: { register: { ...REGISTER_LIMIT, limit: 2 } },
      });
    });
    afterAll(() => server.close());

    const register = (forwardedFor: string) =>
      new Client(server).post(
        "/api/auth/register",
        { email: uniqueEmail("proxied"), password: PASSWORD, firstName: "Proxied", lastName: "Relay" },
        { "x-forwarded-for": forwardedFor },
      );

    it("counts each client by the address the local proxy forwarded", async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await register("198.51.100.1")).status);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await register("198.51.100.2")).status).toBe(201);
    });
  });
});

describe.each(DATABASES)("finding: NUL in an admin route's path or body on %s", (kind) => {
  let server: TestApp;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
    admin = (await registerUser(server, { email: ADMIN_EMAIL })).client;
  });
  afterAll(() => server.close());

  it("answers 404 payment_not_found, not 500, for a refund of a reference holding NUL, and refunds nothing", async () => {
    const { client } = await registerUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    await follow(client, await decideInSandbox(client, authorization_url, "approve"));
    const reason = { reason: "Charged twice by mistake" };

    for (const path of [`${reference}%00`, `%00${reference}`, "a%00b", "%00"]) {
      const answer = await admin.post(`/api/admin/payments/${path}/refund`, reason);
      expect(answer.status, path).toBe(404);
      expect(answer.body.code, path).toBe("payment_not_found");
    }
    const [row] = await server.database.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row!.refundedAt).toBeNull();
    // The same admin, reference and reason without the NUL reach the refund: the 404s were about the reference.
    const refunded = await admin.post(`/api/admin/payments/${reference}/refund`, reason);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ reference, status: "refunded" });
  });

  it("refuses NUL in a refund reason, a role or a user id with a 4xx, changing nothing", async () => {
    const { client, user } = await registerUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    await follow(client, await decideInSandbox(client, authorization_url, "approve"));

    const reason = await admin.post(`/api/admin/payments/${reference}/refund`, {
      reason: "Charged\u0000twice",
    });
    expect(reason.status).toBe(400);
    expect(reason.body.fields).toHaveProperty("reason");
    const role = await admin.post(`/api/admin/users/${user.id}/role`, { role: "admin\u0000" });
    expect(role.status).toBe(400);
    expect(role.body.fields).toHaveProperty("role");
    for (const [method, path] of [
      ["GET", `/api/admin/users/${user.id}%00/subscription`],
      ["POST", `/api/admin/users/${user.id}%00/subscription/cancel`],
      ["POST", `/api/admin/users/%00${user.id}/role`],
    ] as const) {
      const answer = await admin.request(method, path, method === "POST" ? { body: { role: "admin" } } : {});
      expect(answer.status, path).toBe(404);
      expect(answer.body.code, path).toBe("not_found");
    }
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, reference));
    expect(payment!.refundedAt).toBeNull();
    expect((await client.get("/api/auth/user")).body.role).toBe("user");
  });
});
