import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { emailField, nameField, parseInput } from "../http/validate.js";
import { freeMessagesUsed } from "../users/free-allowance.js";
import { toUserView } from "../users/user-view.js";
import { callGateway, paymentFailed, paymentIncomplete, paymentNotFound } from "./payment-errors.js";
import { publicOrigin } from "../http/public-origin.js";
import { referenceSchema } from "./payment-routes.js";
import { findPayment } from "./payment-store.js";
import { confirmPayment } from "./settle-payment.js";
import { startTrialSetup } from "./start-purchase.js";

/** The trial form (docs/product.md): all three fields are required. */
const trialSchema = z.object({
  email: emailField(),
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
});

/**
 * The 7-day trial's card setup (docs/product.md): `POST /api/setup-trial {email, firstName, lastName}` starts a
 * R1.00 card check at the gateway and answers `{status: true, message, data: {authorization_url, reference}}`; the
 * gateway returns the browser to `/trial-setup/callback` (see `callback-routes.ts`). `POST /api/trial/complete
 * {reference}` does the same completion for a client that prefers JSON, answering the updated user.
 *
 * @example
 * await api.register(trialRoutes, { ctx });
 */
export async function trialRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post("/setup-trial", async (request) => {
    const user = requireUser(request);
    const body = parseInput(trialSchema, request.body);
    await ctx.limiter.hit(ctx.limits.paymentStart, user.id);
    const origin = publicOrigin(request, ctx.config);
    const { payment, started } = await callGateway(request, () =>
      startTrialSetup(ctx, user, {
        email: body.email,
        callbackUrl: `${origin}/trial-setup/callback`,
        cancelUrl: `${origin}/trial-setup`,
        metadata: { first_name: body.firstName, last_name: body.lastName },
      }),
    );
    return {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: started.authorizationUrl, reference: payment.reference },
    };
  });

  app.post("/trial/complete", async (request) => {
    const user = requireUser(request);
    const { reference } = parseInput(referenceSchema, request.body);
    await ctx.limiter.hit(ctx.limits.paymentVerify, user.id);
    const found = await findPayment(ctx.db, reference);
    if (!found || found.userId !== user.id || found.kind !== "trial_setup") throw paymentNotFound();
    const payment = await callGateway(request, () => confirmPayment(ctx, found));
    if (payment.status === "failed") throw paymentFailed(payment.failureReason);
    if (payment.status === "pending") throw paymentIncomplete();
    const now = ctx.clock.now();
    const [fresh = user] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    return toUserView(fresh, await freeMessagesUsed(ctx.db, user.id, now), now);
  });
}
