import { Logger } from "../logger";

/**
 * Calls a callback of the host app; one that throws is logged with `what` (“The paywall's onBack callback
 * threw: …”), so that it cannot break the paywall or the button that called it.
 *
 * @example
 * callHost("The paywall's onPurchaseStarted", listener.onPurchaseStarted?.bind(listener), rcPackage);
 */
export function callHost<A extends unknown[]>(
  what: string,
  fn: ((...args: A) => void) | null | undefined,
  ...args: A
): void {
  try {
    fn?.(...args);
  } catch (error) {
    Logger.error(`${what} callback threw: ${String(error)}`);
  }
}
