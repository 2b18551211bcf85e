import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser } from "../auth/authenticate.js";
import type { UserRow } from "../auth/session-store.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { publicOrigin } from "../http/public-origin.js";
import { emailField, parseInput } from "../http/validate.js";
import {
  callGateway,
  paymentFailed,
  paymentIncomplete,
  paymentNotFound,
} from "../payments/payment-errors.js";
import { referenceSchema } from "../payments/payment-routes.js";
import { findPayment } from "../payments/payment-store.js";
import { confirmPayment } from "../payments/settle-payment.js";
import { cancelSubscription, resumeSubscription } from "./cancel-subscription.js";
import { subscriptionView, type SubscriptionView } from "./subscription-view.js";
import { sourceOf } from "../premium/subscription-machine.js";
import { signManagementToken } from "@purchases-web/billing-server";
import { BILLING_PROJECT_ID, billingManagementSecret } from "../billing/mount-billing.js";
import { BILLING_PREFIX } from "../system/system-routes.js";
import { startCardUpdate } from "./update-card.js";

const cardUpdateSchema = z.object({ email: emailField().optional() });

/**
 * The customer's subscription (docs/product.md, "Subscription"): `GET /api/subscription` answers the
 * {@link SubscriptionView}; `GET /api/subscription/manage` redirects a store subscriber to the billing server's
 * hosted page through a link minted for them; `POST /api/subscription/cancel` and `/resume` change it and answer the new view;
 * `POST /api/subscription/payment-method {email?}` starts a card update at the gateway (`{authorization_url,
 * reference}`; the gateway returns to `/subscription/card/callback`), and `/payment-method/complete {reference}`
 * completes it for a client that prefers JSON.
 *
 * @example
 * await api.register(subscriptionRoutes, { ctx });
 */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  async function viewOf(request: FastifyRequest, userId: string): Promise<SubscriptionView> {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    const origin = publicOrigin(request, ctx.config);
    const now = ctx.clock.now();
    // Store-paid subscriptions are managed on the billing server's hosted page (through this app, which mints the
    // link when it is followed); card-paid ones on this app's screen.
    const row = user as UserRow;
    return subscriptionView(ctx.db, row, now, {
      managementUrl:
        sourceOf(row, now).source === "store"
          ? `${origin}/api/subscription/manage`
          : `${origin}/subscription`,
    });
  }

  app.get("/subscription", async (request) => viewOf(request, requireUser(request).id));

  // The billing server's hosted page for this user: the session proves who they are, so the app mints a fresh,
  // short-lived link to it at each visit. The public SDK key cannot: its customer info only leads to a page that
  // mails a sign-in link to the purchase's address.
  app.get("/subscription/manage", async (request, reply) => {
    if (!request.user) return reply.redirect("/", 302);
    const subject = { projectId: BILLING_PROJECT_ID, appUserId: request.user.id };
    const token = signManagementToken(billingManagementSecret(ctx.config), subject, ctx.clock.now());
    return reply.redirect(`${publicOrigin(request, ctx.config)}${BILLING_PREFIX}/manage/${token}`, 302);
  });

  app.post("/subscription/cancel", async (request) => {
    const user = requireUser(request);
    await ctx.limiter.hit(ctx.limits.paymentVerify, user.id);
    await cancelSubscription(ctx.db, ctx.clock, user.id);
    return viewOf(request, user.id);
  });

  app.post("/subscription/resume", async (request) => {
    const user = requireUser(request);
    await ctx.limiter.hit(ctx.limits.paymentVerify, user.id);
    await resumeSubscription(ctx.db, ctx.clock, user.id);
    return viewOf(request, user.id);
  });

  app.post("/subscription/payment-method", async (request) => {
    const user = requireUser(request);
    const body = parseInput(cardUpdateSchema, request.body ?? {});
    await ctx.limiter.hit(ctx.limits.paymentStart, user.id);
    const origin = publicOrigin(request, ctx.config);
    const { payment, started } = await callGateway(request, () =>
      startCardUpdate(ctx, user, {
        email: body.email ?? user.email,
        callbackUrl: `${origin}/subscription/card/callback`,
        cancelUrl: `${origin}/subscription?card=cancelled`,
      }),
    );
    return { authorization_url: started.authorizationUrl, reference: payment.reference };
  });

  app.post("/subscription/payment-method/complete", async (request) => {
    const user = requireUser(request);
    const { reference } = parseInput(referenceSchema, request.body);
    await ctx.limiter.hit(ctx.limits.paymentVerify, user.id);
    const found = await findPayment(ctx.db, reference);
    if (!found || found.userId !== user.id || found.kind !== "card_update") throw paymentNotFound();
    const payment = await callGateway(request, () => confirmPayment(ctx, found));
    if (payment.status === "failed") throw paymentFailed(payment.failureReason);
    if (payment.status === "pending") throw paymentIncomplete();
    return viewOf(request, user.id);
  });
}
