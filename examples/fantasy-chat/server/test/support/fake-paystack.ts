// A stand-in for Paystack's API on 127.0.0.1 (Paystack cannot be reached from here). It speaks Paystack's wire
// format — Bearer secret key, JSON, `{ status, message, data }` envelopes, 400s with `status: false` — for the
// calls the app makes, and lets tests act as the customer (pay, decline) and count what the app asked for.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: "abandoned" | "success" | "failed";
  callbackUrl: string | null;
  metadata: unknown;
  authorizationCode: string | null;
  reusable: boolean;
  paidAt: string | null;
  createdAt: string;
}

/** A request the app made. */
export interface FakeCall {
  method: string;
  path: string;
  body: any;
}

/** Whether a request path is `path` or below it ("/transaction/verify/rh-1" is under "/transaction/verify"). */
const isUnder = (requestPath: string, path: string) =>
  requestPath === path || requestPath.startsWith(`${path}/`);

export class FakePaystack {
  readonly secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  readonly transactions = new Map<string, FakeTransaction>();
  /** Authorization codes whose later charges are declined. */
  readonly decliningAuthorizations = new Set<string>();
  readonly calls: FakeCall[] = [];
  /** Answers the next call with this instead (a Paystack outage, a rate limit…). */
  nextAnswer: { status: number; body: string } | null = null;
  /** Refunds answer 500 while set (Paystack failing the refund of a card check). */
  refundsFail = false;
  /** References refunded so far: Paystack refuses to refund a transaction twice. */
  readonly refunded: string[] = [];
  /** Holds every answer this long (to test timeouts). */
  delayMs = 0;
  url = "";
  private nextId = 1000;
  /** While set, every request waits for it before Paystack acts on it or answers (see `holdAnswers`). */
  private gate: Promise<void> | null = null;
  private readonly releaseGate: Array<() => void> = [];
  private readonly waiters: Array<{ path: string; resolve: (call: FakeCall) => void }> = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakePaystack> {
    const holder: { fake?: FakePaystack } = {};
    const server = createServer((request, response) => {
      void holder.fake?.handle(request, response);
    });
    const fake = new FakePaystack(server);
    holder.fake = fake;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  close(): Promise<void> {
    this.releaseAnswers();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Calls the app made to a path, e.g. "/transaction/charge_authorization". */
  callsTo(path: string): FakeCall[] {
    return this.calls.filter((call) => isUnder(call.path, path));
  }

  /**
   * Holds every request from now on, before Paystack acts on it or answers, until `releaseAnswers()`: the app's
   * call stays in flight for as long as a test needs (past the app's timeout, or until the test kills the app).
   * Unlike `delayMs` it depends on no timing.
   */
  holdAnswers(): void {
    this.gate ??= new Promise<void>((resolve) => this.releaseGate.push(resolve));
  }

  /** Lets held requests through; an answer to a caller that gave up goes nowhere. */
  releaseAnswers(): void {
    this.gate = null;
    for (const release of this.releaseGate.splice(0)) release();
  }

  /** Resolves when the app next calls `path` (e.g. "/transaction/verify"), as soon as the request has arrived. */
  nextCallTo(path: string): Promise<FakeCall> {
    return new Promise((resolve) => this.waiters.push({ path, resolve }));
  }

  /** The customer pays on Paystack's page (optionally for another amount, as a tampered checkout would). */
  pay(
    reference: string,
    options: { amount?: number; currency?: string; reusable?: boolean } = {},
  ): FakeTransaction {
    const transaction = this.mustFind(reference);
    transaction.status = "success";
    transaction.amount = options.amount ?? transaction.amount;
    transaction.currency = options.currency ?? transaction.currency;
    transaction.authorizationCode = `AUTH_${randomBytes(6).toString("hex")}`;
    transaction.reusable = options.reusable ?? true;
    transaction.paidAt = new Date().toISOString();
    return transaction;
  }

  /** The customer's card is declined on Paystack's page. */
  decline(reference: string): void {
    this.mustFind(reference).status = "failed";
  }

  /** Later charges on the card paid with `reference` are declined. */
  declineChargesOf(reference: string): void {
    const code = this.mustFind(reference).authorizationCode;
    if (code) this.decliningAuthorizations.add(code);
  }

  /** A webhook as Paystack sends it: the raw body and its `x-paystack-signature`. */
  webhook(event: string, reference: string, key = this.secretKey): { body: string; signature: string } {
    const body = JSON.stringify({ event, data: this.wire(this.mustFind(reference)) });
    return { body, signature: createHmac("sha512", key).update(body).digest("hex") };
  }

  private mustFind(reference: string): FakeTransaction {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack: no transaction ${reference}`);
    return transaction;
  }

  /** A transaction in Paystack's shape. */
  wire(t: FakeTransaction) {
    return {
      id: t.id,
      domain: "test",
      status: t.status,
      reference: t.reference,
      amount: t.amount,
      message: null,
      gateway_response:
        t.status === "success"
          ? "Approved"
          : t.status === "failed"
            ? "Declined"
            : "The transaction was not completed",
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: "card",
      currency: t.currency,
      ip_address: "127.0.0.1",
      metadata: t.metadata ?? "",
      fees: t.status === "success" ? Math.round(t.amount * 0.029) : null,
      customer: {
        id: 77,
        first_name: null,
        last_name: null,
        email: t.email,
        customer_code: "CUS_fake",
        phone: null,
      },
      authorization: t.authorizationCode
        ? {
            authorization_code: t.authorizationCode,
            bin: "408408",
            last4: "4081",
            exp_month: "12",
            exp_year: "2030",
            channel: "card",
            card_type: "visa",
            bank: "TEST BANK",
            country_code: "ZA",
            brand: "visa",
            reusable: t.reusable,
            signature: "SIG_fake",
            account_name: null,
          }
        : {},
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const call: FakeCall = { method: request.method ?? "GET", path, body };
    this.calls.push(call);
    for (const waiter of this.waiters.filter((w) => isUnder(path, w.path))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(call);
    }
    if (this.gate) await this.gate;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));

    const send = (status: number, payload: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    const refuse = (status: number, message: string, code?: string) =>
      send(status, { status: false, message, ...(code ? { type: "validation_error", code } : {}) });

    if (this.nextAnswer) {
      const { status, body: raw } = this.nextAnswer;
      this.nextAnswer = null;
      response.writeHead(status, { "content-type": "text/html" });
      response.end(raw);
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) return refuse(401, "Invalid key");

    if (request.method === "POST" && path === "/transaction/initialize") {
      const amount = Number(body?.amount);
      if (typeof body?.email !== "string" || !Number.isInteger(amount) || amount <= 0) {
        return refuse(400, "Invalid amount or email");
      }
      const reference = typeof body.reference === "string" ? body.reference : randomBytes(8).toString("hex");
      if (this.transactions.has(reference)) return refuse(400, "Duplicate Transaction Reference");
      const accessCode = randomBytes(8).toString("hex");
      this.transactions.set(reference, {
        id: this.nextId++,
        reference,
        email: body.email,
        amount,
        currency: body.currency ?? "NGN",
        status: "abandoned",
        callbackUrl: body.callback_url ?? null,
        metadata: body.metadata ?? null,
        authorizationCode: null,
        reusable: false,
        paidAt: null,
        createdAt: new Date().toISOString(),
      });
      return send(200, {
        status: true,
        message: "Authorization URL created",
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }

    const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (request.method === "GET" && verify) {
      const transaction = this.transactions.get(decodeURIComponent(verify[1] ?? ""));
      if (!transaction) return refuse(400, "Transaction reference not found", "transaction_not_found");
      return send(200, { status: true, message: "Verification successful", data: this.wire(transaction) });
    }

    if (request.method === "POST" && path === "/transaction/charge_authorization") {
      const paid = [...this.transactions.values()].find(
        (t) => t.authorizationCode !== null && t.authorizationCode === body?.authorization_code && t.reusable,
      );
      if (!paid) return refuse(400, "Invalid authorization code");
      const reference = typeof body.reference === "string" ? body.reference : randomBytes(8).toString("hex");
      if (this.transactions.has(reference)) return refuse(400, "Duplicate Transaction Reference");
      const declined = this.decliningAuthorizations.has(paid.authorizationCode!);
      const charge: FakeTransaction = {
        id: this.nextId++,
        reference,
        email: body.email,
        amount: Number(body.amount),
        currency: body.currency ?? "NGN",
        status: declined ? "failed" : "success",
        callbackUrl: null,
        metadata: null,
        authorizationCode: paid.authorizationCode,
        reusable: true,
        paidAt: declined ? null : new Date().toISOString(),
        createdAt: new Date().toISOString(),
      };
      this.transactions.set(reference, charge);
      return send(200, { status: true, message: "Charge attempted", data: this.wire(charge) });
    }

    if (request.method === "POST" && path === "/refund") {
      const transaction = this.transactions.get(String(body?.transaction));
      if (this.refundsFail) return send(500, { status: false, message: "An error occurred" });
      if (!transaction || transaction.status !== "success") return refuse(400, "Transaction not found");
      if (this.refunded.includes(transaction.reference)) {
        return refuse(400, "Transaction has been fully reversed");
      }
      this.refunded.push(transaction.reference);
      return send(200, {
        status: true,
        message: "Refund has been queued for processing",
        data: {
          transaction: { reference: transaction.reference },
          amount: transaction.amount,
          status: "pending",
        },
      });
    }

    return refuse(404, "Not found");
  }
}
