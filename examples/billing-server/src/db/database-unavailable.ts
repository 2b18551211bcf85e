// SQLSTATE classes and codes that mean "the database cannot be reached right now", not "this query is wrong":
// 08 connection exception, 57P01-57P03 shutdown / cannot connect now, 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres and PGlite report a lost or closed connection only in the message text.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|after calling end on the pool|PGlite is clos(ed|ing)/;

/**
 * Whether an error (or any error in its `cause` chain) says that the database is unreachable, so that the
 * request may succeed when retried later: answered 503 instead of 500.
 *
 * @example
 * isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })); // true
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    const { code, message, cause, errors } = next as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    pending.push(cause);
    // A refused connection to a host with several addresses is an AggregateError of one error per address.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
