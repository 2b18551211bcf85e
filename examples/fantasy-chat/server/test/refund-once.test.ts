// Issue #42: a payment is refunded once, whoever asks. The R1.00 card check of a trial (or of a card update) is
// refunded automatically — by its settlement, and again by the worker when that failed — and an admin may refund it
// by hand from the user's billing page; asked at the same moment, only one of them may reach the gateway. The fake
// Paystack counts what reaches it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payments } from "../src/db/schema.js";
import { CARD_CHECK_REFUND_RETRY_MS, refundOverdueCardChecks } from "../src/payments/card-check-refunds.js";
import { PaystackGateway } from "../src/payments/gateways/paystack-gateway.js";
import { REFUND_CLAIM_EXPIRES_MS } from "../src/payments/refund-once.js";
import { FakePaystack } from "./support/fake-paystack.js";
import { follow, startTrialSetup } from "./support/payments.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  PASSWORD,
  registerUser,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

const START = new Date("2026-11-21T12:00:00Z");
const REASON = "Card check refunded by hand";

describe.each(DATABASES)("one refund per payment, whoever asks, on %s", (kind) => {
  let server: TestApp;
  let paystack: FakePaystack;
  let gateway: PaystackGateway;
  let admin: Client;

  beforeAll(async () => {
    paystack = await FakePaystack.start();
    gateway = new PaystackGateway({ secretKey: paystack.secretKey, baseUrl: paystack.url });
    server = await startTestApp(kind, {
      renewals: false,
      paymentGateway: gateway,
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
    });
    await registerUser(server, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await server.close();
    await paystack.close();
  });
  beforeEach(async () => {
    paystack.releaseAnswers();
    paystack.delayMs = 0;
    server.clock.current = new Date(START);
    admin = new Client(server);
    expect((await admin.post("/api/auth/login", { email: ADMIN_EMAIL, password: PASSWORD })).status).toBe(
      200,
    );
  });

  /** What the renewal worker runs with: this server's database and clock, and Paystack. */
  const workerContext = () => ({ db: server.database.db, clock: server.clock, gateway, log: server.app.log });
  const paymentRow = async (reference: string) =>
    (await server.database.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const refundAsks = (reference: string) =>
    paystack.callsTo("/refund").filter((call) => call.body.transaction === reference);
  const adminRefund = (reference: string) =>
    admin.post(`/api/admin/payments/${reference}/refund`, { reason: REASON });

  /** A trial set up now, whose R1.00 card check Paystack failed to refund (one refund asked, refused). */
  async function unrefundedCardCheck(): Promise<string> {
    const { client } = await verifiedUser(server);
    const { reference } = await startTrialSetup(client);
    paystack.pay(reference);
    paystack.refundsFail = true;
    try {
      expect(await follow(client, `/trial-setup/callback?reference=${reference}`)).toBe("/");
    } finally {
      paystack.refundsFail = false;
    }
    expect(refundAsks(reference)).toHaveLength(1);
    expect((await paymentRow(reference)).refundedAt).toBeNull();
    return reference;
  }

  /** An admin's answer to a refund click: the refunded payment, or 409 while another asker's refund runs. */
  function expectRefundedOrInProgress(answer: Awaited<ReturnType<typeof adminRefund>>) {
    if (answer.status === 409) expect(answer.body.code).toBe("refund_in_progress");
    else {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: "refunded", refundedAt: expect.any(String) });
    }
  }

  it("sends the gateway one refund when an admin and the worker's retry refund a card check at the same moment", async () => {
    for (let round = 0; round < 6; round++) {
      const reference = await unrefundedCardCheck();
      server.clock.advance(CARD_CHECK_REFUND_RETRY_MS);
      // Paystack takes a moment to answer, so the two askers are at the gateway together.
      paystack.delayMs = 30;
      const [click, , secondClick] = await Promise.all([
        adminRefund(reference),
        refundOverdueCardChecks(workerContext()),
        adminRefund(reference),
      ]);
      paystack.delayMs = 0;
      // The settlement's refused attempt, then exactly one refund.
      expect(refundAsks(reference)).toHaveLength(2);
      expect(paystack.refunded.filter((refunded) => refunded === reference)).toHaveLength(1);
      expectRefundedOrInProgress(click);
      expectRefundedOrInProgress(secondClick);
      expect((await paymentRow(reference)).refundedAt).not.toBeNull();
      expect((await adminRefund(reference)).body).toMatchObject({ status: "refunded" });
      expect(refundAsks(reference)).toHaveLength(2);
    }
  });

  it("sends the gateway one refund when an admin clicks while the settlement refunds the card check", async () => {
    for (let round = 0; round < 4; round++) {
      const { client } = await verifiedUser(server);
      const { reference } = await startTrialSetup(client);
      paystack.pay(reference);
      paystack.delayMs = 20;
      // Clicks through the settlement: refused while the check is pending, answered as refunded (or in progress) after.
      const clicks = Promise.all(
        [0, 15, 30, 45, 60].map(async (wait) => {
          await new Promise((resolve) => setTimeout(resolve, wait));
          return adminRefund(reference);
        }),
      );
      expect(await follow(client, `/trial-setup/callback?reference=${reference}`)).toBe("/");
      const answers = await clicks;
      paystack.delayMs = 0;
      expect(refundAsks(reference)).toHaveLength(1);
      expect(paystack.refunded.filter((refunded) => refunded === reference)).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 409 && answer.body.code === "not_refundable") continue;
        expectRefundedOrInProgress(answer);
      }
      expect((await paymentRow(reference)).refundedAt).not.toBeNull();
    }
  });

  it("answers an admin 409 refund_in_progress while the automatic refund waits on the gateway, then the refunded payment", async () => {
    const reference = await unrefundedCardCheck();
    server.clock.advance(CARD_CHECK_REFUND_RETRY_MS);
    const atGateway = paystack.nextCallTo("/refund");
    paystack.holdAnswers();
    const pass = refundOverdueCardChecks(workerContext());
    await atGateway;
    const click = adminRefund(reference);
    // Were the click to reach the gateway as well, it would wait there with the worker: told apart without a timeout.
    const secondAsk = paystack.nextCallTo("/refund").then(() => "a second refund was asked" as const);
    const answer = await Promise.race([click, secondAsk]);
    paystack.releaseAnswers();
    expect(answer).not.toBe("a second refund was asked");
    expect(answer).toMatchObject({
      status: 409,
      body: { code: "refund_in_progress", message: "A refund of this payment is already under way" },
    });
    expect(await pass).toBe(1);
    expect((await adminRefund(reference)).body).toMatchObject({
      reference,
      status: "refunded",
      refundReason: null,
    });
    expect(refundAsks(reference)).toHaveLength(2);
  });

  it("gives the claim back when the gateway fails the refund, so a later ask refunds it", async () => {
    const reference = await unrefundedCardCheck();
    paystack.refundsFail = true;
    try {
      expect((await adminRefund(reference)).status).toBe(502);
    } finally {
      paystack.refundsFail = false;
    }
    expect(await paymentRow(reference)).toMatchObject({
      refundRequestedAt: null,
      refundReason: null,
      refundedAt: null,
    });
    server.clock.advance(CARD_CHECK_REFUND_RETRY_MS);
    expect(await refundOverdueCardChecks(workerContext())).toBe(1);
    expect((await paymentRow(reference)).refundedAt?.toISOString()).toBe(server.clock.now().toISOString());
    expect(paystack.refunded.filter((refunded) => refunded === reference)).toHaveLength(1);
  });

  it("lets a refund claimed by a process that died be taken over once the claim has expired", async () => {
    const reference = await unrefundedCardCheck();
    // A process claimed the refund and died before asking the gateway.
    const claimedAt = server.clock.now();
    await server.database.db
      .update(payments)
      .set({ refundRequestedAt: claimedAt })
      .where(eq(payments.reference, reference));
    expect((await adminRefund(reference)).body.code).toBe("refund_in_progress");
    server.clock.advance(REFUND_CLAIM_EXPIRES_MS - 1000);
    expect((await adminRefund(reference)).body.code).toBe("refund_in_progress");
    expect(refundAsks(reference)).toHaveLength(1);

    server.clock.advance(CARD_CHECK_REFUND_RETRY_MS);
    expect(await refundOverdueCardChecks(workerContext())).toBe(1);
    expect(refundAsks(reference)).toHaveLength(2);
    expect((await paymentRow(reference)).refundedAt).not.toBeNull();
  });
});
