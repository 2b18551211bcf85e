// Requests Fastify refuses before any route, hook or error handler runs (a path that is not valid
// percent-encoding) are answered in the shape of the API they were meant for: the app's `{ message, code }` under
// /api and elsewhere, the billing protocol's `{ code, message }` under the mounted /billing.
import { loadCatalogueFile, openBillingDatabase, type BillingDatabase } from "@purchases-web/billing-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "./support/test-app.js";

// Answered before any route runs, so the app's database plays no part: PGlite only.
describe("framework errors with the billing server mounted", () => {
  let server: TestApp;
  let billing: BillingDatabase;
  beforeAll(async () => {
    billing = await openBillingDatabase();
    server = await startTestApp("pglite", {
      billing: { database: billing, catalogue: await loadCatalogueFile() },
      renewals: false,
    });
  });
  afterAll(async () => {
    await server.close();
    await billing.close();
  });

  it("answers a path that is not valid percent-encoding with the app's 400 bad_request JSON and the security headers", async () => {
    for (const path of ["/api/chats/%E0%A4%A", "/api/characters/%zz", "/%E0%A4%A"]) {
      const answer = await new Client(server).get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ message: "Bad request", code: "bad_request" });
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("leaves such a path under /billing to the billing server's own { code, message } shape", async () => {
    const answer = await new Client(server).get("/billing/v1/subscribers/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
