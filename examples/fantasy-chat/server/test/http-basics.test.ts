import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, DATABASES, registerUser, startTestApp, type TestApp } from "./support/test-app.js";

describe.each(DATABASES)("HTTP basics on %s", (kind) => {
  let server: TestApp;
  let anonymous: Client;
  beforeAll(async () => {
    server = await startTestApp(kind);
    anonymous = new Client(server);
  });
  afterAll(() => server.close());

  it("answers GET /api/health with {status: ok}", async () => {
    const answer = await anonymous.get("/api/health");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "ok" });
  });

  it("gives the web client the SDK key, the billing base URL and the sandbox provider by default", async () => {
    const answer = await anonymous.get("/api/config");
    expect(answer.body).toEqual({
      sdkApiKey: "test_realmheart_local",
      billingBaseUrl: "/billing",
      paymentProvider: "sandbox",
      sandboxPayments: false,
    });
  });

  it("answers an unknown /api route with a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/chats/x/y/z"],
      ["DELETE", "/api/profile"],
      ["GET", "/api"],
    ] as const) {
      const answer = await anonymous.request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/application\/json/);
      expect(answer.body).toMatchObject({ message: "Not found", code: "not_found" });
    }
  });

  it("answers malformed JSON with 400 invalid_json, never a 500", async () => {
    const answer = await anonymous.request("POST", "/api/auth/login", { rawBody: '{"email": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "The request body is not valid JSON", code: "invalid_json" });
  });

  it("answers wrongly typed bodies with 400 validation_error and field messages", async () => {
    for (const body of [[], "text", 42, null, { email: 5, password: {} }]) {
      const answer = await anonymous.post("/api/auth/login", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("validation_error");
      expect(typeof answer.body.message).toBe("string");
    }
  });

  it("refuses bodies over 1 MB with a JSON 413", async () => {
    const { client } = await registerUser(server);
    const answer = await client.request("PUT", "/api/profile", {
      rawBody: JSON.stringify({ backstory: "x".repeat(1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: "Request body is too large", code: "payload_too_large" });
  });

  it("refuses unsupported content types with a JSON 415", async () => {
    const answer = await anonymous.request("POST", "/api/auth/login", {
      rawBody: "<xml/>",
      headers: { "content-type": "application/xml" },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe("unsupported_media_type");
  });

  it("sends the security headers on every response, HSTS only behind TLS", async () => {
    for (const path of ["/api/health", "/api/nope", "/", "/characters/riven-ashe.svg"]) {
      const answer = await anonymous.get(path);
      const csp = answer.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("strict-transport-security")).toBeNull();
    }
    const tls = await anonymous.get("/api/health", { "x-forwarded-proto": "https" });
    expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("serves a page saying the web client is not built, linking to /api/login", async () => {
    const answer = await anonymous.get("/");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
    expect(answer.text).toContain("web client is not built");
    expect(answer.text).toContain('href="/api/login"');
  });

  it("serves character portraits as SVG and 404s unknown ones", async () => {
    const portrait = await anonymous.get("/characters/kaelen-nightthorn.svg");
    expect(portrait.status).toBe(200);
    expect(portrait.headers.get("content-type")).toBe("image/svg+xml");
    expect(portrait.text).toContain("<svg");
    expect((await anonymous.get("/characters/nobody.svg")).status).toBe(404);
    expect((await anonymous.get("/characters/..%2F..%2Fpackage.json")).status).toBe(404);
  });
});
