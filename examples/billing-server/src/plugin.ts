import type { FastifyInstance } from "fastify";
import type { Catalogue } from "./catalogue/catalogue-schema.js";
import { startOnCatalogue } from "./catalogue/catalogue-versions.js";
import type { BillingContext } from "./context.js";
import type { BillingDatabase } from "./db/database.js";
import { requireApiKey, testStoreOnByDefault } from "./http/api-key-auth.js";
import { useCors } from "./http/cors.js";
import { useBillingErrorHandler } from "./http/error-handler.js";
import { SECURITY_HEADERS } from "./http/security-headers.js";
import { catalogueRoutes } from "./routes/catalogue-routes.js";
import { healthRoutes } from "./routes/health-routes.js";
import { subscriberRoutes } from "./routes/subscriber-routes.js";
import { workflowRoutes } from "./routes/workflow-routes.js";
import { receiptRoutes } from "./routes/receipt-routes.js";
import { eventRoutes } from "./routes/event-routes.js";
import { subscriptionAdminRoutes } from "./routes/subscription-admin-routes.js";
import type { RenewalCharger } from "./lifecycle/renewal-charger.js";
import { checkWebhookEndpoints, type WebhookEndpoints } from "./webhooks/deliver-due-webhooks.js";
import { runWorkersWith } from "./lifecycle/start-workers.js";
import { checkoutRoutes } from "./routes/checkout-routes.js";
import { managePageRoutes } from "./manage/manage-routes.js";
import { stripeWebhookRoutes } from "./routes/stripe-webhook-routes.js";
import { StripeGateway, type StripeOptions } from "./gateway/stripe-gateway.js";
import { cardRenewalCharger } from "./lifecycle/card-renewal-charger.js";
import { confirmPaymentRoutes } from "./manage/confirm-payment-routes.js";
import { checkMailOptions, type MailOptions } from "./mail/mail-options.js";
import { createMailer } from "./mail/mailer.js";
import { renewalAuthenticationNotifier } from "./manage/renewal-authentication-notifier.js";
import { MerchantApi } from "./merchant/merchant-route.js";
import { merchantV1Routes } from "./routes/merchant-v1-routes.js";
import { merchantCustomerRoutes } from "./routes/merchant-customer-routes.js";
import { merchantSubscriptionRoutes } from "./routes/merchant-subscription-routes.js";
import { merchantProductRoutes } from "./routes/merchant-product-routes.js";
import { merchantEntitlementRoutes } from "./routes/merchant-entitlement-routes.js";
import { merchantOfferingRoutes } from "./routes/merchant-offering-routes.js";
import { merchantMetricsRoutes } from "./routes/merchant-metrics-routes.js";
import { merchantWebhookRoutes } from "./routes/merchant-webhook-routes.js";
import { merchantAuditRoutes } from "./routes/merchant-audit-routes.js";
import { openApiRoutes } from "./routes/openapi-routes.js";

/** Options of the billing server plugin. */
export interface BillingServerOptions {
  database: BillingDatabase;
  /**
   * Host-app webhooks by project id (`"*"` for every project without its own): every entitlement change is POSTed
   * there, signed (see `webhookAuthHeaders`) and retried until acknowledged; every attempt is kept, listed and
   * replayable through the merchant API (`/v2/projects/:project_id/webhooks/…`). Events of projects without one wait
   * in the outbox. `secret` may be several while one is rotated: each signs every delivery (receivers accept any of
   * theirs), and the first is sent as the bearer token and the body signature of older receivers.
   */
  webhooks?: Record<string, { url: string; secret: string | string[] }>;
  /**
   * Charges renewals. By default card renewals are charged off-session to the card saved at checkout through
   * `stripe` (sandbox ones in Stripe's test mode), Test Store renewals succeed, and card renewals fail without
   * `stripe`.
   */
  renewalCharger?: RenewalCharger;
  /**
   * Enables the server-to-server routes (cancel a subscription, mint a Manage subscription link) for requests whose
   * `X-Billing-Admin-Secret` header equals it; without it they answer 404.
   */
  adminSecret?: string;
  /** `false` runs no background workers (renewals, expirations, webhook delivery): call them yourself. */
  workers?: false;
  /** How often the workers run; 5000 ms by default. */
  workerIntervalMs?: number;
  /**
   * The catalogue to start with: imported as the first version when the database has none. A database that has one
   * serves it (the database is the catalogue's source of truth); when `catalogue` differs from it, a warning says so
   * and it is not applied. Import a new version with `importCatalogue` or `purchases-billing-server catalogue import`.
   */
  catalogue?: Catalogue;
  /** Where `catalogue` came from, for the version it may become and the start-up's log ("file ./catalogue.json"). */
  catalogueSource?: string;
  /**
   * The origins whose pages may call the server (CORS), for every project, instead of each project's
   * `allowed_origins` in the catalogue; null allows any. Read at each request, never written to the catalogue.
   */
  allowedOrigins?: string[] | null;
  /** The clock; `() => new Date()` by default. */
  now?: () => Date;
  managementUrl?: string | null;
  /**
   * Serves the hosted "Manage subscription" page (`GET {prefix}/manage/:token`) and its page where a customer
   * confirms a renewal payment their bank holds (`…/confirm-payment?product=`). `management_url` in customer info
   * becomes an entry link to it, which shows nothing but offers to mail a sign-in link (valid 1 hour) to the
   * customer's purchase email; a host app mints a link that shows and acts at once with `signManagementToken` or
   * `POST /v1/subscribers/:id/management_url` (admin secret). `secret` signs the links (at least 32 characters);
   * `publicUrl` is the billing server's public base URL with its prefix (by default the request's origin and the
   * prefix; every mailed link — sign-in links, the workers' mails — needs it set).
   */
  management?: { secret: string; publicUrl?: string | null } | null;
  /** The Stripe gateway of checkout; without it checkout/start answers 7773 (no payment gateway). */
  stripe?: StripeOptions | null;
  /**
   * The SMTP server customers are mailed through: sign-in links to the Manage page, and the link to confirm a renewal
   * payment their bank holds (SCA); both also need `management` with a `publicUrl`. Without it the entry page says
   * it cannot mail, and a renewal mail is only logged (which customer, not the link).
   */
  mail?: MailOptions | null;
  /**
   * Accepts Test Store keys (`test_…`: purchases that grant entitlements without payment). Default: on, except when
   * `NODE_ENV` is `production`. When off, a Test Store key is refused like an unknown key (401, 7225).
   */
  testStore?: boolean;
  /**
   * The merchant API (secret `sk_…` keys: RevenueCat-shaped v1 and v2 calls, `/openapi.json`): how many requests one
   * secret key may make per minute in this process (480 by default); past it, 429 with `Retry-After`.
   */
  merchantApi?: { requestsPerMinute?: number };
}

