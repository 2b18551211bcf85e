/**
 * A non-OK answer from the server. `message` is docs/product.md's format, `"{status}: {body or status text}"`;
 * `code` and `serverMessage` are read from the JSON error body (`{ message, code? }`) when there is one, so
 * callers branch on data, never on message text.
 *
 * @example
 * if (isApiError(error) && error.status === 402) openPaywall();
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    const parsed = parseBody(body);
    this.code = parsed?.code ?? null;
    this.serverMessage = parsed?.message ?? null;
  }
  readonly code: string | null;
  readonly serverMessage: string | null;
}

function parseBody(body: string): { message: string | null; code: string | null } | null {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { message, code } = value as Record<string, unknown>;
    return {
      message: typeof message === "string" ? message : null,
      code: typeof code === "string" ? code : null,
    };
  } catch {
    return null;
  }
}

/** True for an {@link ApiError}, also across bundle copies (checks the name). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === "ApiError" && "status" in error;
}

/** Whether a send failed because a subscription is required (402, or the server's own words). */
export function needsSubscription(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 402 || error.serverMessage === "Subscription required";
}

/**
 * The server's own words for a failure (`{ message }` of its JSON error), or `fallback` when it gave none.
 *
 * @example
 * toast({ title: "Could not cancel", description: serverMessageOr(error, "Please try again") });
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}
