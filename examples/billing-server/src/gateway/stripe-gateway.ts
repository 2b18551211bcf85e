import { createHash } from "node:crypto";
import Stripe from "stripe";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";

/**
 * The Stripe API version of every call: the one the pinned `stripe` package (^23.1) is typed for, so that what
 * the types allow is what Stripe accepts. Raise it only together with the package (README, "Stripe").
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

/** Stripe settings of the billing server (`STRIPE_*` in the CLI). */
export interface StripeOptions {
  /** Secret API key (`sk_…` or a restricted `rk_…`): the server's calls to Stripe. */
  secretKey: string;
  /**
   * Signing secrets of the webhook endpoints (`whsec_…`): an event signed with any of them is accepted, so a
   * secret can be rolled, and an account endpoint and a Connect endpoint can both deliver. A single string is
   * one secret.
   */
  webhookSecret: string | readonly string[];
  /** Publishable key (`pk_…`) handed to the checkout for Stripe.js. */
  publishableKey: string;
  /** `https://api.stripe.com` by default; a local fake in tests. */
  apiBase?: string;
  /** A connected account to act for (sent as `Stripe-Account`, and to Stripe.js as `stripe_account_id`). */
  accountId?: string;
}

/** The webhook signing secrets of `options`, as a list. */
export function webhookSecrets(options: Pick<StripeOptions, "webhookSecret">): readonly string[] {
  return typeof options.webhookSecret === "string" ? [options.webhookSecret] : options.webhookSecret;
}

/** The part of a SetupIntent or PaymentIntent the checkout needs. */
export interface StripeIntent {
  id: string;
  type: "setup_intent" | "payment_intent";
  clientSecret: string;
  /** Minor units; null for a SetupIntent. */
  amount: number | null;
}

/** What an off-session renewal charge came to. */
export type RenewalPayment =
  | { status: "succeeded"; paymentIntentId: string }
  | { status: "declined"; paymentIntentId: string | null; message: string }
  /** The bank asks the customer to confirm (SCA): the intent waits for them, on-session. */
  | { status: "authentication_required"; paymentIntentId: string; clientSecret: string };

/** The only payment method the checkout offers (cards, wallets included). The wire calls it `payment_method_types`. */
export const PAYMENT_METHOD_TYPES = ["card"] as const;

const gatewayError = (message: string) =>
  badRequest(`Payment gateway error: ${message}`, BillingErrorCode.PaymentGatewayError);

/**
 * Stripe's typed errors as the protocol's: every one is a 400 with code 7773 (the SDK's StoreProblemError), with a
 * message that says which kind it was. A refused secret key or a missing permission is the merchant's set-up, so it
 * says so without echoing the key.
 */
export function gatewayErrorFromStripe(error: unknown) {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return gatewayError("Stripe refused the server's secret key (STRIPE_SECRET_KEY).");
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return gatewayError("the server's Stripe key lacks a permission this call needs.");
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return gatewayError(`Stripe could not be reached (${error.message}).`);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError || error instanceof Stripe.errors.StripeAPIError) {
    return gatewayError(`Stripe is unavailable for now (${error.message}).`);
  }
  if (error instanceof Stripe.errors.StripeError) {
    const param = error.param ? `, ${error.param}` : "";
    const kind = error.rawType ?? error.type;
    return gatewayError(`${error.message} (${kind}${error.code ? `: ${error.code}` : ""}${param})`);
  }
  return gatewayError(`Stripe could not be reached (${error instanceof Error ? error.message : "error"}).`);
}

/** The `stripe` client's settings for `options`: the pinned version, our timeout, retries of idempotent calls. */
function clientConfig(options: StripeOptions): Stripe.StripeConfig {
  const base = new URL(options.apiBase ?? "https://api.stripe.com");
  return {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: base.port || (base.protocol === "http:" ? 80 : 443),
    protocol: base.protocol === "http:" ? "http" : "https",
    // Every call carries an idempotency key, so the client's own retries can never charge twice.
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(options.accountId ? { stripeAccount: options.accountId } : {}),
    appInfo: { name: "purchases-web billing server" },
  };
}

