import { loadCatalogueFile } from "@purchases-web/billing-server";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appPaths } from "../src/paths.js";
import { Client, DATABASES, startTestApp, type TestApp } from "./support/test-app.js";
import { openTestBillingDatabase, type TestBillingDatabase } from "./support/billing-database.js";

const INDEX = '<!doctype html><html lang="en"><title>Realmheart</title><div id="root"></div></html>';

describe.each(DATABASES)("billing server and web client mounted on %s", (kind) => {
  let server: TestApp;
  let billing: TestBillingDatabase;
  let webDist: string;

  beforeAll(async () => {
    billing = await openTestBillingDatabase(kind);
    webDist = await mkdtemp(join(tmpdir(), "realmheart-web-"));
    await mkdir(join(webDist, "assets"));
    await writeFile(join(webDist, "index.html"), INDEX);
    await writeFile(join(webDist, "assets", "index-3f2a.js"), "console.log('app');");
    await writeFile(join(webDist, "favicon.ico"), "icon");
    server = await startTestApp(kind, {
      billing: { database: billing.database, catalogue: await loadCatalogueFile() },
      paths: { webDist, public: appPaths.public },
    });
  });
  afterAll(async () => {
    await server.close();
    await billing.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("serves the billing server's offerings under /billing with the shipped catalogue's test key", async () => {
    const answer = await new Client(server).get("/billing/v1/subscribers/app-user-1/offerings", {
      authorization: "Bearer test_realmheart_local",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.offerings.length).toBeGreaterThan(0);
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("leaves /billing errors to the billing server's own JSON shape", async () => {
    const noKey = await new Client(server).get("/billing/v1/subscribers/app-user-1/offerings");
    expect(noKey.status).toBe(401);
    expect(noKey.body).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });

  it("serves the built client's files, with immutable caching for hashed assets", async () => {
    const client = new Client(server);
    const asset = await client.get("/assets/index-3f2a.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await client.get("/favicon.ico")).headers.get("content-type")).toBe("image/x-icon");
    const root = await client.get("/");
    expect(root.text).toBe(INDEX);
    expect(root.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers client routes with index.html so the client's router can take over", async () => {
    const client = new Client(server);
    for (const path of [
      "/characters",
      "/chat/new?character=riven-ashe",
      "/profile",
      "/admin",
      "/no/such/page",
    ]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text).toBe(INDEX);
    }
    expect((await client.get("/characters/riven-ashe.svg")).headers.get("content-type")).toBe(
      "image/svg+xml",
    );
  });

  it("never serves files outside the client's folder", async () => {
    const client = new Client(server);
    for (const path of [
      "/..%2Fpackage.json",
      "/assets/..%2F..%2F..%2Fpackage.json",
      "/%2e%2e/%2e%2e/package.json",
    ]) {
      const answer = await client.get(path);
      expect(answer.text, path).not.toContain('"name"');
    }
  });

  it("never falls back to the client for API, billing and sandbox paths or non-GET requests", async () => {
    const client = new Client(server);
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["GET", "/sandbox/authorize/ref_1"],
      ["POST", "/profile"],
    ] as const) {
      const answer = await client.request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/application\/json/);
    }
  });
});
