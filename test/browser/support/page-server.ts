// A tiny host page for the real-browser tests: serves an HTML page that imports the built SDK from /dist over
// HTTP (so the widget's lazy chunks and locale chunks load as on a real host), plus /locales, on 127.0.0.1.
import { startSdkHostServer, type SdkHostServer } from "../../../scripts/sdk-host-server.mjs";

export { REPO_ROOT } from "../../../scripts/sdk-host-server.mjs";

// The page: a heading, the opener button, and functions the tests call. `hostConfigure` configures Purchases;
// the button starts purchase() on the current offering's monthly package and stores the outcome on window;
// `__Purchases` is the SDK's class, for tests that call other methods.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Realmheart: purchases-web browser test host</title>
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>Realmheart</h1>
<p>Unlock unlimited messages with Premium.</p>
<button id="buy" type="button">Upgrade to Premium</button>
</main>
<script type="module">
import { Purchases, isPurchasesError } from "/dist/index.mjs";
let options = {};
window.__outcome = null;
window.__Purchases = Purchases;
window.hostConfigure = (config) => {
  options = config.purchase ?? {};
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  Purchases.configure({
    apiKey: config.apiKey,
    appUserId: config.appUserId,
    httpConfig: { proxyURL: config.baseUrl },
  });
};
document.getElementById("buy").addEventListener("click", async () => {
  window.__outcome = { status: "pending" };
  try {
    const purchases = Purchases.getSharedInstance();
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    const rcPackage = offerings.current && offerings.current.monthly;
    if (!rcPackage) throw new Error("no monthly package in the current offering");
    const result = await purchases.purchase({ rcPackage, ...options });
    window.__outcome = {
      status: "resolved",
      appUserId: result.customerInfo.originalAppUserId,
      activeEntitlements: Object.keys(result.customerInfo.entitlements.active),
      productIdentifier: result.storeTransaction ? result.storeTransaction.productIdentifier : null,
      storeTransactionId: result.storeTransaction ? result.storeTransaction.storeTransactionId : null,
      operationSessionId: result.operationSessionId,
    };
  } catch (error) {
    window.__outcome = {
      status: "rejected",
      isPurchasesError: isPurchasesError(error),
      errorCode: error && error.errorCode,
      message: String(error && error.message),
    };
  }
});
window.__hostReady = true;
</script>
</body>
</html>
`;

export type { SdkHostServer as PageServer } from "../../../scripts/sdk-host-server.mjs";

/** Serves the host page at `/` and the repository's dist/ and locales/ on 127.0.0.1 (a free port). */
export function startPageServer(): Promise<SdkHostServer> {
  return startSdkHostServer(PAGE);
}
