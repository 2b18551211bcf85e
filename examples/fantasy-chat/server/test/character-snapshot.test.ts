// Issue #19: the characters are served from an in-memory snapshot with a strong ETag, rebuilt after an import,
// and seen by another instance on the same database within the snapshot's TTL.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { CHARACTER_SNAPSHOT_TTL_MS } from "../src/characters/character-snapshot.js";
import { characters } from "../src/db/schema.js";
import { FOREIGN_CARD } from "./support/cards.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  registerUser,
  startTestApp,
  type TestApp,
} from "./support/test-app.js";

describe.each(DATABASES)("the characters snapshot on %s", (kind) => {
  let server: TestApp;
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
    // A second instance on the same database, as a second process behind a load balancer would be.
    second = await buildApp({
      config: server.config,
      database: server.database,
      clock: server.clock,
      renewals: false,
    });
    secondUrl = await second.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  const list = (base: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/characters`, { headers });

  it("answers with a strong ETag and no-cache, and 304 without a body when the browser has it", async () => {
    const first = await list(server.url);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}(-gzip)?"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    expect((await list(server.url)).headers.get("etag")).toBe(etag);
    const again = await list(server.url, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await list(server.url, { "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("compresses the list for clients that accept gzip, each encoding with its own strong ETag, and 304s on either", async () => {
    const plain = await list(server.url, { "accept-encoding": "identity" });
    const gzipped = await list(server.url, { "accept-encoding": "gzip, deflate, br" });
    const refused = await list(server.url, { "accept-encoding": "br, gzip;q=0" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    for (const answer of [plain, gzipped, refused])
      expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
    const plainTag = plain.headers.get("etag")!;
    const gzipTag = gzipped.headers.get("etag")!;
    expect(plainTag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(gzipTag).toBe(`${plainTag.slice(0, -1)}-gzip"`);
    expect(refused.headers.get("etag")).toBe(plainTag);
    // fetch decompresses: both bodies are the same list.
    const [plainList, gzipList] = [await plain.json(), await gzipped.json()];
    expect(gzipList).toEqual(plainList);
    expect((plainList as unknown[]).length).toBeGreaterThan(0);
    for (const tag of [plainTag, gzipTag]) {
      expect((await list(server.url, { "accept-encoding": "gzip", "if-none-match": tag })).status).toBe(304);
    }
  });

  it("serves from memory: a row changed behind its back shows only once the TTL has passed", async () => {
    const before = (await (await list(server.url)).json()) as { id: string; title: string }[];
    await server.database.db
      .update(characters)
      .set({ title: "Changed behind the snapshot" })
      .where(eq(characters.id, before[0]!.id));
    expect(((await (await list(server.url)).json()) as typeof before)[0]!.title).toBe(before[0]!.title);
    server.clock.advance(CHARACTER_SNAPSHOT_TTL_MS + 1);
    expect(((await (await list(server.url)).json()) as typeof before)[0]!.title).toBe(
      "Changed behind the snapshot",
    );
    await server.database.db
      .update(characters)
      .set({ title: before[0]!.title })
      .where(eq(characters.id, before[0]!.id));
    server.clock.advance(CHARACTER_SNAPSHOT_TTL_MS + 1);
  });

  it("shows an import at once on the importing instance, and on the other within the TTL", async () => {
    const onSecond = (await list(secondUrl)).headers.get("etag");
    const admin = (await registerUser(server, { email: ADMIN_EMAIL })).client;
    const imported = await admin.post("/api/admin/characters/import", FOREIGN_CARD);
    expect(imported.status).toBe(201);
    const here = await list(server.url);
    expect(((await here.json()) as { id: string }[]).map((c) => c.id)).toContain(imported.body.id);
    expect(here.headers.get("etag")).not.toBe(onSecond);
    expect((await new Client(server).get(`/api/characters/${imported.body.id}`)).status).toBe(200);

    expect((await list(secondUrl)).headers.get("etag")).toBe(onSecond);
    server.clock.advance(CHARACTER_SNAPSHOT_TTL_MS + 1);
    const there = await list(secondUrl);
    expect(((await there.json()) as { id: string }[]).map((c) => c.id)).toContain(imported.body.id);
  });
});
