// Renewals whose bank wants the customer to confirm them (SCA), through the fake Stripe: a subscriber bought with a
// card that the bank will challenge, and a lifecycle pass that charges cards and mails the confirmation link as the
// plugin's workers do.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { purchases } from "../../src/db/schema.js";
import { StripeGateway } from "../../src/gateway/stripe-gateway.js";
import { cardRenewalCharger } from "../../src/lifecycle/card-renewal-charger.js";
import { runLifecycle } from "../../src/lifecycle/run-lifecycle.js";
import { createMailer, type MailLog } from "../../src/mail/mailer.js";
import type { MailOptions } from "../../src/mail/mail-options.js";
import { renewalAuthenticationNotifier } from "../../src/manage/renewal-authentication-notifier.js";
import type { ManagementLinks } from "../../src/manage/management-link.js";
import { signManagementToken } from "../../src/manage/manage-token.js";
import { buyThroughStripe, type CheckoutServer } from "./checkout-server.js";

const DAY = 86_400_000;

/** A log that drops everything. */
export const SILENT_LOG: MailLog = { info() {}, warn() {}, error() {} };

/**
 * A customer whose week of trial has ended (the clock moved 8 days), with a card their bank will ask them to
 * confirm the first paid renewal on; the renewal is not charged yet.
 */
export async function subscriberWhoseBankWillAsk(checkout: CheckoutServer) {
  const appUserId = `sca_${randomUUID()}`;
  const { intent } = await buyThroughStripe(checkout, appUserId);
  checkout.stripe.setCardBehaviour(intent.payment_method as string, "requires_authentication");
  checkout.server.clock.advance(8 * DAY);
  return { appUserId, email: `${appUserId}@example.com` };
}

/**
 * One lifecycle pass at the server's clock: renewals charged to the saved cards through the fake Stripe, and a
 * payment the bank holds mailed to its customer through `mail` (none: only logged) with a link under `management`.
 */
export async function renewWithCards(
  checkout: CheckoutServer,
  options: { mail: MailOptions | null; management: ManagementLinks | null; log?: MailLog },
) {
  const { server } = checkout;
  const log = options.log ?? SILENT_LOG;
  const ctx = { db: server.database.db, now: () => server.clock.now, management: options.management };
  const mailer = createMailer(options.mail, log);
  try {
    return await runLifecycle(ctx, {
      renewalCharger: cardRenewalCharger(ctx, new StripeGateway(checkout.stripe.options)),
      onAuthenticationRequired: renewalAuthenticationNotifier(ctx, { mailer, log }),
    });
  } finally {
    mailer.close();
  }
}

/** The customer's period whose renewal payment waits for them, with what Stripe.js needs to confirm it. */
export async function waitingPeriod(checkout: CheckoutServer, appUserId: string) {
  const rows = await checkout.server.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.appUserId, appUserId));
  const waiting = rows.find((r) => r.renewalAuthentication !== null && r.lifecycleHandledAt === null);
  if (!waiting?.renewalAuthentication) throw new Error(`no renewal of ${appUserId} waits for authentication`);
  return { ...waiting, renewalAuthentication: waiting.renewalAuthentication };
}

/** The confirmation page of a customer's subscription, with a freshly signed management link. */
export function confirmPageUrl(
  checkout: CheckoutServer,
  secret: string,
  appUserId: string,
  productId: string,
) {
  const token = signManagementToken(
    secret,
    { projectId: "realmheart", appUserId },
    checkout.server.clock.now,
  );
  return `${checkout.server.url}/manage/${token}/confirm-payment?product=${productId}`;
}
