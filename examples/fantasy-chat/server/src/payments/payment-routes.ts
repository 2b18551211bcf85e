import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { eq } from "drizzle-orm";
import { users } from "../db/schema.js";
import { emailField, parseInput, requiredString } from "../http/validate.js";
import { subscriptionStatusAt } from "../users/subscription-status.js";
import { formatRand, PREMIUM_PRICE } from "../premium/money.js";
import { callGateway, paymentFailed, paymentIncomplete, paymentNotFound } from "./payment-errors.js";
import { publicOrigin } from "../http/public-origin.js";
import { findPayment } from "./payment-store.js";
import { confirmPayment } from "./settle-payment.js";
import { startSubscriptionCheckout } from "./start-purchase.js";

const initializeSchema = z.object({
  amount: z.literal(PREMIUM_PRICE.amount, {
    error: `Amount must be ${PREMIUM_PRICE.amount} (${formatRand(PREMIUM_PRICE.amount)}, the price of Premium Realm)`,
  }),
  email: emailField(),
});

/** A payment reference in a request body. */
export const referenceSchema = z.object({
  reference: requiredString("Reference is required")
    .trim()
    .min(1, "Reference is required")
    .max(100, "Reference must be at most 100 characters"),
});

/** The answer to a successful verification. */
export interface VerifiedPayment {
  status: "success";
  reference: string;
  subscriptionStatus: string;
  /** ISO 8601: when the paid month ends. */
  subscriptionPeriodEnd: string | null;
}

/**
 * Web payment for Premium Realm (docs/product.md): `POST /api/initialize-payment {amount: 9900, email}` starts a
 * checkout at the gateway and answers `{authorization_url, reference}`; `POST /api/verify-payment {reference}`
 * makes the user premium once the gateway reports the payment successful.
 *
 * @example
 * await api.register(paymentRoutes, { ctx });
 */
export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post("/initialize-payment", async (request) => {
    const user = requireUser(request);
    const body = parseInput(initializeSchema, request.body);
    await ctx.limiter.hit(ctx.limits.paymentStart, user.id);
    const origin = publicOrigin(request, ctx.config);
    const { payment, started } = await callGateway(request, () =>
      startSubscriptionCheckout(ctx, user, {
        email: body.email,
        callbackUrl: `${origin}/payment/callback`,
        cancelUrl: `${origin}/subscribe?payment=cancelled`,
      }),
    );
    return { authorization_url: started.authorizationUrl, reference: payment.reference };
  });

  app.post("/verify-payment", async (request) => {
    const user = requireUser(request);
    const { reference } = parseInput(referenceSchema, request.body);
    await ctx.limiter.hit(ctx.limits.paymentVerify, user.id);
    const found = await findPayment(ctx.db, reference);
    if (!found || found.userId !== user.id || found.kind !== "subscription") throw paymentNotFound();
    const payment = await callGateway(request, () => confirmPayment(ctx, found));
    if (payment.status === "failed") throw paymentFailed(payment.failureReason);
    if (payment.status === "pending") throw paymentIncomplete();
    const [fresh = user] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    return {
      status: "success",
      reference: payment.reference,
      subscriptionStatus: subscriptionStatusAt(fresh, ctx.clock.now()),
      subscriptionPeriodEnd: fresh.subscriptionPeriodEnd?.toISOString() ?? null,
    } satisfies VerifiedPayment;
  });
}
