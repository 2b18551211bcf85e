// Database errors carry the failed statement's parameters in their message ("Failed query: …\nparams: …"), and
// those can be secrets (a card authorization code, a session digest). Whatever is logged goes through here first.

const PARAMS_LINE = /\nparams: [^\n]*/g;

/** `text` without any query parameters. */
function scrub(text: string): string {
  return text.replace(PARAMS_LINE, "\nparams: [redacted]");
}

/**
 * A one-line, secret-free description of an error, for a log field.
 *
 * @example
 * log.warn({ reason: describeError(error) }, "renewal failed");
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  return `${error.name}: ${scrub(error.message)}${cause}`.slice(0, 1000);
}

/**
 * pino's `err` serializer without query parameters in the message and stack.
 *
 * @example
 * Fastify({ logger: { serializers: { err: serializeErrorSafely } } });
 */
export function serializeErrorSafely(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrub(String(error.message)),
    stack: scrub(error.stack ?? ""),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(error.cause instanceof Error
      ? { cause: { type: error.cause.name, message: error.cause.message } }
      : {}),
  };
}

/**
 * The app's pino options: request logs carry method, URL and addresses only (bodies, which hold passwords, are
 * never logged); credentials in headers are redacted should a serializer ever include them; errors are serialized
 * without query parameters.
 *
 * @example
 * buildApp({ config, database, logger: appLoggerOptions(config.logLevel) });
 */
export function appLoggerOptions(level: string) {
  return {
    level,
    formatters: {
      // A payment reference settles its payment: logs keep only enough of it to find the payment.
      log: (object: Record<string, unknown>) =>
        typeof object.reference === "string" ? { ...object, reference: shorten(object.reference) } : object,
    },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["x-paystack-signature"]',
        'req.headers["x-webhook-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: "[redacted]",
    },
    serializers: {
      err: serializeErrorSafely,
      req: (request: {
        method?: string;
        url?: string;
        ip?: string;
        socket?: { remoteAddress?: string };
      }) => ({
        method: request.method,
        url: redactUrl(request.url ?? ""),
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
    },
  };
}

/** A credential cut to its first 6 characters, enough to find it in the database, not enough to use it. */
function shorten(value: string): string {
  return value.length > 8 ? `${value.slice(0, 6)}…` : "…";
}

/** Query parameters and path segments that work as credentials (payment references, OIDC codes, link tokens). */
const SECRET_PARAMS = new Set(["reference", "trxref", "code", "state", "token"]);
const SECRET_SEGMENTS = /(\/sandbox\/authorize\/|\/manage\/)([^/?#]+)/g;

/**
 * A request URL as the log may keep it: payment references, OIDC codes and states, and management link tokens
 * shortened (see {@link shorten}).
 *
 * @example
 * redactUrl("/payment/callback?reference=rh-4f0c9a1b2c3d"); // "/payment/callback?reference=rh-4f0…"
 */
export function redactUrl(url: string): string {
  const [path = "", query] = url.split("?", 2);
  const safePath = path.replace(
    SECRET_SEGMENTS,
    (_all, prefix: string, secret: string) => `${prefix}${shorten(secret)}`,
  );
  if (query === undefined) return safePath;
  const params = query.split("&").map((pair) => {
    const [key = "", value] = pair.split("=", 2);
    return value !== undefined && SECRET_PARAMS.has(key.toLowerCase()) ? `${key}=${shorten(value)}` : pair;
  });
  return `${safePath}?${params.join("&")}`;
}
