// A local stand-in for Stripe's HTTP API (Stripe cannot be reached here), speaking its wire format for the
// calls the billing server makes: form-encoded requests with a Bearer secret key and Idempotency-Key,
// JSON objects back, `{ error: { type, message } }` on bad input. It also plays the customer's browser
// confirming an intent and Stripe delivering the signed webhook that follows.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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
  intents: Map<string, Json>;
  customers: Map<string, Json>;
  /** The intent a client secret belongs to. */
  intentBySecret(clientSecret: string): Json;
  /** Makes the next API request fail with this Stripe error. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  /** The customer confirms the intent in Stripe.js; Stripe then sends the matching webhook event. */
  confirm(clientSecret: string, outcome: "succeeded" | "declined"): Promise<WebhookDelivery>;
  /** An event as Stripe builds it. */
  event(type: string, object: Json): Json;
  /** Delivers an event signed like Stripe, or with the overrides given. */
  deliver(
    event: Json,
    overrides?: { secret?: string; timestamp?: number; header?: string | null; body?: string },
  ): Promise<WebhookDelivery>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

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

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const secretKey = options.secretKey ?? "sk_test_fake_realmheart";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_realmheart";
  const accountId = options.accountId ?? "acct_test_realmheart";
  const seconds = () => Math.floor(now().getTime() / 1000);
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  let nextFailure: StripeApiError | null = null;

  function metadataOf(form: Json, param = "metadata"): Json {
    const metadata = form[param] ?? {};
    if (typeof metadata !== "object" || Array.isArray(metadata)) throw invalid("Invalid object", param);
    return metadata as Json;
  }
  function customerOf(form: Json): string | null {
    const customer = form.customer;
    if (customer === undefined) return null;
    if (typeof customer !== "string" || !customers.has(customer)) {
      throw invalid(`No such customer: '${String(customer)}'`, "customer", "resource_missing");
    }
    return customer;
  }
  function methodTypes(form: Json): string[] {
    const types = form.payment_method_types ?? ["card"];
    if (!Array.isArray(types) || types.some((t) => t !== "card")) {
      throw invalid("Invalid array", "payment_method_types");
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

  function route(method: string, path: string, form: Json): Json {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: typeof form.email === "string" ? form.email : null,
        metadata: metadataOf(form),
        created: seconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const usage = form.usage ?? "off_session";
      if (usage !== "off_session" && usage !== "on_session") throw invalid("Invalid usage", "usage");
      const intentId = id("seti");
      const intent = {
        id: intentId,
        object: "setup_intent",
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        customer: customerOf(form),
        usage,
        payment_method_types: methodTypes(form),
        payment_method: null,
        status: "requires_payment_method",
        last_setup_error: null,
        metadata: metadataOf(form),
        created: seconds(),
        livemode: false,
      };
      intents.set(intentId, intent);
      return intent;
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = amountOf(form);
      if (typeof form.currency !== "string" || !/^[a-z]{3}$/.test(form.currency)) {
        throw invalid("Missing required param: currency.", "currency", "parameter_missing");
      }
      const usage = form.setup_future_usage ?? null;
      if (usage !== null && usage !== "off_session" && usage !== "on_session") {
        throw invalid("Invalid setup_future_usage", "setup_future_usage");
      }
      const intentId = id("pi");
      const intent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: form.currency,
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        customer: customerOf(form),
        setup_future_usage: usage,
        payment_method_types: methodTypes(form),
        payment_method: null,
        status: "requires_payment_method",
        last_payment_error: null,
        metadata: metadataOf(form),
        created: seconds(),
        livemode: false,
      };
      intents.set(intentId, intent);
      return intent;
    }
    const update = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "POST" && update) {
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
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const method = request.method ?? "GET";
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req"), ...headers });
      response.end(JSON.stringify(body, null, 2));
    };
    const form = decodeForm(text);
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
      const body = structuredClone(route(method, path, form));
      if (typeof key === "string") idempotent.set(key, { fingerprint, status: 200, body });
      send(200, body);
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
    intents,
    customers,
    intentBySecret(clientSecret) {
      const intent = [...intents.values()].find((i) => i.client_secret === clientSecret);
      if (!intent) throw new Error(`fake Stripe: no intent with client secret ${clientSecret}`);
      return intent;
    },
    failNext(status, error) {
      nextFailure = new StripeApiError(status, error);
    },
    event(type, object) {
      return {
        id: id("evt"),
        object: "event",
        api_version: "2024-06-20",
        created: seconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    async confirm(clientSecret, outcome) {
      const intent = fake.intentBySecret(clientSecret);
      const setup = intent.object === "setup_intent";
      const declined = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      if (outcome === "succeeded") {
        Object.assign(intent, { status: "succeeded", payment_method: id("pm") });
        if (!setup) intent.amount_received = intent.amount;
      } else {
        Object.assign(intent, { status: "requires_payment_method", payment_method: null });
        intent[setup ? "last_setup_error" : "last_payment_error"] = declined;
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
