// Serves a host page that embeds the built SDK: the page's HTML at `/`, and the repository's dist/ and locales/
// over HTTP (uncached, so the widget's lazy chunks and locale chunks load as on a real host), on 127.0.0.1.
// Shared by the SDK's browser tests and the checkout benchmark, which each bring their own page.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: dist/ and locales/ are served from here. */
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

const TYPES = {
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};
const SERVED = ["dist", "locales"].map((dir) => join(REPO_ROOT, dir) + sep);

/**
 * Starts the server on a free port. `files` serves more files by URL path (`{ "/peer/Purchases.es.js": path }`:
 * the peer SDK beside ours).
 *
 * @example
 * const host = await startSdkHostServer("<!doctype html><script type=module>import '/dist/index.mjs'</script>");
 * await page.goto(host.url);
 * await host.close();
 */
export async function startSdkHostServer(pageHtml, files = {}) {
  const server = createServer((request, response) => {
    void (async () => {
      const notFound = () => response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      let path;
      try {
        path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
      } catch {
        return notFound();
      }
      if (path === "/" || path === "/index.html") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(pageHtml);
        return;
      }
      const file = Object.hasOwn(files, path) ? files[path] : normalize(join(REPO_ROOT, path));
      if (!Object.hasOwn(files, path) && !SERVED.some((dir) => file.startsWith(dir))) return notFound();
      try {
        const body = await readFile(file);
        response.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
        });
        response.end(body);
      } catch {
        notFound();
      }
    })();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