/**
 * The checkout's and the renewals' calls to Stripe, made with the official `stripe` client at
 * {@link STRIPE_API_VERSION}. Each call carries an idempotency key derived from the operation (checkout session or
 * renewal) and the exact parameters, so a retried call returns the object the first one created, while changed
 * parameters (another amount) never collide with an earlier key. Every failure is a 400 with code 7773
 * ({@link gatewayErrorFromStripe}); a renewal's decline is an outcome, not an error ({@link chargeRenewal}).
 *
 * @example
 * const stripe = new StripeGateway({ secretKey, webhookSecret, publishableKey });
 * const intent = await stripe.createSetupIntent({ operationSessionId: "opsess_1", customerId: "cus_1" });
 */
export class StripeGateway {
  private readonly client: Stripe;

  constructor(readonly options: StripeOptions) {
    this.client = new Stripe(options.secretKey, clientConfig(options));
  }

  /** Creates the Stripe customer a saved card belongs to, so that renewals can charge it off-session. */
  async createCustomer(input: {
    operationSessionId: string;
    email: string;
    appUserId: string;
    projectId: string;
  }): Promise<string> {
    const params: Stripe.CustomerCreateParams = {
      email: input.email,
      metadata: { app_user_id: input.appUserId, project_id: input.projectId },
    };
    const customer = await this.call(input.operationSessionId, "customers", params, (options) =>
      this.client.customers.create(params, options),
    );
    return customer.id;
  }

  /** A SetupIntent that saves a card for later off-session charges (a free trial). */
  async createSetupIntent(input: { operationSessionId: string; customerId: string }): Promise<StripeIntent> {
    const params: Stripe.SetupIntentCreateParams = {
      customer: input.customerId,
      usage: "off_session",
      allowed_payment_method_types: [...PAYMENT_METHOD_TYPES],
      metadata: { operation_session_id: input.operationSessionId },
    };
    const intent = await this.call(input.operationSessionId, "setup_intents", params, (options) =>
      this.client.setupIntents.create(params, options),
    );
    return { id: intent.id, type: "setup_intent", clientSecret: secretOf(intent), amount: null };
  }

