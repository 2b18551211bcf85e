// Paystack's payment page in the shell: not a popup of the web view (whose return could not reach the app's
// page) but the system browser sheet, loaded lazily so the web bundle does not carry the plugin.

/**
 * Opens `url` in the system browser (SFSafariViewController / Custom Tabs) and resolves once the user closes
 * it; the payment's callback has settled it server-side by then, and the caller verifies the reference.
 *
 * @example
 * await openInSystemBrowser(payment.authorization_url);
 */
export async function openInSystemBrowser(url: string): Promise<"closed"> {
  const { Browser } = await import("@capacitor/browser");
  let finished!: () => void;
  const closed = new Promise<"closed">((resolve) => {
    finished = () => resolve("closed");
  });
  const handle = await Browser.addListener("browserFinished", () => finished());
  try {
    await Browser.open({ url, presentationStyle: "popover" });
    return await closed;
  } finally {
    await handle.remove();
  }
}
