// The host page the checkout benchmark opens: it imports one SDK over HTTP (purchases-web's dist/, uncached, so its
// lazy chunks and locale chunks load as on a real host; or, with `?sdk=peer`, purchases-js's ES bundle, the pinned
// devDependency) and exposes `window.bench`, which starts one flow and resolves with the milliseconds from the
// call to the frame in which the awaited element is first shown. Both SDKs are judged by the same elements.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { startSdkHostServer } from "../../scripts/sdk-host-server.mjs";

const require = createRequire(import.meta.url);
const PEER_BUNDLE = join(dirname(require.resolve("@revenuecat/purchases-js")), "Purchases.es.js");

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>purchases-web bench host</title><link rel="icon" href="data:,"></head>
<body>
<main><h1>Realmheart</h1><button id="buy" type="button">Upgrade to Premium</button></main>
<script type="module">
const sdk = new URLSearchParams(location.search).get("sdk") === "peer" ? "/peer/Purchases.es.js" : "/dist/index.mjs";
const { Purchases } = await import(sdk);

// Resolves with the time from start to the end of the first frame after ready() holds (the frame that lays it out
// and paints it: a task posted from its animation-frame callback runs once it is painted). Work an SDK forces
// before that frame (a synchronous layout) and work the frame does are counted alike.
function shownAfter(start, ready) {
  return new Promise((resolve, reject) => {
    const painted = () => resolve(performance.now() - start);
    const done = () =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = painted;
        channel.port2.postMessage(null);
      });
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
const shownWithText = (selector, text) =>
  [...document.querySelectorAll(selector)].some((element) => element.textContent.trim() === text && visible(element));
const READY = {
  testStore: () => shownWithText("button", "Test valid purchase"),
  // The card field drawn (the fake Stripe's payment element); purchases-web's form also says it is ready.
  cardForm: () =>
    visible(document.querySelector(".bench-stripe-payment")) &&
    !document.querySelector('.pw-root form[aria-busy="true"]'),
  paywall: () => shownWithText("body *", "Choose Your Destiny"),
};

// Resolves with the time from the next click's event time stamp (the input's own time) to the end of the first
// frame painted after its handlers ran: the interaction's latency as Event Timing's INP measures it.
function nextPress() {
  return new Promise((resolve) =>
    addEventListener(
      "click",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      { capture: true, once: true },
    ),
  );
}

window.bench = {
  async configure({ apiKey, appUserId, baseUrl }) {
    Purchases.configure({ apiKey, appUserId, httpConfig: { proxyURL: baseUrl }, flags: { collectAnalyticsEvents: false } });
    // A host shows its upgrade button once offerings are known; the clock starts at the click.
    const offerings = await Purchases.getSharedInstance().getOfferings({ currency: "ZAR" });
    window.__package = offerings.current.monthly;
    // A person reads the page before pressing the button: a second, for both SDKs alike.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  },
  time(flow) {
    const purchases = Purchases.getSharedInstance();
    const start = performance.now();
    const shown = shownAfter(start, READY[flow]);
    const call = flow === "paywall" ? purchases.presentPaywall({}) : purchases.purchase({ rcPackage: window.__package });
    call.catch(() => {});
    window.__press = nextPress();
    return shown;
  },
  /**
   * The cold path of a flow (testStore or cardForm): from configure, through getOfferings, straight to purchase()
   * (a deep link to buy, a paywall shown on load, a single-page app's first click) until the awaited element is
   * shown. Nothing of the SDK's lazy parts is loaded before the clock starts. Resolves with the milliseconds and
   * the requests made meanwhile (path, start and end in ms from the start), to see what waits for what. With
   * fromNavigation, the clock starts at the page's navigation instead: the SDK's own download and evaluation count.
   */
  async cold({ apiKey, appUserId, baseUrl }, flow, fromNavigation = false) {
    const start = fromNavigation ? 0 : performance.now();
    const shown = shownAfter(start, READY[flow]);
    Purchases.configure({ apiKey, appUserId, httpConfig: { proxyURL: baseUrl }, flags: { collectAnalyticsEvents: false } });
    const purchases = Purchases.getSharedInstance();
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    purchases.purchase({ rcPackage: offerings.current.monthly }).catch(() => {});
    const ms = await shown;
    const requests = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.startTime >= start)
      .map((entry) => [
        entry.name.replace(location.origin, "").replace(baseUrl, "").split("?")[0],
        Math.round(entry.startTime - start),
        Math.round(entry.responseEnd - start),
      ]);
    return { ms, requests };
  },
  /** After the Test Store modal: the press of its valid-purchase button, timed by nextPress. */
  pressed() {
    return window.__press;
  },
};
// ?auto={config}&flow=testStore: the cold path run as soon as the SDK is imported, timed from the navigation.
const auto = new URLSearchParams(location.search);
if (auto.has("auto")) window.__auto = window.bench.cold(JSON.parse(auto.get("auto")), auto.get("flow"), true);
window.__hostReady = true;
</script>
</body>
</html>
`;

/** Serves the page at `/` (`?sdk=peer` for purchases-js), dist/, locales/ and purchases-js on 127.0.0.1. */
export function startPageServer() {
  return startSdkHostServer(PAGE, { "/peer/Purchases.es.js": PEER_BUNDLE });
}
