import { z } from "zod";
import { ApiError } from "./api-error.js";

/**
 * Parses untrusted input with a schema. Bad input becomes a 400 `validation_error` whose `fields` give each
 * invalid field's first message and whose `message` is the first of them, so a client can show it as it is.
 *
 * @example
 * const body = parseInput(loginSchema, request.body);
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const unstorable = unstorableField(value);
  if (unstorable !== null) {
    throw new ApiError(400, UNSTORABLE_MESSAGE, "validation_error", { [unstorable]: UNSTORABLE_MESSAGE });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "body";
    fields[field] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "Invalid request";
  throw new ApiError(400, first, "validation_error", fields);
}

// PostgreSQL text cannot hold NUL (the query fails: a 500), and UTF-8 cannot encode a lone UTF-16 surrogate (the
// driver would silently store U+FFFD instead of what was sent), so both are bad input wherever they appear.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = "Text cannot contain NUL characters or unpaired surrogates";

/**
 * Whether a string can be stored and compared in the database as it is: no NUL, no lone surrogate.
 *
 * @example
 * isStorableText("Ysolde"); // true
 * isStorableText("a\u0000b"); // false
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The top-level field (or "body") of a parsed JSON value holding a string or key that is not storable text, or
 * null when there is none.
 *
 * @example
 * unstorableField({ name: "ok", tags: ["a\u0000"] }); // "tags"
 */
export function unstorableField(value: unknown, field = "body", depth = 0): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : field;
  if (typeof value !== "object" || value === null || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const name = depth === 0 && !Array.isArray(value) ? key : field;
    if (!isStorableText(key)) return name;
    const found = unstorableField(item, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A string schema whose message for a missing or non-string value is `message`; its checks (min, max) keep their
 * own messages, or zod's defaults when they give none.
 *
 * @example
 * requiredString("Email is required").trim().min(1, "Email is required");
 */
export function requiredString(message: string) {
  return z.string({ error: (issue) => (issue.code === "invalid_type" ? message : undefined) });
}

/**
 * An email address field: trimmed, lower-cased (so comparisons are case-insensitive), at most 254 characters.
 *
 * @example
 * z.object({ email: emailField() });
 */
export function emailField() {
  return requiredString("Email is required")
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address").max(254, "Email must be at most 254 characters"));
}

/**
 * A person's first or last name: trimmed, required (blank is missing) and at most 50 characters, each message
 * naming the field by `label`. Sign-up and the trial form ask for the same names, so they share this rule.
 *
 * @example
 * z.object({ firstName: nameField("First name"), lastName: nameField("Last name") });
 */
export function nameField(label: string) {
  return requiredString(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be at most 50 characters`);
}

const UUID = z.uuid();

/**
 * Whether a path parameter is a UUID: anything else cannot name a row, and is answered 404 without a query
 * (PostgreSQL would reject the cast).
 *
 * @example
 * if (!isUuid(request.params.id)) throw notFound("Chat not found");
 */
export function isUuid(value: string): boolean {
  return UUID.safeParse(value).success;
}
