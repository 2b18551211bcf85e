import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ClientConfig } from "../system/client-config.js";
import { notFound } from "../http/api-error.js";
import { appPage, sendAppPage, type AppPage } from "./app-page.js";
import { ROBOTS_TXT } from "./robots-txt.js";
import { resolveStaticFile, sendStaticFile } from "./static-files.js";

/** Where the web client and the portraits are read from. */
export interface WebClientOptions {
  /** The built React client (`web/dist`); when it has no index.html, a "not built" page is served at `/`. */
  webDistDir: string;
  /** Static files shipped with the server (`server/public`), such as `characters/*.svg`. */
  publicDir: string;
  /** What `GET /api/config` answers, written into the client's page. */
  clientConfig: ClientConfig;
}

/** Paths that never fall back to the client: their own handlers answer (JSON 404 when nothing matches). */
const SERVER_PREFIXES = ["/api/", "/billing/", "/sandbox/"];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Realmheart</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
  color: #f6eefc; background: #160b1f; }
main { max-width: 32rem; padding: 2rem 1rem; text-align: center; }
h1 { font-family: Georgia, serif; color: #c9a227; }
a { color: #ffd666; }
:focus-visible { outline: 3px solid #ffd666; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Realmheart</h1>
  <p>The server is running, but the web client is not built yet.</p>
  <p>Build it with <code>npm run build -w realmheart</code> and restart, or use the API directly.</p>
  <p><a href="/api/login">Sign in or create an account</a></p>
  <p><small>Realmheart is for adults only (18+).</small></p>
</main>
</body>
</html>
`;

/**
 * The client's page, made from the built index.html when first asked for and again whenever the file changes (a
 * rebuild while the server runs names new assets); null when there is no index.html.
 */
function currentAppPage(index: string, config: ClientConfig): () => Promise<AppPage | null> {
  let made: { modified: number; page: AppPage } | null = null;
  return async () => {
    const modified = await stat(index).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (modified === null) return null;
    if (made?.modified !== modified)
      made = { modified, page: appPage(await readFile(index, "utf8"), config) };
    return made.page;
  };
}

const isServerPath = (path: string) =>
  SERVER_PREFIXES.some((p) => path === p.slice(0, -1) || path.startsWith(p));

/**
 * Serves `/robots.txt`, character portraits under `/characters/*`, the built client's files (precompressed where
 * the build wrote `.br` and `.gz` siblings), and the client's page (`index.html` with the client config written
 * in, see app-page.ts) for every other GET that is not an API, billing or sandbox path (the client's router takes
 * it from there). Registered on the root instance: it installs the root
 * not-found handler.
 *
 * @example
 * await webClient(app, { webDistDir, publicDir });
 */
export async function webClient(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  const portraits = join(options.publicDir, "characters");
  const index = join(options.webDistDir, "index.html");
  const built = existsSync(index);
  const page = currentAppPage(index, options.clientConfig);

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(ROBOTS_TXT),
  );

  app.get<{ Params: { file: string } }>("/characters/:file", async (request, reply) => {
    const file = await resolveStaticFile(portraits, `/${request.params.file}`);
    if (!file) throw notFound();
    return sendStaticFile(request, reply, file, "public, max-age=86400");
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if ((request.method !== "GET" && request.method !== "HEAD") || isServerPath(path)) throw notFound();
    if (!built) {
      if (path !== "/") throw notFound();
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(NOT_BUILT_PAGE);
    }
    const asset = path === "/" ? null : await resolveStaticFile(options.webDistDir, path);
    if (asset) {
      const immutable = path.startsWith("/assets/");
      return sendStaticFile(
        request,
        reply,
        asset,
        immutable ? "public, max-age=31536000, immutable" : "no-cache",
      );
    }
    const current = await page();
    if (!current) throw notFound();
    return sendAppPage(request, reply, current);
  });
}
