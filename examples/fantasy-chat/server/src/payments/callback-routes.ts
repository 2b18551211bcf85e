import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import type { PaymentKind } from "../db/schema.js";
import { isStorableText } from "../http/validate.js";
import { isPaymentGatewayError } from "./gateways/payment-gateway.js";
import { findPayment } from "./payment-store.js";
import { confirmPayment } from "./settle-payment.js";

type CallbackResult = "success" | "failed" | "pending";

/** A trial whose card was declined is told so on its return (`setup=declined`), not "check your details". */
const trialSetupResult = (result: CallbackResult, declined: boolean) =>
  result === "failed" && declined ? "declined" : result;

/** Where the browser goes after each kind of checkout, by result. */
const DESTINATIONS: Record<
  "subscription" | "trial_setup" | "card_update",
  (result: CallbackResult, reference: string, declined: boolean) => string
> = {
  subscription: (result, reference) =>
    `/subscribe?payment=${result}&reference=${encodeURIComponent(reference)}`,
  trial_setup: (result, reference, declined) =>
    result === "success"
      ? "/"
      : `/trial-setup?setup=${trialSetupResult(result, declined)}&reference=${encodeURIComponent(reference)}`,
  card_update: (result, reference) =>
    `/subscription?card=${result}&reference=${encodeURIComponent(reference)}`,
};

/**
 * The gateway's return URLs: `GET /payment/callback?reference=…`, `GET /trial-setup/callback?reference=…` and
 * `GET /subscription/card/callback?reference=…` (Paystack adds `reference` and `trxref`). Each verifies the payment with the gateway and settles it (exactly once,
 * like every other path), then redirects: a web payment to `/subscribe?payment=success|failed|pending&reference=…`,
 * where the client shows its toast; a trial setup to `/` (or back to `/trial-setup?setup=failed|declined|pending`,
 * `declined` when the gateway declined the card); a card update to
 * `/subscription?card=success|failed|pending&reference=…`.
 *
 * The reference alone settles: it is random, known only to the payer, and a payment only ever benefits the
 * account that started it, so a browser without the session cookie (a payment window) can complete it too.
 *
 * @example
 * await app.register(callbackRoutes, { ctx });
 */
export async function callbackRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  async function resultOf(
    kind: PaymentKind,
    reference: string,
    log: FastifyBaseLogger,
  ): Promise<{ result: CallbackResult; declined: boolean }> {
    const found = reference ? await findPayment(ctx.db, reference) : null;
    if (!found || found.kind !== kind) return { result: "failed", declined: false };
    try {
      const payment = await confirmPayment(ctx, found);
      return { result: payment.status, declined: payment.failureReason === "declined" };
    } catch (error) {
      if (!isPaymentGatewayError(error)) throw error;
      log.warn({ gatewayError: error.code, reason: error.message }, "payment callback could not verify");
      return { result: "pending", declined: false };
    }
  }

  const routes = [
    ["/payment/callback", "subscription"],
    ["/trial-setup/callback", "trial_setup"],
    ["/subscription/card/callback", "card_update"],
  ] as const;
  for (const [path, kind] of routes) {
    app.get<{ Querystring: { reference?: unknown; trxref?: unknown } }>(path, async (request, reply) => {
      const given = request.query.reference ?? request.query.trxref;
      const reference = typeof given === "string" && isStorableText(given) ? given.slice(0, 100) : "";
      const { result, declined } = await resultOf(kind, reference, request.log);
      return reply.redirect(DESTINATIONS[kind](result, reference, declined), 303);
    });
  }
}
