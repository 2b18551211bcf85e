// The host page the checkout benchmark opens: it imports the built SDK from /dist over HTTP (so the widget's lazy
// chunks and locale chunks load as on a real host, uncached) and exposes `window.bench`, which starts one flow and
// resolves with the milliseconds from the call to the frame in which the awaited element is first shown.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { ROOT } from "./report.mjs";

const TYPES = { ".mjs": "text/javascript; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>purchases-web bench host</title><link rel="icon" href="data:,"></head>
<body>
<main><h1>Realmheart</h1><button id="buy" type="button">Upgrade to Premium</button></main>
<script type="module">
import { Purchases } from "/dist/index.mjs";

// Resolves with the time from start to the first animation frame after ready() holds: that frame paints it.
function shownAfter(start, ready) {
  return new Promise((resolve, reject) => {
    const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
    if (ready()) return done();
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    setTimeout(() => reject(new Error("not shown within 15 s")), 15000);
  });
}
const visible = (element) => !!element && element.getBoundingClientRect().width > 0;
const READY = {
  testStore: () =>
    [...document.querySelectorAll(".pw-root button")].some(
      (button) => button.textContent.includes("Test valid purchase") && visible(button),
    ),
  cardForm: () =>
    visible(document.querySelector('.pw-root form[aria-busy="false"]')) &&
    !!document.querySelector(".pw-root .bench-stripe-payment"),
  paywall: () => visible(document.querySelector(".pw-paywall [role=radio]")),
};

window.bench = {
  async configure({ apiKey, appUserId, baseUrl }) {
    Purchases.configure({ apiKey, appUserId, httpConfig: { proxyURL: baseUrl } });
    // A host shows its upgrade button once offerings are known; the clock starts at the click.
    const offerings = await Purchases.getSharedInstance().getOfferings({ currency: "ZAR" });
    window.__package = offerings.current.monthly;
  },
  time(flow) {
    const purchases = Purchases.getSharedInstance();
    const start = performance.now();
    const shown = shownAfter(start, READY[flow]);
    const call = flow === "paywall" ? purchases.presentPaywall({}) : purchases.purchase({ rcPackage: window.__package });
    call.catch(() => {});
    return shown;
  },
};
window.__hostReady = true;
</script>
</body>
</html>
`;

/** Serves the page at `/` and the repository's dist/ and locales/ on 127.0.0.1 (a free port). */
export async function startPageServer() {
  const server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
      if (path === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(PAGE);
        return;
      }
      const file = normalize(join(ROOT, path));
      if (!["dist", "locales"].some((dir) => file.startsWith(join(ROOT, dir) + sep))) {
        response.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        response.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
        });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
