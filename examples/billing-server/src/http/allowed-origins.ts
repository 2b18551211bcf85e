import { z } from "zod";

/**
 * A web origin as browsers send it in `Origin`: `http(s)://host[:port]`, normalised (lower-case host, no default
 * port, no trailing slash), so `https://App.example/` allows the page that sends `Origin: https://app.example`. A
 * path, query, fragment or credentials make it a URL, not an origin, and are refused.
 *
 * @example
 * originSchema.parse("https://app.example/"); // "https://app.example"
 */
export const originSchema = z.string().transform((value, ctx) => {
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    // refused below
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.pathname !== "/" ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    ctx.addIssue({
      code: "custom",
      message: `"${value.slice(0, 100)}" is not an origin (write it as https://app.example or http://localhost:5173, without a path)`,
    });
    return z.NEVER;
  }
  if (url.hostname.includes("*") || url.hostname.includes("%2A")) {
    ctx.addIssue({
      code: "custom",
      message: `"${value.slice(0, 100)}" has a wildcard, which origins cannot have: list each origin (https://app.example, https://www.example.com), or * alone for any`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/**
 * `ALLOWED_ORIGINS`: origins separated by commas (each checked by {@link originSchema}), or `*` for any origin
 * (null, as a catalogue's `allowed_origins: null`).
 *
 * @example
 * allowedOriginsSchema.parse("https://app.example/, http://localhost:5173"); // ["https://app.example", "http://localhost:5173"]
 */
export const allowedOriginsSchema = z
  .string()
  .transform((value) =>
    value.trim() === "*"
      ? null
      : value
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
  )
  .pipe(z.array(originSchema).min(1, "list at least one origin, or * for any").nullable());
