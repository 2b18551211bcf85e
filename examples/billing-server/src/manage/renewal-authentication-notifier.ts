import { and, eq } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { products, purchases } from "../db/schema.js";
import { usableEmail } from "../domain/customer-email.js";
import { purchaseEmail } from "../domain/purchase-email.js";
import type { PendingAuthentication } from "../lifecycle/run-lifecycle.js";
import { awaitingConfirmation } from "./awaiting-confirmation.js";
import { confirmPaymentUrl, publicManagePageUrl } from "./management-link.js";
import { renewalChargeMicros, subscriptionCheckout } from "../lifecycle/renewal-charge.js";
import type { MailLog, Mailer } from "../mail/mailer.js";
import { renewalAuthenticationMail } from "./renewal-authentication-mail.js";

/** What the notifier works with. */
export type NotifierContext = Pick<BillingContext, "db" | "now" | "management">;

/** What sends the mail and hears about it. */
export interface NotifierDeps {
  mailer: Mailer;
  log: MailLog;
}

/**
 * Mails the customer of `pending` a link to the hosted page where they confirm the renewal payment their bank holds
 * (SCA): to the email of the checkout that started the subscription, else the email of their most recent purchase
 * (`purchaseEmail`; never the `$email` attribute, which anyone with the public API key can set). The link is an
 * access link working 7 days (`MAILED_LINK_TTL_MS`). It needs the Manage page with a public URL
 * (`management.publicUrl`, the CLI's PUBLIC_URL): the worker has no request to take an origin from, so without it a
 * warning says the mail cannot be sent. Nothing is sent when the payment no
 * longer waits (confirmed or cancelled meanwhile). Never throws.
 *
 * @returns whether the mail went out.
 * @example
 * await mailRenewalAuthentication(ctx, { mailer, log: app.log }, pending);
 */
export async function mailRenewalAuthentication(
  ctx: NotifierContext,
  { mailer, log }: NotifierDeps,
  pending: PendingAuthentication,
): Promise<boolean> {
  const aboutOf = ({ projectId, appUserId }: typeof pending.period) => ({
    kind: "renewal_authentication",
    projectId,
    appUserId,
  });
  let about = aboutOf(pending.period);
  try {
    // The period as it is now: the lifecycle hands over the row it claimed, before the grace period was recorded.
    const [period] = await ctx.db.select().from(purchases).where(eq(purchases.id, pending.period.id));
    if (!period?.gracePeriodExpiresDate || !awaitingConfirmation(period, ctx.now())) {
      log.info(
        { mail: about },
        "renewal confirmation mail not sent: the payment no longer waits for the customer",
      );
      return false;
    }
    // An identify call may have moved the subscription to another customer since it was claimed.
    about = aboutOf(period);
    const managePage = publicManagePageUrl(ctx, { projectId: period.projectId, appUserId: period.appUserId });
    if (!managePage) {
      const why = ctx.management
        ? "the link needs the server's public URL (management.publicUrl, PUBLIC_URL in the CLI)"
        : "the hosted Manage subscription page is off (management, MANAGEMENT_SECRET in the CLI)";
      log.warn({ mail: about }, `renewal confirmation mail cannot be sent: ${why}`);
      return false;
    }
    const checkout = await subscriptionCheckout(ctx.db, period);
    const to =
      usableEmail(checkout?.email) ??
      (await purchaseEmail(ctx.db, { projectId: period.projectId, appUserId: period.appUserId }));
    if (!to) {
      log.warn(
        { mail: about },
        "renewal confirmation mail cannot be sent: the customer has no email address",
      );
      return false;
    }
    const [product] = await ctx.db
      .select({ title: products.title })
      .from(products)
      .where(and(eq(products.projectId, period.projectId), eq(products.identifier, period.productId)));
    const mail = renewalAuthenticationMail({
      productTitle: product?.title ?? period.productId,
      amountMicros: renewalChargeMicros(checkout, pending.amountMicros, pending.currency),
      currency: pending.currency,
      confirmBy: period.gracePeriodExpiresDate,
      link: confirmPaymentUrl(managePage, period.productId),
    });
    return await mailer.send({ ...mail, to, about });
  } catch (error) {
    log.error(
      { mail: about, failure: error instanceof Error ? error.message : String(error) },
      "renewal confirmation mail failed",
    );
    return false;
  }
}

/**
 * {@link mailRenewalAuthentication} as the lifecycle's `onAuthenticationRequired` hook: the plugin's workers run with
 * it, and a test runs the lifecycle with it the same way.
 *
 * @example
 * await runLifecycle(ctx, { renewalCharger, onAuthenticationRequired: renewalAuthenticationNotifier(ctx, { mailer, log }) });
 */
export function renewalAuthenticationNotifier(
  ctx: NotifierContext,
  deps: NotifierDeps,
): (pending: PendingAuthentication) => Promise<void> {
  return async (pending) => {
    await mailRenewalAuthentication(ctx, deps, pending);
  };
}
