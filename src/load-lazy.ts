import { ErrorCode } from "./errors/error-code";
import { PurchasesError } from "./errors/purchases-error";

/** The lazy parts loaded so far, by name. */
const loadedParts: Record<string, unknown> = {};

/**
 * Loads a lazy part of the SDK; a chunk that cannot be fetched (the network, a stale deployment) is a
 * NetworkError naming `what`. A part loaded before is returned at once: a browser's `import()` of a loaded chunk
 * still waits for a task, which would put the checkout a frame after the press that opens it.
 *
 * @example
 * const ui = await loadLazy("checkout", () => import("./ui/present-purchase"));
 */
export function loadLazy<T>(what: string, load: () => Promise<T>): T | Promise<T> {
  return (
    (loadedParts[what] as T | undefined) ??
    load().then(
      (part) => (loadedParts[what] = part),
      (cause: unknown) => {
        throw new PurchasesError(ErrorCode.NetworkError, `The ${what} could not be loaded.`, { cause });
      },
    )
  );
}
