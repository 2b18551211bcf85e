import type { PurchasesEnvironment } from "../environment";

/** Waits `ms` on the environment's timers; rejects with the signal's reason when aborted. */
export function sleep(env: PurchasesEnvironment, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      env.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = env.setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
