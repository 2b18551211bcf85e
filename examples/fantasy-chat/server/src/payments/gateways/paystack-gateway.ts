import { z } from "zod";
import {
  PaymentGatewayError,
  type CardDetails,
  type ChargeInput,
  type GatewayTransaction,
  type GatewayTransactionStatus,
  type InitializeInput,
  type InitializedTransaction,
  type PaymentGateway,
} from "./payment-gateway.js";

/** Where and how to reach Paystack. */
export interface PaystackOptions {
  /** `sk_live_…` or `sk_test_…`; sent only in the Authorization header. */
  secretKey: string;
  /** `https://api.paystack.co` in production; a local fake in tests. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** A call that has not answered by then fails as `unavailable`; 15 s by default. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** Paystack wraps every answer: `{ status, message, data }`; `status: false` is a refusal. */
const envelope = z.object({
  status: z.boolean(),
  message: z.string().default(""),
  data: z.unknown().optional(),
});

const transactionData = z.object({
  reference: z.string(),
  status: z.string(),
  amount: z.coerce.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
  authorization: z
    .object({
      authorization_code: z.string().nullish(),
      reusable: z.boolean().nullish(),
      brand: z.string().nullish(),
      card_type: z.string().nullish(),
      last4: z.string().nullish(),
      exp_month: z.coerce.number().int().nullish(),
      exp_year: z.coerce.number().int().nullish(),
    })
    .nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
});

const initializeData = z.object({ authorization_url: z.string(), reference: z.string() });

/**
 * Paystack's transaction statuses, reduced to what the app acts on: `success`; `failed` and `reversed` are final
 * refusals; everything else (`abandoned`, `ongoing`, `pending`, `processing`, `queued`, `send_otp`, …) means the
 * customer has not finished paying yet.
 */
export function paystackStatus(status: string): GatewayTransactionStatus {
  if (status === "success") return "success";
  if (status === "failed" || status === "reversed") return "failed";
  return "pending";
}

/** The card's visible details from a Paystack authorization, or null when any is missing. */
function cardDetails(authorization: z.infer<typeof transactionData>["authorization"]): CardDetails | null {
  const brand = (authorization?.brand ?? authorization?.card_type ?? "").trim().toLowerCase();
  const last4 = authorization?.last4 ?? "";
  const expMonth = authorization?.exp_month ?? 0;
  const expYear = authorization?.exp_year ?? 0;
  if (!brand || !/^\d{4}$/.test(last4) || expMonth < 1 || expMonth > 12 || expYear < 2000) return null;
  return { brand, last4, expMonth, expYear };
}

/**
 * Reads a Paystack transaction object (from verify, a charge or a webhook's `data`), or throws `invalid_response`.
 *
 * @example
 * const transaction = parsePaystackTransaction(JSON.parse(body).data);
 */
export function parsePaystackTransaction(data: unknown): GatewayTransaction {
  const parsed = transactionData.safeParse(data);
  if (!parsed.success)
    throw new PaymentGatewayError("invalid_response", "Paystack sent an unreadable transaction");
  const t = parsed.data;
  const code = t.authorization?.authorization_code;
  return {
    reference: t.reference,
    status: paystackStatus(t.status),
    amount: t.amount,
    currency: t.currency.toUpperCase(),
    authorization: code
      ? { code, reusable: t.authorization?.reusable === true, card: cardDetails(t.authorization) }
      : null,
    customerEmail: t.customer?.email ?? null,
    gatewayResponse: t.gateway_response ?? null,
  };
}

/**
 * Paystack's REST API (`/transaction/initialize`, `/transaction/verify/:reference`,
 * `/transaction/charge_authorization`, `/refund`): JSON over HTTPS with the secret key as a Bearer token.
 *
 * @example
 * const gateway = new PaystackGateway({ secretKey: process.env.PAYSTACK_SECRET_KEY!, baseUrl: "https://api.paystack.co" });
 */
export class PaystackGateway implements PaymentGateway {
  readonly name = "paystack" as const;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: PaystackOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async initialize(input: InitializeInput): Promise<InitializedTransaction> {
    const { data } = await this.call("POST", "/transaction/initialize", {
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      reference: input.reference,
      callback_url: input.callbackUrl,
      // Only cards give an authorization that can be charged again.
      channels: ["card"],
      metadata: {
        ...input.metadata,
        description: input.description,
        ...(input.cancelUrl ? { cancel_action: input.cancelUrl } : {}),
      },
    });
    const parsed = initializeData.safeParse(data);
    if (!parsed.success)
      throw new PaymentGatewayError("invalid_response", "Paystack sent no authorization URL");
    return { authorizationUrl: parsed.data.authorization_url, reference: parsed.data.reference };
  }

  async verify(reference: string): Promise<GatewayTransaction | null> {
    try {
      const { data } = await this.call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      return parsePaystackTransaction(data);
    } catch (error) {
      // Paystack answers an unknown reference with 400 or 404 "Transaction reference not found".
      // A 401 (wrong key) stays an error: it says nothing about the reference.
      const notFound =
        error instanceof PaymentGatewayError && (error.httpStatus === 400 || error.httpStatus === 404);
      if (notFound && error.code === "rejected") return null;
      throw error;
    }
  }

  async chargeAuthorization(input: ChargeInput): Promise<GatewayTransaction> {
    const { data } = await this.call("POST", "/transaction/charge_authorization", {
      authorization_code: input.authorizationCode,
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      reference: input.reference,
    });
    return parsePaystackTransaction(data);
  }

  async refund(reference: string): Promise<void> {
    await this.call("POST", "/refund", { transaction: reference });
  }

  /** One API call: the envelope's `data` on success; a {@link PaymentGatewayError} otherwise. */
  private async call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ data: unknown }> {
    const what = `Paystack ${method} ${path.split("/").slice(0, 3).join("/")}`;
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "error",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new PaymentGatewayError(
        "unavailable",
        timedOut ? `${what}: no answer within ${this.timeoutMs} ms` : `${what}: could not connect`,
      );
    }
    const text = await response.text().catch(() => "");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = envelope.safeParse(json);
    if (response.status >= 500 || response.status === 429) {
      throw new PaymentGatewayError("unavailable", `${what}: HTTP ${response.status}`, response.status);
    }
    if (!parsed.success) {
      throw new PaymentGatewayError(
        "invalid_response",
        `${what}: HTTP ${response.status} without a Paystack answer`,
        response.status,
      );
    }
    if (!response.ok || !parsed.data.status) {
      // Paystack's message describes the request ("Invalid key", "Transaction reference not found"); it never
      // echoes the key or an authorization code back.
      throw new PaymentGatewayError(
        "rejected",
        `${what}: ${parsed.data.message || `HTTP ${response.status}`}`,
        response.status,
      );
    }
    return { data: parsed.data.data };
  }
}