  /** A PaymentIntent for `amount` minor units; subscriptions also keep the card for renewals. */
  async createPaymentIntent(input: {
    operationSessionId: string;
    customerId: string;
    amount: number;
    currency: string;
    setupFutureUsage: "off_session" | null;
  }): Promise<StripeIntent> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      customer: input.customerId,
      allowed_payment_method_types: [...PAYMENT_METHOD_TYPES],
      ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
      metadata: { operation_session_id: input.operationSessionId },
    };
    const intent = await this.call(input.operationSessionId, "payment_intents", params, (options) =>
      this.client.paymentIntents.create(params, options),
    );
    return paymentIntentOf(intent);
  }

  /** Changes the amount of an unconfirmed PaymentIntent (tax changed after it was created). */
  async updatePaymentIntentAmount(input: {
    operationSessionId: string;
    intentId: string;
    amount: number;
  }): Promise<StripeIntent> {
    const params: Stripe.PaymentIntentUpdateParams = { amount: input.amount };
    const intent = await this.call(
      input.operationSessionId,
      `payment_intents/${input.intentId}`,
      params,
      (options) => this.client.paymentIntents.update(input.intentId, params, options),
    );
    return paymentIntentOf(intent);
  }

  /**
   * Charges a renewal to the card saved at checkout, off-session, confirmed at once. `renewalId` (the new
   * period's transaction id) is the idempotency key, the same on every attempt at one renewal, so a charge retried
   * after a crash is taken once. A decline, and a card that can no longer be charged, are outcomes; only an
   * unknown result (Stripe unreachable, its own failure) throws, so the caller tries again later.
   */
  async chargeRenewal(input: {
    renewalId: string;
    attempt: number;
    customerId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    metadata: Record<string, string>;
  }): Promise<RenewalPayment> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      customer: input.customerId,
      payment_method: input.paymentMethodId,
      allowed_payment_method_types: [...PAYMENT_METHOD_TYPES],
      off_session: true,
      confirm: true,
      metadata: { ...input.metadata, renewal_transaction_id: input.renewalId },
    };
    let intent: Stripe.PaymentIntent;
    try {
      // One key per attempt: a retry days later is a new charge, a retry of the same attempt is not.
      intent = await this.client.paymentIntents.create(params, {
        idempotencyKey: `renewal-${input.renewalId}-${input.attempt}-${digest(params)}`,
      });
    } catch (error) {
      if (!(
        error instanceof Stripe.errors.StripeCardError ||
        error instanceof Stripe.errors.StripeInvalidRequestError
      )) {
        throw gatewayErrorFromStripe(error);
      }
      const intentOfError = error.payment_intent;
      if (error.code === "authentication_required" && intentOfError?.client_secret) {
        return {
          status: "authentication_required",
          paymentIntentId: intentOfError.id,
          clientSecret: intentOfError.client_secret,
        };
      }
      return { status: "declined", paymentIntentId: intentOfError?.id ?? null, message: error.message };
    }
    if (intent.status === "succeeded") return { status: "succeeded", paymentIntentId: intent.id };
    if (intent.status === "requires_action" && intent.client_secret) {
      return {
        status: "authentication_required",
        paymentIntentId: intent.id,
        clientSecret: intent.client_secret,
      };
    }
    // `processing` and the like: the outcome is not known yet.
    throw gatewayError(`the renewal payment is ${intent.status}.`);
  }

  /**
   * The renewal charge that paid for the period `renewalTransactionId` (the charger's PaymentIntent, which names it in
   * its metadata), among the customer's PaymentIntents created since `chargedSince` (the end of the period it
   * renewed: no attempt is made before). Listed rather than searched: Stripe's search lags behind by up to a minute.
   * Null when none succeeded.
   */
  async findRenewalPayment(input: {
    customerId: string;
    renewalTransactionId: string;
    chargedSince: Date;
  }): Promise<string | null> {
    const params: Stripe.PaymentIntentListParams = {
      customer: input.customerId,
      // Stripe's seconds are floored: the second the charge was made in counts.
      created: { gte: Math.floor(input.chargedSince.getTime() / 1000) - 1 },
      limit: 100,
    };
    try {
      for await (const intent of this.client.paymentIntents.list(params)) {
        if (intent.metadata?.renewal_transaction_id !== input.renewalTransactionId) continue;
        if (intent.status === "succeeded") return intent.id;
      }
      return null;
    } catch (error) {
      throw gatewayErrorFromStripe(error);
    }
  }

  /**
   * Refunds a PaymentIntent in full, once: the idempotency key is the purchase period's (`periodId`), so a retried
   * refund answers the refund the first call made. A PaymentIntent Stripe reports as refunded already (the refund
   * was made, but recording it here failed, after the key expired) is refunded: that is the outcome wanted. Stripe's
   * refusals are 400 with code 7773 naming its reason ({@link gatewayErrorFromStripe}).
   */
  async refundPayment(input: {
    paymentIntentId: string;
    periodId: string;
    projectId: string;
  }): Promise<{ refundId: string | null }> {
    const params: Stripe.RefundCreateParams = {
      payment_intent: input.paymentIntentId,
      reason: "requested_by_customer",
      metadata: { project_id: input.projectId, period_id: input.periodId },
    };
    try {
      const refund = await this.client.refunds.create(params, {
        idempotencyKey: `refund-${input.periodId}-${digest(params)}`,
      });
      return { refundId: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
        return { refundId: null };
      }
      throw gatewayErrorFromStripe(error);
    }
  }

  /** Runs a call with an idempotency key of the operation and the parameters, mapping Stripe's errors. */
  private async call<T>(
    operationId: string,
    resource: string,
    params: object,
    run: (options: Stripe.RequestOptions) => Promise<T>,
  ): Promise<T> {
    try {
      return await run({ idempotencyKey: `${operationId}-${digest({ resource, params })}` });
    } catch (error) {
      throw gatewayErrorFromStripe(error);
    }
  }
}

/** 32 hex digits of SHA-256 over the JSON of `value`: the same parameters give the same idempotency key. */
function digest(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 32);
}

function secretOf(intent: { client_secret: string | null }): string {
  if (!intent.client_secret) throw gatewayError("Stripe answered without client_secret.");
  return intent.client_secret;
}

function paymentIntentOf(intent: Stripe.PaymentIntent): StripeIntent {
  return { id: intent.id, type: "payment_intent", clientSecret: secretOf(intent), amount: intent.amount };
}
