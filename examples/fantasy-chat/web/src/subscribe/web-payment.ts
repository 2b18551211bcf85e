// The web payment through the card provider: initialize on the server, open the provider's page in a popup, and
// learn the outcome when the provider's return lands back on /subscribe in that popup (it broadcasts the reference
// and closes itself) or when the popup is closed.
import { pageNavigation } from "../api/navigation";
import { apiRequest } from "../api/request";
import { isNativePlatform } from "../native/native-shell";
import { openInSystemBrowser } from "../native/open-in-system-browser";

/** The popup's window name, which the return page recognises. */
export const PAYMENT_WINDOW = "realmheart-payment";
const CHANNEL = "realmheart-payment";
/** The premium price in ZAR cents. */
export const PREMIUM_AMOUNT_CENTS = 9900;

/** The card provider's name, as the premium button shows it. */
export function providerName(provider: string | undefined): string {
  if (provider === "paystack") return "Paystack";
  if (provider === "sandbox") return "Sandbox Pay";
  return provider ? provider.charAt(0).toUpperCase() + provider.slice(1) : "Card";
}

/** `POST /api/initialize-payment`: where to pay and the payment's reference. */
export async function initializePayment(
  email: string,
): Promise<{ authorization_url: string; reference: string }> {
  const response = await apiRequest("POST", "/api/initialize-payment", {
    amount: PREMIUM_AMOUNT_CENTS,
    email,
  });
  return (await response.json()) as { authorization_url: string; reference: string };
}

/** `POST /api/verify-payment`. */
export async function verifyPayment(reference: string): Promise<void> {
  await apiRequest("POST", "/api/verify-payment", { reference });
}

/**
 * Opens the provider's page in a popup and resolves once the payment page returned (or the popup was closed),
 * or null when the popup was blocked, in which case the page itself has gone to the provider. In the native shell
 * the page opens in the system browser instead and resolves "closed" when the user leaves it.
 *
 * @example
 * const done = await payInPopup(authorizationUrl);
 */
export function payInPopup(url: string): Promise<"returned" | "closed"> | null {
  if (isNativePlatform()) return openInSystemBrowser(url);
  const popup = window.open(url, PAYMENT_WINDOW, "popup,width=480,height=760");
  if (!popup) {
    pageNavigation.assign(url);
    return null;
  }
  return new Promise((resolve) => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    const finish = (how: "returned" | "closed") => {
      clearInterval(timer);
      channel?.close();
      resolve(how);
    };
    if (channel) channel.onmessage = () => finish("returned");
    const timer = setInterval(() => {
      if (popup.closed) finish("closed");
    }, 500);
  });
}

/**
 * On the provider's return (`/subscribe?payment=…&reference=…`): inside the payment popup, tells the opener and
 * closes; returns true then. Otherwise returns false and the page verifies the reference itself.
 */
export function reportReturnFromPopup(): boolean {
  if (window.name !== PAYMENT_WINDOW || typeof BroadcastChannel !== "function") return false;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ returned: true });
  channel.close();
  window.close();
  return true;
}
