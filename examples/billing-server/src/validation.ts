import type { z } from "zod";
import { badRequest } from "./billing-error.js";

/** Parses untrusted input with a schema; bad input becomes a 400 with a code and the first problem named. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, code?: number): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw badRequest(`Invalid request. ${where}${issue?.message ?? "malformed input"}`, code);
  }
  return result.data;
}
