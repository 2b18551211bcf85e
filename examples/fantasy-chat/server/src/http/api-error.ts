/** Machine-readable reasons the API gives with an error; clients branch on these, never on the message. */
export type ApiErrorCode =
  | "validation_error"
  | "invalid_json"
  | "payload_too_large"
  | "unsupported_media_type"
  | "bad_request"
  | "unauthorized"
  | "invalid_credentials"
  | "email_taken"
  | "cross_origin"
  | "admin_only"
  | "age_not_verified"
  | "trial_expired"
  | "quota_exhausted"
  | "premium_character"
  | "content_policy"
  | "crisis_support"
  | "not_found"
  | "last_admin"
  | "rate_limited"
  | "reply_failed"
  | "not_latest_reply"
  | "too_many_versions"
  | "not_own_message"
  | "invalid_card"
  | "payment_not_found"
  | "payment_incomplete"
  | "payment_failed"
  | "payment_gateway_error"
  | "already_subscribed"
  | "trial_already_started"
  | "no_subscription"
  | "store_managed"
  | "renewal_in_progress"
  | "subscription_ended"
  | "not_refundable"
  | "invalid_link"
  | "already_verified"
  | "password_required"
  | "refund_in_progress"
  | "invalid_signature"
  | "oidc_failed"
  | "service_unavailable"
  | "internal";

/** The JSON body of every error the API sends. `fields` names each invalid field with its message. */
export interface ApiErrorBody {
  message: string;
  code?: ApiErrorCode;
  fields?: Record<string, string>;
}

/**
 * An expected failure with its HTTP status; the error handler turns it into `{ message, code }`.
 *
 * @example
 * throw new ApiError(402, "Subscription required", "quota_exhausted");
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ApiErrorCode,
    readonly fields?: Record<string, string>,
    /** Seconds until the caller may try again (sent as Retry-After): a rate limit, an unreachable database. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The response body. */
  toBody(): ApiErrorBody {
    return {
      message: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

/** 401 for a request without a valid session. */
export const unauthorized = () => new ApiError(401, "Unauthorized", "unauthorized");
/** 403 with the reason in the code. */
export const forbidden = (code: ApiErrorCode) => new ApiError(403, "Forbidden", code);
/** 402 with the reason in the code. */
export const subscriptionRequired = (code: ApiErrorCode) => new ApiError(402, "Subscription required", code);
/** 404 for something that does not exist or that the caller may not see. */
export const notFound = (message = "Not found") => new ApiError(404, message, "not_found");
/** 429 with Retry-After. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    "Too many requests. Please wait and try again.",
    "rate_limited",
    undefined,
    retryAfterSeconds,
  );

/** How long a client waits before retrying when the database cannot be reached (sent as Retry-After). */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_S = 5;

/** 503 with Retry-After when the database cannot be reached (a restart, a network drop): a retry may succeed. */
export const serviceUnavailable = () =>
  new ApiError(
    503,
    "The service is briefly unavailable. Please try again in a few seconds.",
    "service_unavailable",
    undefined,
    SERVICE_UNAVAILABLE_RETRY_AFTER_S,
  );
