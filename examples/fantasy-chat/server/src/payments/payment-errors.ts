import type { FastifyRequest } from "fastify";
import { ApiError } from "../http/api-error.js";
import type { PaymentFailureReason } from "./judge-transaction.js";
import { isPaymentGatewayError } from "./gateways/payment-gateway.js";

/** 404 for a reference that is unknown or belongs to someone else (the two are not told apart). */
export const paymentNotFound = () =>
  new ApiError(404, "No payment with this reference was found for your account", "payment_not_found");

/** 402 for a payment the customer has not finished (or not even started) at the gateway. */
export const paymentIncomplete = () =>
  new ApiError(402, "The payment has not been completed", "payment_incomplete");

const FAILURE_MESSAGES: Record<PaymentFailureReason, string> = {
  declined: "Your card was declined. No money was taken: try again or use another card",
  amount_mismatch: "The payment does not match the price, so nothing was granted",
  card_not_reusable: "This card cannot be saved for later payments. Please use another card",
  rejected: "The payment provider refused the payment",
  not_completed: "The payment was not completed in time",
};

/** 402 for a payment that failed, saying why. */
export function paymentFailed(reason: string | null): ApiError {
  const message = FAILURE_MESSAGES[reason as PaymentFailureReason] ?? "The payment was not successful";
  return new ApiError(402, message, "payment_failed");
}

/**
 * Runs a call that reaches the payment gateway; a gateway failure becomes a 502 the client can retry (its details
 * are logged, never sent).
 *
 * @example
 * const payment = await callGateway(request, () => confirmPayment(ctx, row));
 */
export async function callGateway<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isPaymentGatewayError(error)) throw error;
    request.log.warn({ gatewayError: error.code, reason: error.message }, "payment gateway call failed");
    throw new ApiError(
      502,
      "The payment provider could not be reached. Please try again.",
      "payment_gateway_error",
    );
  }
}
