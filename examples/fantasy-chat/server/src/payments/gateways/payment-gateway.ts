import type { GatewayName } from "../../db/schema.js";

/** What the app asks a gateway to collect. */
export interface InitializeInput {
  /** The app's own reference (random, unique); the gateway keeps it. */
  reference: string;
  email: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Where the gateway sends the browser back to, with `?reference=` appended. */
  callbackUrl: string;
  /** What is being paid for, in the customer's words (shown on the sandbox page, kept in Paystack's metadata). */
  description: string;
  /** Where the gateway sends the browser when the customer cancels (when it supports it). */
  cancelUrl?: string;
  metadata?: Record<string, string>;
}

/** A started checkout: the browser is sent to `authorizationUrl`. */
export interface InitializedTransaction {
  authorizationUrl: string;
  reference: string;
}

/** What a customer may see of a card: never enough to charge it. */
export interface CardDetails {
  /** Lower case, as the gateway names it: "visa", "mastercard", … */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A card authorization the gateway created from a successful charge. */
export interface CardAuthorization {
  /** A credential that can be charged again when `reusable`. Never log it. */
  code: string;
  reusable: boolean;
  /** The card's visible details, when the gateway reports them. */
  card?: CardDetails | null;
}

/** A gateway's statuses, reduced to what the app acts on. */
export type GatewayTransactionStatus = "success" | "failed" | "pending";

/** A transaction as the gateway reports it (verification, a charge, or a webhook). */
export interface GatewayTransaction {
  reference: string;
  status: GatewayTransactionStatus;
  amount: number;
  currency: string;
  authorization: CardAuthorization | null;
  customerEmail: string | null;
  /** The gateway's words for the outcome ("Approved", "Declined"), for logs and support; never a secret. */
  gatewayResponse: string | null;
}

/** A charge on a saved authorization. */
export interface ChargeInput {
  authorizationCode: string;
  email: string;
  amount: number;
  currency: string;
  reference: string;
}

/**
 * A card payment gateway: Paystack, or the built-in sandbox that behaves like it.
 *
 * @example
 * const { authorizationUrl } = await gateway.initialize({ reference, email, amount: 9900, currency: "ZAR", callbackUrl });
 * const transaction = await gateway.verify(reference); // after the browser comes back
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  initialize(input: InitializeInput): Promise<InitializedTransaction>;
  /** The transaction with this reference, or null when the gateway does not know it. */
  verify(reference: string): Promise<GatewayTransaction | null>;
  /** Charges a saved authorization; a declined charge is a transaction with status `failed`, not an error. */
  chargeAuthorization(input: ChargeInput): Promise<GatewayTransaction>;
  /**
   * Refunds a successful transaction in full, once: the reference is the key, and a second refund of it is refused
   * (`rejected`), as Paystack refuses a transaction already reversed.
   */
  refund(reference: string): Promise<void>;
}

/**
 * Why a gateway call did not produce an answer: `unavailable` (network, timeout, a 5xx: try again later),
 * `rejected` (the gateway refused the request, e.g. an unknown authorization) or `invalid_response`.
 */
export type PaymentGatewayErrorCode = "unavailable" | "rejected" | "invalid_response";

/**
 * A failed gateway call. Its message is safe to log: it never contains the secret key or an authorization code.
 *
 * @example
 * if (isPaymentGatewayError(error) && error.code === "unavailable") retryLater();
 */
export class PaymentGatewayError extends Error {
  override readonly name = "PaymentGatewayError";

  constructor(
    readonly code: PaymentGatewayErrorCode,
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether `error` is a {@link PaymentGatewayError} (by name, so it works across module copies). */
export function isPaymentGatewayError(error: unknown): error is PaymentGatewayError {
  return error instanceof Error && error.name === "PaymentGatewayError";
}
