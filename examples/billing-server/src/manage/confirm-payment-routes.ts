import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import { products, purchases } from "../db/schema.js";
import type { StripeOptions } from "../gateway/stripe-gateway.js";
import { awaitingConfirmation } from "./awaiting-confirmation.js";
import {
  CONFIRM_PAYMENT_CSP,
  renderConfirmPaymentPage,
  type PaymentToConfirm,
} from "./confirm-payment-page.js";
import { MANAGE_PAGE_CSP, renderInvalidLinkPage } from "./manage-page.js";
import { pickManageLocale } from "./manage-texts.js";
import { readManagementToken, type ManagementSubject } from "./manage-token.js";
import { sendPage } from "./page-layout.js";
import { renewalAmountDue } from "../lifecycle/renewal-charge.js";

/** The customer's renewal payment of `productId` that waits for them (their latest period of it), if any. */
async function paymentToConfirm(
  ctx: BillingContext,
  stripe: StripeOptions,
  subject: ManagementSubject,
  productId: string,
): Promise<PaymentToConfirm | null> {
  const [period] = await ctx.db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.projectId, subject.projectId),
        eq(purchases.appUserId, subject.appUserId),
        eq(purchases.productId, productId),
        isNotNull(purchases.expiresDate),
      ),
    )
    .orderBy(desc(purchases.expiresDate))
    .limit(1);
  const authentication = period ? awaitingConfirmation(period, ctx.now()) : null;
  if (!period?.gracePeriodExpiresDate || !authentication) return null;
  const due = await renewalAmountDue(ctx.db, period);
  if (!due) return null;
  const [product] = await ctx.db
    .select({ title: products.title })
    .from(products)
    .where(and(eq(products.projectId, period.projectId), eq(products.identifier, period.productId)));
  return {
    title: product?.title ?? period.productId,
    ...due,
    confirmBy: period.gracePeriodExpiresDate,
    stripe: {
      publishableKey: stripe.publishableKey,
      accountId: stripe.accountId ?? null,
      clientSecret: authentication.clientSecret,
      paymentMethodId: authentication.paymentMethodId,
    },
  };
}

/**
 * The hosted page where a customer confirms a renewal payment their bank holds (SCA), linked from the mail and from
 * the Manage page: `GET {prefix}/manage/:token/confirm-payment?product=ID[&lang=]`. An access token is the
 * credential, as for the Manage page: a forged, expired or old-format one, or an entry token (the `management_url`
 * anyone with the public key gets), gets the invalid-link page (404). With nothing waiting for confirmation (paid
 * meanwhile, grace period over, another product, or no Stripe configured), the page says so (200). Stripe reports
 * the confirmed payment by webhook, which renews the subscription.
 *
 * @example
 * await app.register(confirmPaymentRoutes, { ctx, stripe });
 */
export async function confirmPaymentRoutes(
  app: FastifyInstance,
  { ctx, stripe }: { ctx: BillingContext; stripe: StripeOptions | null },
) {
  const management = ctx.management;
  if (!management) return;
  app.get<{ Params: { token: string }; Querystring: { product?: unknown; lang?: unknown } }>(
    "/manage/:token/confirm-payment",
    { config: { public: true } },
    async (request, reply) => {
      const locale = pickManageLocale(request.query.lang, request.headers["accept-language"]);
      const subject = readManagementToken(management.secret, request.params.token, ctx.now());
      if (!subject) return sendPage(reply, 404, MANAGE_PAGE_CSP, renderInvalidLinkPage(locale));
      const productId = typeof request.query.product === "string" ? request.query.product.slice(0, 200) : "";
      const payment = stripe ? await paymentToConfirm(ctx, stripe, subject, productId) : null;
      const page = renderConfirmPaymentPage({
        locale,
        managePage: `${management.prefix}/manage/${request.params.token}`,
        payment,
      });
      return sendPage(reply, 200, payment ? CONFIRM_PAYMENT_CSP : MANAGE_PAGE_CSP, page);
    },
  );
}
