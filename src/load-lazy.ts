import { ErrorCode } from "./errors/error-code";
import { PurchasesError } from "./errors/purchases-error";

/** The lazy parts loaded so far, by name. */
const loadedParts: Record<string, unknown> = {};
/** The lazy parts being loaded, by name: every caller meanwhile waits for the same import. */
const loadingParts: Record<string, Promise<unknown>> = {};

/**
 * Loads a lazy part of the SDK; a chunk that cannot be fetched (the network, a stale deployment) is a
 * NetworkError naming `what`, and the next call tries again. A part loaded before is returned at once: a
 * browser's `import()` of a loaded chunk still waits for a task, which would put the checkout a frame after the
 * press that opens it. Callers while it loads share one import, and are answered in the order they asked.
 *
 * @example
 * const ui = await loadLazy("checkout", () => import("./ui/present-purchase"));
 */
export function loadLazy<T>(what: string, load: () => Promise<T>): T | Promise<T> {
  if (what in loadedParts) return loadedParts[what] as T;
  return (loadingParts[what] ??= load().then(
    (part) => {
      delete loadingParts[what];
      return (loadedParts[what] = part);
    },
    (cause: unknown) => {
      delete loadingParts[what];
      throw new PurchasesError(ErrorCode.NetworkError, `The ${what} could not be loaded.`, { cause });
    },
  )) as Promise<T>;
}
