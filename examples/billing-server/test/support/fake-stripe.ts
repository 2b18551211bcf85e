// A local stand-in for Stripe's HTTP API (Stripe cannot be reached here), as strict as the pinned API version for
// the calls the billing server makes: form-encoded requests with a Bearer secret key, `Stripe-Version` and
// Idempotency-Key; a parameter the version does not have is refused as Stripe refuses it (the lists are the
// official package's parameter types, ./stripe-params.ts); objects back typed by the package; `{ error }` on bad
// input. It also plays the customer's browser confirming an intent, the bank deciding an off-session charge, and
// Stripe delivering the signed webhook that follows.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { STRIPE_API_VERSION } from "../../src/gateway/stripe-gateway.js";
import {
  CUSTOMER_CREATE,
  KNOWN_PAYMENT_METHOD_TYPES,
  PAYMENT_INTENT_CREATE,
  PAYMENT_INTENT_UPDATE,
  SETUP_INTENT_CREATE,
} from "./stripe-params.js";

type Json = Record<string, unknown>;

export interface FakeStripeOptions {
  /** The clock webhook timestamps are signed with; the billing server's clock in tests. */
  now?: () => Date;
  secretKey?: string;
  webhookSecret?: string;
  publishableKey?: string;
  accountId?: string;
}

/** One request the fake received, decoded. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  form: Json;
}

export interface WebhookDelivery {
  status: number;
  body: any;
  event: Json;
}

/** What the bank does with an off-session charge to a saved card. */
export type CardBehaviour = "succeeds" | "declines" | "requires_authentication";

export interface FakeStripe {
  /** Settings for the billing server's `stripe` option, pointing at this fake. */
  options: {
    secretKey: string;
    webhookSecret: string;
    publishableKey: string;
    apiBase: string;
    accountId: string;
  };
  /** Where webhooks go; set once the billing server listens. */
  webhookUrl: string | null;
  requests: RecordedRequest[];
  /** The intents made, by id, as plain records (typed by the package inside the fake). */
  intents: ReadonlyMap<string, Json>;
  customers: ReadonlyMap<string, Json>;
  /** The intent a client secret belongs to. */
  intentBySecret(clientSecret: string): Json;
  /** Makes the next API request fail with this Stripe error. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  /** The customer confirms the intent in Stripe.js; Stripe then sends the matching webhook event. */
  confirm(clientSecret: string, outcome: "succeeded" | "declined"): Promise<WebhookDelivery>;
  /** From now on, off-session charges to this saved card (`pm_…`) do this; they succeed by default. */
  setCardBehaviour(paymentMethodId: string, behaviour: CardBehaviour): void;
  /** The customer confirms a payment their bank asked them to authenticate (SCA); Stripe sends the webhook. */
  authenticate(paymentIntentId: string): Promise<WebhookDelivery>;
  /** The PaymentIntents charged off-session and confirmed, in order (renewals). */
  offSessionCharges(): Stripe.PaymentIntent[];
  /** The refunds made, in order. */
  refunds(): Stripe.Refund[];
  /** An event as Stripe builds it. */
  event(type: string, object: object): Json;
  /** Delivers an event signed like Stripe, or with the overrides given. */
  deliver(
    event: Json,
    overrides?: { secret?: string; timestamp?: number; header?: string | null; body?: string },
  ): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `keys` as a set, checked at compile time to name every key of `T` and nothing else (as ./stripe-params.ts). */
const keysOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    keys: K & ([keyof T & string] extends [K[number]] ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ): ReadonlySet<string> =>
    new Set(keys);

const REFUND_CREATE = keysOf<Stripe.RefundCreateParams>()([
  "amount",
  "charge",
  "currency",
  "customer",
  "expand",
  "instructions_email",
  "metadata",
  "origin",
  "payment_intent",
  "reason",
  "refund_application_fee",
  "reverse_transfer",
]);
const PAYMENT_INTENT_LIST = keysOf<Stripe.PaymentIntentListParams>()([
  "created",
  "customer",
  "customer_account",
  "ending_before",
  "expand",
  "limit",
  "starting_after",
]);
const REFUND_REASONS: ReadonlySet<string> = new Set<Stripe.RefundCreateParams.Reason>([
  "duplicate",
  "fraudulent",
  "requested_by_customer",
]);

/** Decodes Stripe's bracket form encoding: `a[b]=c`, `a[]=x`, `a[0]=x`. */
function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split("[").map((p, i) => (i === 0 ? p : p.replace(/\]$/, "")));
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsArray = !last && (parts[i + 1] === "" || /^\d+$/.test(parts[i + 1] ?? ""));
      const key = Array.isArray(node) && (part === "" || /^\d+$/.test(part)) ? node.length : part;
      if (last) node[key] = value;
      else node = node[key] ??= nextIsArray ? [] : {};
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}
const invalid = (message: string, param?: string, code = "parameter_invalid") =>
  new StripeApiError(400, { type: "invalid_request_error", code, message, ...(param ? { param } : {}) });

