import { useUpgrade, type UpgradeState } from "./use-upgrade";

/** The line under the button for each state. */
function statusText(state: UpgradeState): string {
  switch (state.status) {
    case "loading":
      return "Loading the offering…";
    case "unavailable":
      return `Premium is unavailable: ${state.reason}`;
    case "ready":
      return "";
    case "purchasing":
      return "Complete the purchase in the checkout.";
    case "premium":
      return "Premium is active";
    case "cancelled":
      return "Purchase cancelled.";
    case "failed":
      return `Purchase failed: ${state.reason}`;
  }
}

/** An upgrade button for the monthly package and the outcome of the purchase. */
export function App() {
  const { state, upgrade } = useUpgrade();
  const product = "rcPackage" in state ? state.rcPackage.webBillingProduct : null;
  return (
    <main>
      <h1>purchases-web + Vite + React</h1>
      {product && (
        <button type="button" onClick={upgrade} disabled={state.status === "purchasing"}>
          Upgrade: {product.title}, {product.currentPrice.formattedPrice}
        </button>
      )}
      <p role="status">{statusText(state)}</p>
    </main>
  );
}
