// The merchant API's v2 routes answer errors as RevenueCat's REST API v2 does (an `error` object with a type, the
// parameter at fault and whether a retry may help); its v1 routes keep the protocol's `{ code, message }`.
import { z } from "zod";
import { BillingErrorCode } from "./billing-error.js";

/** The kinds of v2 error, by what went wrong. */
export type MerchantErrorType =
  | "parameter_error"
  | "invalid_request"
  | "authentication_error"
  | "authorization_error"
  | "resource_missing"
  | "resource_already_exists"
  | "resource_locked_error"
  | "unprocessable_entity_error"
  | "rate_limit_error"
  | "store_error"
  | "server_error";

/** Where the error types are explained: the package README's section. */
const DOC_URL = "@purchases-web/billing-server/README.md#errors";

/** A v2 error's body. */
export const merchantErrorBody = z.object({
  object: z.literal("error"),
  type: z.string().describe("What went wrong: parameter_error, resource_missing, authorization_error…"),
  param: z.string().optional().describe("The parameter at fault, when one is."),
  message: z.string(),
  retryable: z.boolean().describe("Whether the same request may succeed later."),
  doc_url: z.string(),
  backoff_ms: z.number().int().optional().describe("How long to wait before retrying (rate_limit_error)."),
});

/** A v1 error's body (the protocol's). */
export const protocolErrorBody = z.object({ code: z.number().int(), message: z.string() });

/**
 * A refusal of a v2 merchant route, answered as RevenueCat's v2 error object.
 *
 * @example
 * throw new MerchantError(404, "resource_missing", "Customer not found.", { param: "customer_id" });
 */
export class MerchantError extends Error {
  override readonly name = "MerchantError";
  readonly param: string | undefined;
  readonly retryAfterS: number | undefined;
  constructor(
    readonly statusCode: number,
    readonly type: MerchantErrorType,
    message: string,
    options: { param?: string; retryAfterS?: number } = {},
  ) {
    super(message);
    this.param = options.param;
    this.retryAfterS = options.retryAfterS;
  }

  /** The answer's body. */
  body(): z.infer<typeof merchantErrorBody> {
    return {
      object: "error",
      type: this.type,
      ...(this.param ? { param: this.param } : {}),
      message: this.message,
      retryable: this.statusCode === 429 || this.statusCode === 409 || this.statusCode >= 500,
      doc_url: DOC_URL,
      ...(this.retryAfterS !== undefined ? { backoff_ms: this.retryAfterS * 1000 } : {}),
    };
  }
}

/**
 * The v2 error type of an HTTP status, for refusals that domain functions raise in the protocol's shape.
 *
 * @example
 * merchantErrorTypeOf(404); // "resource_missing"
 */
export function merchantErrorTypeOf(status: number): MerchantErrorType {
  if (status === 400) return "parameter_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "authorization_error";
  if (status === 404) return "resource_missing";
  if (status === 409) return "resource_locked_error";
  if (status === 422) return "unprocessable_entity_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "server_error";
  return "invalid_request";
}

/** The protocol code a v1 merchant route answers for a status it refuses with. */
export function protocolCodeOf(status: number): number {
  if (status === 401 || status === 403) return BillingErrorCode.InvalidApiKey;
  if (status >= 500) return BillingErrorCode.InternalServerError;
  return BillingErrorCode.BadRequest;
}
