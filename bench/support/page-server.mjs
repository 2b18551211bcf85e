// The host page the checkout benchmark opens: it imports the built SDK from /dist over HTTP (so the widget's lazy
// chunks and locale chunks load as on a real host, uncached) and exposes `window.bench`, which starts one flow and
// resolves with the milliseconds from the call to the frame in which the awaited element is first shown.
import { startSdkHostServer } from "../../scripts/sdk-host-server.mjs";

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
export function startPageServer() {
  return startSdkHostServer(PAGE);
}