/** Refuses a parameter the endpoint does not have at the pinned version, as Stripe does. */
function refuseUnknown(form: Json, allowed: ReadonlySet<string>): void {
  for (const name of Object.keys(form)) {
    if (allowed.has(name)) continue;
    if (name === "payment_method_types") {
      throw invalid(
        "payment_method_types is no longer supported on this API version: use allowed_payment_method_types, or let Stripe choose the payment methods.",
        name,
        "payment_method_types_no_longer_supported",
      );
    }
    throw invalid(`Received unknown parameter: ${name}`, name, "parameter_unknown");
  }
}

function booleanOf(form: Json, name: string): boolean {
  const value = form[name];
  if (value === undefined) return false;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${String(value)}`, name);
  return value === "true";
}

function stringOf(form: Json, name: string): string | null {
  const value = form[name];
  if (value === undefined) return null;
  if (typeof value !== "string" || value === "") throw invalid(`Invalid string: ${String(value)}`, name);
  return value;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const secretKey = options.secretKey ?? "sk_test_fake_realmheart";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_realmheart";
  const accountId = options.accountId ?? "acct_test_realmheart";
  const seconds = () => Math.floor(now().getTime() / 1000);
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Stripe.PaymentIntent | Stripe.SetupIntent>();
  const customers = new Map<string, Stripe.Customer>();
  /** Saved cards: payment method id → its customer. */
  const cards = new Map<string, string>();
  const cardBehaviours = new Map<string, CardBehaviour>();
  const charges: Stripe.PaymentIntent[] = [];
  const refunds: Stripe.Refund[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  let nextFailure: StripeApiError | null = null;

  function metadataOf(form: Json, param = "metadata"): Stripe.Metadata {
    const metadata = form[param] ?? {};
    if (typeof metadata !== "object" || Array.isArray(metadata)) throw invalid("Invalid object", param);
    for (const [key, value] of Object.entries(metadata)) {
      if (typeof value !== "string") throw invalid(`Invalid metadata value for ${key}`, `${param}[${key}]`);
    }
    return metadata as Stripe.Metadata;
  }
  function customerOf(form: Json): string | null {
    const customer = form.customer;
    if (customer === undefined) return null;
    if (typeof customer !== "string" || !customers.has(customer)) {
      throw invalid(`No such customer: '${String(customer)}'`, "customer", "resource_missing");
    }
    return customer;
  }
  function allowedTypes(form: Json): string[] {
    const types = form.allowed_payment_method_types ?? ["card"];
    if (
      !Array.isArray(types) ||
      types.length === 0 ||
      types.some((t) => !KNOWN_PAYMENT_METHOD_TYPES.has(t))
    ) {
      throw invalid("Invalid array", "allowed_payment_method_types");
    }
    return types as string[];
  }
  function amountOf(form: Json): number {
    if (form.amount === undefined)
      throw invalid("Missing required param: amount.", "amount", "parameter_missing");
    const amount = Number(form.amount);
    if (!/^\d+$/.test(String(form.amount)) || amount < 1) {
      throw invalid("Invalid positive integer", "amount");
    }
    return amount;
  }
  function futureUsageOf(form: Json): "off_session" | "on_session" | null {
    const usage = form.setup_future_usage ?? null;
    if (usage !== null && usage !== "off_session" && usage !== "on_session") {
      throw invalid("Invalid setup_future_usage", "setup_future_usage");
    }
    return usage;
  }

  function intentBySecret(clientSecret: string): Stripe.PaymentIntent | Stripe.SetupIntent {
    const intent = [...intents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent) throw new Error(`fake Stripe: no intent with client secret ${clientSecret}`);
    return intent;
  }

  function newPaymentIntent(fields: {
    amount: number;
    currency: string;
    customer: string | null;
    allowedTypes: string[];
    setupFutureUsage: "off_session" | "on_session" | null;
    metadata: Stripe.Metadata;
  }): Stripe.PaymentIntent {
    const intentId = id("pi");
    return {
      id: intentId,
      object: "payment_intent",
      allowed_payment_method_types: fields.allowedTypes as Stripe.PaymentIntent.AllowedPaymentMethodType[],
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic",
      client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
      confirmation_method: "automatic",
      created: seconds(),
      currency: fields.currency,
      customer: fields.customer,
      customer_account: null,
      description: null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: fields.metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: fields.allowedTypes,
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: fields.setupFutureUsage,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: "requires_payment_method",
      transfer_data: null,
      transfer_group: null,
    } satisfies Stripe.PaymentIntent;
  }

  /** An off-session charge confirmed at once: the bank decides by the card's behaviour. */
  function chargeOffSession(intent: Stripe.PaymentIntent, paymentMethod: string): Stripe.PaymentIntent {
    intent.payment_method = paymentMethod;
    const behaviour = cardBehaviours.get(paymentMethod) ?? "succeeds";
    charges.push(intent);
    if (behaviour === "succeeds") {
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
      return intent;
    }
    const requiresAction = behaviour === "requires_authentication";
    // As Stripe does for an off-session charge: the intent goes back to requires_payment_method, and the error
    // names the card, which the customer confirms on-session afterwards.
    const error = {
      type: "card_error",
      code: requiresAction ? "authentication_required" : "card_declined",
      ...(requiresAction ? {} : { decline_code: "insufficient_funds" }),
      message: requiresAction
        ? "This payment requires authentication by the cardholder."
        : "Your card has insufficient funds.",
      payment_method: { id: paymentMethod, object: "payment_method", type: "card" },
    };
    Object.assign(intent, {
      status: "requires_payment_method",
      payment_method: null,
      last_payment_error: error,
    });
    intents.set(intent.id, intent);
    throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
  }

  function route(method: string, path: string, form: Json): object {
    if (method === "POST" && path === "/v1/customers") {
      refuseUnknown(form, CUSTOMER_CREATE);
      const customer = {
        id: id("cus"),
        object: "customer",
        address: null,
        balance: 0,
        created: seconds(),
        currency: null,
        customer_account: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: stringOf(form, "email"),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: metadataOf(form),
        name: null,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
      } satisfies Stripe.Customer;
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      refuseUnknown(form, SETUP_INTENT_CREATE);
      const usage = form.usage ?? "off_session";
      if (usage !== "off_session" && usage !== "on_session") throw invalid("Invalid usage", "usage");
      const intentId = id("seti");
      const types = allowedTypes(form);
      const intent = {
        id: intentId,
        object: "setup_intent",
        allowed_payment_method_types: types,
        application: null,
        automatic_payment_methods: null,
        cancellation_reason: null,
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        created: seconds(),
        customer: customerOf(form),
        customer_account: null,
        description: null,
        excluded_payment_method_types: null,
        flow_directions: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: metadataOf(form),
        next_action: null,
        on_behalf_of: null,
        payment_method: null,
        payment_method_configuration_details: null,
        payment_method_options: null,
        payment_method_types: types,
        single_use_mandate: null,
        status: "requires_payment_method",
        usage,
      } satisfies Stripe.SetupIntent;
      intents.set(intentId, intent);
      return intent;
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      refuseUnknown(form, PAYMENT_INTENT_CREATE);
      const amount = amountOf(form);
      if (typeof form.currency !== "string" || !/^[a-z]{3}$/.test(form.currency)) {
        throw invalid("Missing required param: currency.", "currency", "parameter_missing");
      }
      const customer = customerOf(form);
      const confirm = booleanOf(form, "confirm");
      const offSession = booleanOf(form, "off_session");
      const paymentMethod = stringOf(form, "payment_method");
      if (offSession && !confirm) {
        throw invalid("off_session can only be used with confirm=true.", "off_session");
      }
      if (paymentMethod !== null && cards.get(paymentMethod) !== customer) {
        throw invalid(
          `No such PaymentMethod: '${paymentMethod}' for this customer`,
          "payment_method",
          "resource_missing",
        );
      }
      if (confirm && paymentMethod === null) {
        throw invalid("You must provide a payment_method to confirm.", "payment_method", "parameter_missing");
      }
      const intent = newPaymentIntent({
        amount,
        currency: form.currency,
        customer,
        allowedTypes: allowedTypes(form),
        setupFutureUsage: futureUsageOf(form),
        metadata: metadataOf(form),
      });
      intents.set(intent.id, intent);
      return confirm && paymentMethod ? chargeOffSession(intent, paymentMethod) : intent;
    }
    const update = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "POST" && update) {
      refuseUnknown(form, PAYMENT_INTENT_UPDATE);
      const intent = intents.get(decodeURIComponent(update[1] ?? ""));
      if (!intent || intent.object !== "payment_intent") {
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such payment_intent: '${update[1]}'`,
        });
      }
      if (intent.status === "succeeded") {
        throw invalid(
          "This PaymentIntent's amount could not be updated because it has a status of succeeded.",
        );
      }
      if (form.amount !== undefined) intent.amount = amountOf(form);
      return intent;
    }
    if (method === "GET" && path === "/v1/payment_intents") return listPaymentIntents(form);
    if (method === "POST" && path === "/v1/refunds") return createRefund(form);
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /** `GET /v1/payment_intents`: the newest first, by `customer` and `created`, a page of `limit` (10 by default). */
  function listPaymentIntents(form: Json): Stripe.ApiList<Stripe.PaymentIntent> {
    refuseUnknown(form, PAYMENT_INTENT_LIST);
    const limit = form.limit === undefined ? 10 : Number(form.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid("Invalid integer", "limit");
    const created = form.created;
    const range: Record<string, unknown> =
      created === undefined ? {} : typeof created === "object" ? (created as Json) : { eq: created };
    const bounds = Object.entries(range).map(([op, value]) => {
      if (!["gt", "gte", "lt", "lte", "eq"].includes(op) || !/^\d+$/.test(String(value)))
        throw invalid("Invalid timestamp", `created[${op}]`);
      return [op, Number(value)] as const;
    });
    const inRange = (t: number) =>
      bounds.every(([op, v]) =>
        op === "gt" ? t > v : op === "gte" ? t >= v : op === "lt" ? t < v : op === "lte" ? t <= v : t === v,
      );
    const customer = stringOf(form, "customer");
    const all = [...intents.values()]
      .filter((i): i is Stripe.PaymentIntent => i.object === "payment_intent")
      .filter((i) => (customer === null || i.customer === customer) && inRange(i.created))
      .reverse();
    const after = stringOf(form, "starting_after");
    const start = after === null ? 0 : all.findIndex((i) => i.id === after) + 1;
    if (after !== null && start === 0) {
      throw invalid(`No such payment_intent: '${after}'`, "starting_after", "resource_missing");
    }
    const data = all.slice(start, start + limit);
    return { object: "list", data, has_more: start + limit < all.length, url: "/v1/payment_intents" };
  }

  /** `POST /v1/refunds` of a PaymentIntent's successful charge: in full, or `amount` of what is left. */
  function createRefund(form: Json): Stripe.Refund {
    refuseUnknown(form, REFUND_CREATE);
    const intentId = stringOf(form, "payment_intent");
    if (intentId === null && stringOf(form, "charge") === null) {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        undefined,
        "parameter_missing",
      );
    }
    // The billing server refunds PaymentIntents; a charge id is refused as one this fake never made.
    const intent = intentId === null ? undefined : intents.get(intentId);
    if (!intent || intent.object !== "payment_intent") {
      throw invalid(
        `No such ${intentId === null ? "charge" : "payment_intent"}: '${String(intentId ?? form.charge)}'`,
        intentId === null ? "charge" : "payment_intent",
        "resource_missing",
      );
    }
    if (intent.status !== "succeeded") {
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        "payment_intent",
        "charge_not_refundable",
      );
    }
    const reason = stringOf(form, "reason");
    if (reason !== null && !REFUND_REASONS.has(reason)) throw invalid("Invalid reason", "reason");
    const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((n, r) => n + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0) {
      throw invalid(
        `Charge for ${intent.id} has already been refunded.`,
        undefined,
        "charge_already_refunded",
      );
    }
    const amount = form.amount === undefined ? left : amountOf(form);
    if (amount > left) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        "amount",
        "amount_too_large",
      );
    }
    const refund = {
      id: id("re"),
      object: "refund",
      amount,
      balance_transaction: id("txn"),
      charge: intent.latest_charge as string | null,
      created: seconds(),
      currency: intent.currency,
      customer: intent.customer as string | null,
      customer_account: null,
      metadata: metadataOf(form),
      payment_intent: intent.id,
      payment_method: intent.payment_method as string | null,
      reason: reason as Stripe.Refund.Reason | null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    } satisfies Stripe.Refund;
    refunds.push(refund);
    return refund;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const [path = "/", query = ""] = (request.url ?? "/").split("?");
    const method = request.method ?? "GET";
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": id("req"),
        "stripe-version": STRIPE_API_VERSION,
        ...headers,
      });
      response.end(JSON.stringify(body, null, 2));
    };
    // A GET's parameters come in its query string, as the `stripe` client sends them.
    const form = decodeForm(method === "GET" ? query : text);
    requests.push({ method, path, headers: request.headers, form });
    try {
      const auth = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!auth) {
        throw new StripeApiError(401, {
          type: "invalid_request_error",
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header.",
        });
      }
      if (auth !== secretKey) {
        throw new StripeApiError(401, {
          type: "invalid_request_error",
          message: `Invalid API Key provided: ${auth.slice(0, 8)}****${auth.slice(-4)}`,
        });
      }
      // The fake speaks one API version; a call without it would get the account's default, whatever that is.
      if (request.headers["stripe-version"] !== STRIPE_API_VERSION) {
        throw invalid(
          `This fake speaks Stripe API version ${STRIPE_API_VERSION} only; the request asked for ${String(request.headers["stripe-version"] ?? "the account default")}.`,
          undefined,
          "api_version_invalid",
        );
      }
      const account = request.headers["stripe-account"];
      if (account !== undefined && account !== accountId) {
        throw new StripeApiError(403, {
          type: "invalid_request_error",
          code: "account_invalid",
          message: "The provided key does not have access to account or that account does not exist.",
        });
      }
      if (
        method === "POST" &&
        !request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")
      ) {
        throw invalid("Invalid request: bodies must be form-encoded (application/x-www-form-urlencoded).");
      }
      const key = request.headers["idempotency-key"];
      const fingerprint = `${method} ${path}\n${text}`;
      const previous = typeof key === "string" ? idempotent.get(key) : undefined;
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          throw new StripeApiError(400, {
            type: "idempotency_error",
            message:
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          });
        }
        return send(previous.status, previous.body, { "idempotent-replayed": "true" });
      }
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        throw failure;
      }
      let status = 200;
      let body: Json;
      try {
        body = structuredClone(route(method, path, form)) as Json;
      } catch (error) {
        // Stripe keeps a declined charge's answer under its idempotency key too: a retry is not a second charge.
        if (!(error instanceof StripeApiError) || error.status !== 402) throw error;
        status = error.status;
        body = { error: error.error };
      }
      if (typeof key === "string") idempotent.set(key, { fingerprint, status, body });
      send(status, body);
    } catch (error) {
      if (error instanceof StripeApiError) send(error.status, { error: error.error });
      else send(500, { error: { type: "api_error", message: String(error) } });
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    options: {
      secretKey,
      webhookSecret,
      publishableKey: options.publishableKey ?? "pk_test_fake_realmheart",
      apiBase: `http://127.0.0.1:${port}`,
      accountId,
    },
    webhookUrl: null,
    requests,
    intents: intents as unknown as ReadonlyMap<string, Json>,
    customers: customers as unknown as ReadonlyMap<string, Json>,
    intentBySecret: (clientSecret) => intentBySecret(clientSecret) as unknown as Json,
    failNext(status, error) {
      nextFailure = new StripeApiError(status, error);
    },
    setCardBehaviour(paymentMethodId, behaviour) {
      cardBehaviours.set(paymentMethodId, behaviour);
    },
    offSessionCharges: () => [...charges],
    refunds: () => [...refunds],
    event(type, object) {
      return {
        id: id("evt"),
        object: "event",
        api_version: STRIPE_API_VERSION,
        created: seconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    async confirm(clientSecret, outcome) {
      const intent = intentBySecret(clientSecret);
      const setup = intent.object === "setup_intent";
      const declined = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      } as Stripe.PaymentIntent.LastPaymentError;
      if (outcome === "succeeded") {
        const paymentMethod = id("pm");
        if (typeof intent.customer === "string") cards.set(paymentMethod, intent.customer);
        Object.assign(intent, { status: "succeeded", payment_method: paymentMethod });
        if (intent.object === "payment_intent") intent.amount_received = intent.amount;
      } else {
        Object.assign(intent, { status: "requires_payment_method", payment_method: null });
        if (intent.object === "setup_intent") intent.last_setup_error = declined;
        else intent.last_payment_error = declined;
      }
      const type = setup
        ? outcome === "succeeded"
          ? "setup_intent.succeeded"
          : "setup_intent.setup_failed"
        : outcome === "succeeded"
          ? "payment_intent.succeeded"
          : "payment_intent.payment_failed";
      return fake.deliver(fake.event(type, intent));
    },
    async authenticate(paymentIntentId) {
      const intent = intents.get(paymentIntentId);
      const waiting =
        intent?.object === "payment_intent" &&
        intent.status === "requires_payment_method" &&
        intent.last_payment_error?.code === "authentication_required";
      if (!waiting) throw new Error(`fake Stripe: ${paymentIntentId} does not wait for authentication`);
      Object.assign(intent, {
        status: "succeeded",
        amount_received: intent.amount,
        payment_method: intent.last_payment_error?.payment_method?.id ?? null,
        last_payment_error: null,
      });
      return fake.deliver(fake.event("payment_intent.succeeded", intent));
    },
    async deliver(event, overrides = {}) {
      if (!fake.webhookUrl) throw new Error("fake Stripe: webhookUrl is not set");
      // Stripe sends pretty-printed JSON; the receiver must verify these exact bytes.
      const body = overrides.body ?? JSON.stringify(event, null, 2);
      const timestamp = overrides.timestamp ?? seconds();
      const signature = createHmac("sha256", overrides.secret ?? webhookSecret)
        .update(`${timestamp}.${body}`)
        .digest("hex");
      const header = overrides.header === undefined ? `t=${timestamp},v1=${signature}` : overrides.header;
      const response = await fetch(fake.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          ...(header === null ? {} : { "stripe-signature": header }),
        },
        body,
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // keep the text
      }
      return { status: response.status, body: parsed, event };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
  return fake;
}
