// CORS as a browser sees it: preflights allow the SDK's headers and an integrator's own (X-Tenant) but never a
// denied one, and every answer a page can get — successes, refusals, 404s, framework errors (400, 413, 414, 415),
// 500s and the database's 503 — carries Access-Control-Allow-Origin for an allowed origin, so the SDK reads the
// real status instead of a network error.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowedRequestHeader, preflightAllowedHeaders } from "../src/http/cors.js";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../src/http/error-handler.js";
import { KEYS } from "./support/catalogue.js";
import { startFaultProxy } from "./support/fault-proxy.js";
import { call, DATABASES, startTestServer, type TestServer } from "./support/test-server.js";

const PAGE = "https://app.example";
/** What the SDK and purchases-js send, plus an integrator's `additionalHeaders`. */
const SDK_HEADERS =
  "authorization,content-type,accept,x-platform,x-version,x-is-sandbox,x-platform-flavor,x-platform-flavor-version,x-rc-subscriber-token,x-tenant";
/** Headers proxies, CDNs and frameworks trust to route, rewrite, re-method or attribute a request (issue #43). */
const PROXY_TRUSTED_HEADERS = [
  "X-Original-URL",
  "X-Rewrite-URL",
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "X-Forwarded-Prefix",
  "Forwarded",
  "X-Real-IP",
  "X-Client-IP",
  "True-Client-IP",
  "X-Cluster-Client-IP",
  "CF-Connecting-IP",
  "X-HTTP-Method-Override",
  "X-HTTP-Method",
  "X-Method-Override",
  "X-Host",
  "X-Original-Host",
];

function preflight(server: TestServer, path: string, requestHeaders: string, origin = PAGE) {
  return fetch(`${server.url}${path}`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": requestHeaders,
    },
  });
}

/** The answer is readable by `origin`'s page: CORS allows it and exposes Retry-After. */
function expectReadableBy(headers: Headers, origin: string | "*") {
  expect(headers.get("access-control-allow-origin")).toBe(origin);
  expect(headers.get("access-control-expose-headers")).toBe("Retry-After");
  expect(headers.get("vary")).toMatch(/Origin/);
}

describe("which request headers a preflight allows", () => {
  it("allows any valid header name, an integrator's included, lower-cased and once each", () => {
    expect(preflightAllowedHeaders(SDK_HEADERS)).toBe(SDK_HEADERS.split(",").join(", "));
    expect(preflightAllowedHeaders("X-Tenant, x-tenant ,X-Request-Id")).toBe("x-tenant, x-request-id");
  });

  it("refuses forbidden names, Proxy-* and Sec-*, method overrides, the admin secret and malformed names", () => {
    for (const name of [
      "Cookie",
      "Host",
      "Origin",
      "Content-Length",
      "Proxy-Authorization",
      "Sec-Fetch-Site",
      "X-HTTP-Method-Override",
      "X-Billing-Admin-Secret",
      "X Tenant",
      "x-tenant:",
      "é",
    ]) {
      expect(isAllowedRequestHeader(name), name).toBe(false);
    }
    expect(preflightAllowedHeaders("authorization, cookie, x-billing-admin-secret")).toBe("authorization");
    expect(preflightAllowedHeaders(undefined)).toBe("");
  });

  it("refuses the headers proxies trust for the client's address, host, path and method, by family", () => {
    for (const name of PROXY_TRUSTED_HEADERS) {
      expect(isAllowedRequestHeader(name), name).toBe(false);
      expect(isAllowedRequestHeader(name.toLowerCase()), name).toBe(false);
    }
    // Lookalikes an integrator may well send stay allowed.
    for (const name of ["X-Request-Id", "X-Originating-App", "X-Client-Version"]) {
      expect(isAllowedRequestHeader(name), name).toBe(true);
    }
  });

  it("allows at most 50 names in one preflight", () => {
    const many = Array.from({ length: 60 }, (_, i) => `x-h${i}`).join(",");
    expect(preflightAllowedHeaders(many).split(", ")).toHaveLength(50);
  });
});

