// The built client sent precompressed (issue #47): brotli or gzip as Accept-Encoding asks, the file itself
// otherwise or when the build wrote no such copy; robots.txt as text; the signed-out current-user answer small.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appPaths } from "../src/paths.js";
import { DATABASES, startTestApp, type TestApp } from "./support/test-app.js";

const INDEX = `<!doctype html><html lang="en"><title>Realmheart</title>${"<div></div>".repeat(50)}</html>`;
const SCRIPT = `console.log(${JSON.stringify("a dragon rider's song ".repeat(200))});`;
const STYLES = `body { color: #f6eefc; }\n${".card { padding: 1rem; }\n".repeat(100)}`;

/** A raw answer: Node's fetch would decode the body, and the test needs the bytes as sent. */
function rawRequest(
  server: TestApp,
  method: "GET" | "HEAD",
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * Whether a path may be crawled under a robots.txt for every user agent, as RFC 9309 reads it: the longest
 * matching rule wins, Allow on a tie; `*` matches any run of characters and a final `$` the end of the path.
 */
function robotsAllow(robots: string, path: string): boolean {
  let best = { length: -1, allow: true };
  for (const line of robots.split("\n")) {
    const match = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
    if (!match?.[2]) continue;
    const rule = match[2];
    const pattern = new RegExp(
      `^${rule
        .replace(/\$$/, "")
        .replace(/[.+?^{}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")}${rule.endsWith("$") ? "$" : ""}`,
    );
    if (!pattern.test(path)) continue;
    const allow = match[1]!.toLowerCase() === "allow";
    if (rule.length > best.length || (rule.length === best.length && allow))
      best = { length: rule.length, allow };
  }
  return best.allow;
}

describe.each(DATABASES)("the built client, precompressed, on %s", (kind) => {
  let server: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), "realmheart-web-"));
    await mkdir(join(webDist, "assets"));
    const files: [string, string][] = [
      ["index.html", INDEX],
      ["assets/index-3f2a.js", SCRIPT],
      ["assets/chunk-9b1c.js", SCRIPT],
      ["assets/index-77aa.css", STYLES],
    ];
    for (const [name, text] of files) await writeFile(join(webDist, name), text);
    // Both copies beside the entry and the page; the styles have only gzip; the chunk has none.
    for (const [name, text] of [files[0]!, files[1]!]) {
      await writeFile(join(webDist, `${name}.br`), brotliCompressSync(text));
      await writeFile(join(webDist, `${name}.gz`), gzipSync(text));
    }
    await writeFile(join(webDist, "assets/index-77aa.css.gz"), gzipSync(STYLES));
    server = await startTestApp(kind, { paths: { webDist, public: appPaths.public } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("sends brotli when the browser accepts it, with the brotli copy's length and the file's type and caching", async () => {
    const answer = await rawRequest(server, "GET", "/assets/index-3f2a.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it.each(["gzip", "gzip, deflate", "br;q=0, gzip", "br;q=0.5, gzip;q=0.9", "x-gzip", "*, br;q=0"])(
    "sends gzip for Accept-Encoding: %s",
    async (acceptEncoding) => {
      const answer = await rawRequest(server, "GET", "/assets/index-3f2a.js", acceptEncoding);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    },
  );

  it.each([undefined, "", "identity", "deflate", "br;q=0, gzip;q=0", "zstd"])(
    "sends the file itself for Accept-Encoding: %s",
    async (acceptEncoding) => {
      const answer = await rawRequest(server, "GET", "/assets/index-3f2a.js", acceptEncoding);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(SCRIPT)));
      expect(answer.body.toString()).toBe(SCRIPT);
    },
  );

  it("falls back to the next coding, then to the file itself, when the build wrote no copy", async () => {
    const styles = await rawRequest(server, "GET", "/assets/index-77aa.css", "br, gzip");
    expect(styles.headers["content-encoding"]).toBe("gzip");
    expect(styles.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(gunzipSync(styles.body).toString()).toBe(STYLES);

    const stylesBrOnly = await rawRequest(server, "GET", "/assets/index-77aa.css", "br");
    expect(stylesBrOnly.headers["content-encoding"]).toBeUndefined();
    expect(stylesBrOnly.body.toString()).toBe(STYLES);

    const chunk = await rawRequest(server, "GET", "/assets/chunk-9b1c.js", "br, gzip");
    expect(chunk.status).toBe(200);
    expect(chunk.headers["content-encoding"]).toBeUndefined();
    expect(chunk.headers["content-length"]).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(chunk.body.toString()).toBe(SCRIPT);
  });

  it("answers HEAD with the chosen copy's headers and no body", async () => {
    const get = await rawRequest(server, "GET", "/assets/index-3f2a.js", "br");
    const head = await rawRequest(server, "HEAD", "/assets/index-3f2a.js", "br");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.vary).toMatch(/accept-encoding/i);
    const identity = await rawRequest(server, "HEAD", "/assets/chunk-9b1c.js", "gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers["content-length"]).toBe(String(Buffer.byteLength(SCRIPT)));
  });

  it("sends index.html compressed at every client route, uncached", async () => {
    for (const path of ["/", "/chat/chat-1", "/admin"]) {
      const answer = await rawRequest(server, "GET", path, "gzip, br");
      expect(answer.headers["content-encoding"], path).toBe("br");
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(answer.body).toString()).toBe(INDEX);
    }
  });

  it("never serves a compressed copy under its own name", async () => {
    const answer = await rawRequest(server, "GET", "/assets/index-3f2a.js.br");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body.toString()).toBe(INDEX);
  });

  it("sends a portrait, for which no copy exists, as it is", async () => {
    const answer = await rawRequest(server, "GET", "/characters/riven-ashe.svg", "br, gzip");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/svg+xml");
    // Portraits ship with the server, not with the web build: no copies beside them.
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
  });

  it("answers /robots.txt as plain text that lets crawlers reach only the public pages", async () => {
    const answer = await rawRequest(server, "GET", "/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const robots = answer.body.toString();
    expect(robots).not.toContain("<html");
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const path of [
      "/",
      "/preview",
      "/assets/index-3f2a.js",
      "/characters/riven-ashe.svg",
      "/favicon.svg",
    ])
      expect(robotsAllow(robots, path), path).toBe(true);
    for (const path of [
      "/api/auth/user",
      "/api/login",
      "/admin",
      "/admin-setup",
      "/chat/chat-1",
      "/chat/new?character=riven-ashe",
      "/characters",
      "/profile",
      "/subscribe",
      "/subscription",
      "/subscription/receipts/rh-1",
      "/trial-setup",
      "/verify-email",
      "/billing/v1/subscribers/x/offerings",
      "/sandbox/authorize/ref_1",
    ])
      expect(robotsAllow(robots, path), path).toBe(false);
  });
});

describe.each(DATABASES)("on %s without a built client", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => server.close());

  it("still answers /robots.txt as plain text, and HEAD without a body", async () => {
    const get = await rawRequest(server, "GET", "/robots.txt");
    expect(get.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(get.body.toString()).toContain("Disallow: /\n");
    const head = await rawRequest(server, "HEAD", "/robots.txt");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("answers a signed-out GET /api/auth/user with a 401 of a few bytes that no cache keeps", async () => {
    const answer = await rawRequest(server, "GET", "/api/auth/user");
    expect(answer.status).toBe(401);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThanOrEqual(64);
    expect(JSON.parse(answer.body.toString())).toEqual({ message: "Unauthorized", code: "unauthorized" });
  });
});
