// The client's page with the client config written in (issue #47): the first render knows it without asking
// /api/config; a value cannot close its script element; a rebuild while the server runs is served at once.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appPaths } from "../src/paths.js";
import { INLINE_CONFIG_ID, type ClientConfig } from "../src/system/client-config.js";
import { withInlineConfig } from "../src/web/app-page.js";
import { DATABASES, startTestApp, type TestApp } from "./support/test-app.js";

const CONFIG: ClientConfig = {
  sdkApiKey: "rcb_sb_realmheart",
  billingBaseUrl: "/billing",
  paymentProvider: "sandbox",
  sandboxPayments: false,
};

const page = (build: string) =>
  `<!doctype html><html lang="en"><head><title>Realmheart</title><script type="module" src="/assets/${build}.js"></script></head><body><div id="root"></div></body></html>`;

/** The config a served page carries, parsed as the client parses it. */
function inlineConfig(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${INLINE_CONFIG_ID}">(.*?)</script>`).exec(
    html,
  );
  return match ? JSON.parse(match[1]!) : null;
}

describe("withInlineConfig", () => {
  it("writes the config as JSON into the head, before anything the page loads", () => {
    const html = withInlineConfig(page("index-1"), CONFIG);
    expect(inlineConfig(html)).toEqual(CONFIG);
    expect(html.indexOf(INLINE_CONFIG_ID)).toBeLessThan(html.indexOf("</head>"));
  });

  it("escapes '<', so no value can close the script element or open another", () => {
    const hostile = { ...CONFIG, sdkApiKey: "</script><script>alert(1)</script>" };
    const html = withInlineConfig(page("index-1"), hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the page's module script's and the config's own
    expect(html).not.toContain("alert(1)</script>");
    expect(inlineConfig(html)).toEqual(hostile);
  });

  it("leaves a page without a head as it was built", () => {
    expect(withInlineConfig("<p>no head</p>", CONFIG)).toBe("<p>no head</p>");
  });
});

describe.each(DATABASES)("the client's page as served, on %s", (kind) => {
  let server: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), "realmheart-page-"));
    await writeFile(join(webDist, "index.html"), page("index-1"));
    server = await startTestApp(kind, { paths: { webDist, public: appPaths.public } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("carries what /api/config answers, at every client route, uncached", async () => {
    const config: unknown = await (await fetch(`${server.url}/api/config`)).json();
    for (const path of ["/", "/subscribe", "/chat/chat-1"]) {
      const answer = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "br" } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(answer.headers.get("cache-control")).toBe("no-cache");
      expect(inlineConfig(await answer.text()), path).toEqual(config);
    }
  });

  it("answers HEAD with the page's headers and no body", async () => {
    const answer = await fetch(`${server.url}/`, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(Number(answer.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await answer.text()).toBe("");
  });

  it("serves a rebuilt index.html at once, without a restart", async () => {
    await writeFile(join(webDist, "index.html"), page("index-2"));
    // A later modification time, whatever the file system's clock resolution.
    const later = new Date(Date.now() + 5_000);
    await utimes(join(webDist, "index.html"), later, later);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain("/assets/index-2.js");
    expect(html).not.toContain("/assets/index-1.js");
    expect(inlineConfig(html)).not.toBeNull();
  });
});