describe.each(DATABASES)("CORS on every answer on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it("answers a preflight with the SDK's headers and the integrator's X-Tenant, for the page's origin", async () => {
    const answer = await preflight(server, "/v1/subscribers/u1/attributes", SDK_HEADERS);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(answer.headers.get("access-control-allow-headers")?.split(", ")).toEqual(SDK_HEADERS.split(","));
    expect(answer.headers.get("access-control-allow-methods")).toContain("POST");
    expect(answer.headers.get("vary")).toBe("Origin, Access-Control-Request-Headers");
  });

  it("leaves a denied header out of the preflight's answer, so the browser refuses the request", async () => {
    const answer = await preflight(
      server,
      "/v1/subscribers/u1",
      "authorization,cookie,x-billing-admin-secret",
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-headers")).toBe("authorization");
  });

  it("answers a preflight asking for X-Original-URL and X-Forwarded-* with Authorization alone", async () => {
    const answer = await preflight(
      server,
      "/v1/subscribers/u1",
      "X-Original-URL, X-Forwarded-For, X-Forwarded-Host, Authorization",
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-headers")).toBe("authorization");
    const everyFamily = await preflight(
      server,
      "/v1/receipts",
      [...PROXY_TRUSTED_HEADERS, "X-Platform"].join(","),
    );
    expect(everyFamily.headers.get("access-control-allow-headers")).toBe("x-platform");
  });

  it("serves a request carrying X-Tenant like any other", async () => {
    const answer = await call(server, "GET", "/v1/subscribers/tenant_user", {
      headers: { origin: PAGE, "x-tenant": "realmheart" },
    });
    expect(answer.status).toBe(200);
    expectReadableBy(answer.headers, "*");
  });

  it("lets the page read 404s, bad JSON (400), unsupported types (415), too-large bodies (413) too-long paths (414) and too-long URLs (431)", async () => {
    const headers = { origin: PAGE };
    const answers = {
      404: await call(server, "GET", "/v1/no/such/route", { headers }),
      400: await call(server, "POST", "/v1/events", { rawBody: "{not json", headers }),
      415: await call(server, "POST", "/v1/events", {
        rawBody: "x",
        headers: { ...headers, "content-type": "text/weird" },
      }),
      413: await call(server, "POST", "/v1/events", { rawBody: "x".repeat(1_100_000), headers }),
      414: await call(server, "GET", `/v1/subscribers/${"a".repeat(4000)}`, { headers }),
      // Over Node's 16 KiB limit for the request line and headers: Node refuses it before Fastify parses it.
      431: await call(server, "GET", `/v1/subscribers/u1?${"a".repeat(20_000)}`, { headers }),
      // A bad URL is refused by Fastify itself, before the key is read: the answer holds nothing of a project's.
      badUrl: await call(server, "GET", "/v1/subscribers/%E0%A4%A", { headers }),
      401: await call(server, "GET", "/v1/subscribers/u1", { key: "rcb_not_a_key", headers }),
    };
    for (const [label, answer] of Object.entries(answers)) {
      const status = label === "badUrl" ? 400 : Number(label);
      expect(answer.status, label).toBe(status);
      expect(answer.body.code, label).toBe(status === 401 ? 7225 : 7226);
      expectReadableBy(answer.headers, "*");
    }
  });

  it("answers the project's allowed origin by name, also on errors, and refuses a foreign origin readably", async () => {
    const from = (origin: string) =>
      call(server, "POST", "/v1/events", { key: KEYS.otherProject, rawBody: "{", headers: { origin } });
    const allowed = await from("https://other.example");
    expect(allowed.status).toBe(400);
    expectReadableBy(allowed.headers, "https://other.example");
    // A foreign page is refused before the route reads the body, and may read why.
    const foreign = await from("https://elsewhere.example");
    expect(foreign).toMatchObject({ status: 403, body: { code: 7225 } });
    expect(foreign.body.message).toContain("https://elsewhere.example");
    expectReadableBy(foreign.headers, "*");
  });
});

describe("CORS on the server's own failures", () => {
  it("lets the page read a 500 (a table gone) and the 503 with Retry-After of a closed PGlite", async () => {
    const server = await startTestServer("pglite");
    try {
      await server.database.db.execute(sql`drop table billing_analytics_events`);
      const broken = await call(server, "POST", "/v1/events", {
        body: {
          events: [
            {
              id: "e1",
              timestamp_ms: 1,
              type: "web_billing",
              event_name: "x",
              app_user_id: "u",
              context: {},
              properties: {},
              trace_id: "t",
            },
          ],
        },
        headers: { origin: PAGE },
      });
      expect(broken.status).toBe(500);
      expect(broken.body).toEqual({ code: 7110, message: "Internal server error." });
      expectReadableBy(broken.headers, "*");

      await server.database.close();
      const unavailable = await call(server, "GET", "/v1/subscribers/u1", { headers: { origin: PAGE } });
      expect(unavailable.status).toBe(503);
      expect(unavailable.body).toEqual({ code: 7110, message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(unavailable.headers.get("retry-after")).toBe("5");
      expectReadableBy(unavailable.headers, "*");
    } finally {
      await server.app.close();
    }
  });

  // Registered only where PostgreSQL is configured (CI sets TEST_DATABASE_URL), as the suites over DATABASES are.
  for (const test of DATABASES.includes("postgres") ? [it] : [])
    test("answers 503 with Retry-After and CORS when PostgreSQL refuses connections (ECONNREFUSED on a closed port)", async () => {
      const proxy = await startFaultProxy(process.env.TEST_DATABASE_URL as string);
      const server = await startTestServer(
        "postgres",
        {},
        { connectVia: () => proxy.url, connectionTimeoutMillis: 1_000 },
      );
      try {
        expect((await call(server, "GET", "/v1/subscribers/refused_user")).status).toBe(200);
        await proxy.close(); // nothing listens on the port any more: connects are refused
        for (const path of ["/v1/subscribers/refused_user", "/health/ready"]) {
          const answer = await call(server, "GET", path, { headers: { origin: PAGE } });
          expect(answer.status, path).toBe(503);
          expect(answer.headers.get("retry-after"), path).toBe("5");
        }
        const answer = await call(server, "GET", "/v1/subscribers/refused_user", {
          headers: { origin: PAGE },
        });
        expect(answer.body).toEqual({ code: 7110, message: DATABASE_UNAVAILABLE_MESSAGE });
        expectReadableBy(answer.headers, "*");
      } finally {
        await server.close();
      }
    });
});
