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
