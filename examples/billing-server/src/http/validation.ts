import type { z } from "zod";
import { badRequest } from "./billing-error.js";

// PostgreSQL text cannot hold NUL, UTF-8 cannot encode a lone UTF-16 surrogate (drivers silently store U+FFFD
// instead), and PGlite reads a value that starts with U+FEFF back without it (its text decoder drops a leading
// byte order mark). Such input is refused, so that whatever is accepted is stored exactly as it was sent.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|^\ufeff|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path (for the error message) of the first string or key that cannot be stored, else null. Iterative:
 * a 1 MiB body can nest deeper than the call stack.
 */
function unstorableTextAt(input: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) return path;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return [...path, "(key)"];
        stack.push({ value: item, path: path.length < 10 ? [...path, key] : path });
      }
    }
  }
  return null;
}

/**
 * Parses untrusted input with a schema; bad input becomes a 400 with a code and the first problem named.
 * Strings and keys with NUL or lone surrogates are bad input wherever they appear.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, code?: number): z.infer<T> {
  const unstorable = unstorableTextAt(value);
  if (unstorable) {
    const where = unstorable.length ? `${unstorable.map((p) => p.slice(0, 50)).join(".")}: ` : "";
    throw badRequest(
      `Invalid request. ${where}text must be valid Unicode without NUL characters or a leading byte order mark`,
      code,
    );
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw badRequest(`Invalid request. ${where}${issue?.message ?? "malformed input"}`, code);
  }
  return result.data;
}
