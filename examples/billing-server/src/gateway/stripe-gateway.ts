import { createHash } from "node:crypto";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";

/** Stripe settings of the billing server (`STRIPE_*` in the CLI). */
export interface StripeOptions {
  /** Secret API key (`sk_…` or a restricted `rk_…`): the server's calls to Stripe. */
  secretKey: string;
  /** Signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  /** Publishable key (`pk_…`) handed to the checkout for Stripe.js. */
  publishableKey: string;
  /** `https://api.stripe.com` by default; a local fake in tests. */
  apiBase?: string;
  /** A connected account to act for (sent as `Stripe-Account`, and to Stripe.js as `stripe_account_id`). */
  accountId?: string;
}

/** The part of a SetupIntent or PaymentIntent the checkout needs. */
export interface StripeIntent {
  id: string;
  type: "setup_intent" | "payment_intent";
  clientSecret: string;
  /** Minor units; null for a SetupIntent. */
  amount: number | null;
}

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * Stripe's form encoding: nested objects as `a[b]=c`, arrays as `a[]=x`; null and undefined are left out.
 *
 * @example
 * encodeStripeForm({ metadata: { k: "v" }, payment_method_types: ["card"] });
 * // "metadata%5Bk%5D=v&payment_method_types%5B%5D=card"
 */
export function encodeStripeForm(params: Record<string, FormValue>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v) => add(`${key}[]`, v));
    else if (typeof value === "object") Object.entries(value).forEach(([k, v]) => add(`${key}[${k}]`, v));
    else form.append(key, String(value));
  };
  Object.entries(params).forEach(([k, v]) => add(k, v));
  return form.toString();
}

const gatewayError = (message: string) =>
  badRequest(`Payment gateway error: ${message}`, BillingErrorCode.PaymentGatewayError);

/**
 * A thin client of Stripe's REST API for the calls checkout makes. Each call carries an `Idempotency-Key`
 * derived from the operation session and the exact parameters, so a retried call returns the object the
 * first one created, while changed parameters (another amount) never collide with an earlier key.
 * Every failure, from Stripe or the network, is a 400 with code 7773.
 *
 * @example
 * const stripe = new StripeGateway({ secretKey, webhookSecret, publishableKey });
 * const intent = await stripe.createSetupIntent({ operationSessionId: "opsess_1", customerId: "cus_1" });
 */
export class StripeGateway {
  private readonly apiBase: string;

  constructor(
    readonly options: StripeOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.apiBase = (options.apiBase ?? "https://api.stripe.com").replace(/\/+$/, "");
  }

  /** Creates the Stripe customer a saved card belongs to, so that renewals can charge it off-session. */
  async createCustomer(input: {
    operationSessionId: string;
    email: string;
    appUserId: string;
    projectId: string;
  }): Promise<string> {
    const body = await this.post("/v1/customers", input.operationSessionId, {
      email: input.email,
      metadata: { app_user_id: input.appUserId, project_id: input.projectId },
    });
    return this.field(body, "id");
  }

  /** A SetupIntent that saves a card for later off-session charges (a free trial). */
  async createSetupIntent(input: { operationSessionId: string; customerId: string }): Promise<StripeIntent> {
    const body = await this.post("/v1/setup_intents", input.operationSessionId, {
      customer: input.customerId,
      usage: "off_session",
      payment_method_types: ["card"],
      metadata: { operation_session_id: input.operationSessionId },
    });
    return {
      id: this.field(body, "id"),
      type: "setup_intent",
      clientSecret: this.field(body, "client_secret"),
      amount: null,
    };
  }

  /** A PaymentIntent for `amount` minor units; subscriptions also keep the card for renewals. */
  async createPaymentIntent(input: {
    operationSessionId: string;
    customerId: string;
    amount: number;
    currency: string;
    setupFutureUsage: "off_session" | null;
  }): Promise<StripeIntent> {
    const body = await this.post("/v1/payment_intents", input.operationSessionId, {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      customer: input.customerId,
      payment_method_types: ["card"],
      setup_future_usage: input.setupFutureUsage,
      metadata: { operation_session_id: input.operationSessionId },
    });
    return this.paymentIntent(body);
  }

  /** Changes the amount of an unconfirmed PaymentIntent (tax changed after it was created). */
  async updatePaymentIntentAmount(input: {
    operationSessionId: string;
    intentId: string;
    amount: number;
  }): Promise<StripeIntent> {
    const path = `/v1/payment_intents/${encodeURIComponent(input.intentId)}`;
    return this.paymentIntent(await this.post(path, input.operationSessionId, { amount: input.amount }));
  }

  private paymentIntent(body: Record<string, unknown>): StripeIntent {
    const amount = body.amount;
    if (typeof amount !== "number") throw gatewayError("Stripe answered without an amount.");
    return {
      id: this.field(body, "id"),
      type: "payment_intent",
      clientSecret: this.field(body, "client_secret"),
      amount,
    };
  }

  private field(body: Record<string, unknown>, name: string): string {
    const value = body[name];
    if (typeof value !== "string" || value === "") throw gatewayError(`Stripe answered without ${name}.`);
    return value;
  }

  private async post(
    path: string,
    operationSessionId: string,
    params: Record<string, FormValue>,
  ): Promise<Record<string, unknown>> {
    const form = encodeStripeForm(params);
    const digest = createHash("sha256").update(`${path}\n${form}`).digest("hex").slice(0, 32);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.secretKey}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      "idempotency-key": `${operationSessionId}-${digest}`,
    };
    if (this.options.accountId) headers["stripe-account"] = this.options.accountId;
    let response: Response;
    let body: unknown;
    try {
      response = await this.fetchImpl(`${this.apiBase}${path}`, {
        method: "POST",
        headers,
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      body = await response.json();
    } catch (error) {
      throw gatewayError(
        `Stripe could not be reached (${error instanceof Error ? error.message : "error"}).`,
      );
    }
    const object = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    if (!response.ok) {
      const error = object.error as { message?: unknown; type?: unknown } | undefined;
      const message = typeof error?.message === "string" ? error.message : `HTTP ${response.status}`;
      throw gatewayError(`${message}${typeof error?.type === "string" ? ` (${error.type})` : ""}`);
    }
    return object;
  }
}