/** Refuses a management secret too short to sign links safely. */
function managementSecret(secret: string): string {
  if (typeof secret !== "string" || secret.length < 32) {
    throw new Error(
      "management.secret must be at least 32 characters (it signs the Manage subscription links)",
    );
  }
  return secret;
}

/**
 * The billing server as a Fastify plugin: every call of the purchases-web wire protocol, under any prefix.
 *
 * @example
 * app.register(billingServer, { prefix: "/billing", database, catalogue });
 */
export async function billingServer(app: FastifyInstance, options: BillingServerOptions): Promise<void> {
  const { database } = options;
  const mail = options.mail ? checkMailOptions(options.mail) : null;
  if (options.catalogue) {
    await startOnCatalogue(
      database.db,
      options.catalogue,
      options.catalogueSource ?? "the catalogue given to the billing server",
      app.log,
    );
  }
  const ctx: BillingContext = {
    db: database.db,
    database,
    now: options.now ?? (() => new Date()),
    managementUrl: options.managementUrl ?? null,
    management: options.management
      ? {
          secret: managementSecret(options.management.secret),
          publicUrl: options.management.publicUrl ?? null,
          prefix: app.prefix,
        }
      : null,
  };

  useBillingErrorHandler(app);
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  useCors(app);
  const testStore = options.testStore ?? testStoreOnByDefault(process.env.NODE_ENV);
  app.log.info(
    testStore
      ? "Test Store keys (test_…) are on: their purchases grant entitlements without payment"
      : "Test Store keys (test_…) are off: they are refused (401)",
  );
  requireApiKey(app, ctx, {
    testStore,
    allowedOrigins: options.allowedOrigins,
    secretKeyRequestsPerMinute: options.merchantApi?.requestsPerMinute,
  });
  const api = new MerchantApi(ctx);
  const webhooks: WebhookEndpoints = options.webhooks ?? {};
  checkWebhookEndpoints(webhooks);
  const mailer = mail ? createMailer(mail, app.log) : null;
  if (mailer) app.addHook("onClose", async () => mailer.close());

  await app.register(healthRoutes, { ctx });
  await app.register(catalogueRoutes, { ctx });
  await app.register(subscriberRoutes, { ctx, api });
  await app.register(workflowRoutes, { ctx });
  await app.register(receiptRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(checkoutRoutes, { ctx, stripe: options.stripe ?? null });
  await app.register(stripeWebhookRoutes, { ctx, stripe: options.stripe ?? null });
  if (ctx.management) {
    await app.register(managePageRoutes, { ctx, mailer });
    await app.register(confirmPaymentRoutes, { ctx, stripe: options.stripe ?? null });
  }
  if (options.adminSecret) {
    await app.register(subscriptionAdminRoutes, { ctx, adminSecret: options.adminSecret });
  }
  await app.register(merchantV1Routes, { ctx, api });
  await app.register(merchantCustomerRoutes, { ctx, api });
  await app.register(merchantSubscriptionRoutes, { ctx, api, stripe: options.stripe ?? null });
  await app.register(merchantProductRoutes, { ctx, api });
  await app.register(merchantEntitlementRoutes, { ctx, api });
  await app.register(merchantOfferingRoutes, { ctx, api });
  await app.register(merchantMetricsRoutes, { ctx, api });
  await app.register(merchantWebhookRoutes, { ctx, api, webhooks });
  await app.register(merchantAuditRoutes, { ctx, api });
  await app.register(openApiRoutes, { api });

  if (options.workers !== false) {
    runWorkersWith(app, ctx, {
      intervalMs: options.workerIntervalMs ?? 5000,
      webhooks,
      renewalCharger:
        options.renewalCharger ??
        cardRenewalCharger(ctx, options.stripe ? new StripeGateway(options.stripe) : null),
      onAuthenticationRequired: renewalAuthenticationNotifier(ctx, {
        mailer: mailer ?? createMailer(null, app.log),
        log: app.log,
      }),
    });
  }
}
