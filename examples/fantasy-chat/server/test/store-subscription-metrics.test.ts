import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { decideInSandbox, follow, startPremiumPayment, startTrialSetup } from "./support/payments.js";
import { ADMIN_EMAIL, Client, DATABASES, registerUser, type TestApp } from "./support/test-app.js";
import { startAppWithBilling } from "./support/billing-database.js";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)(
  "store subscriptions in the admin's MRR and the Subscription screen on %s",
  (kind) => {
    let server: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ server, close } = await startAppWithBilling(kind));
    });
    afterAll(() => close());

    const userRow = async (id: string) =>
      (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

    /** Waits for the billing server's webhook to reach the app: until the user's row passes `check`. */
    async function until(id: string, check: (row: Awaited<ReturnType<typeof userRow>>) => boolean) {
      for (let i = 0; i < 100; i++) {
        if (check(await userRow(id))) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`user ${id} never reached the expected state: ${JSON.stringify(await userRow(id))}`);
    }

    /** A customer who bought `productId` with the SDK's Test Store (their first purchase: a free week's trial). */
    async function storeCustomer(productId: string) {
      const { client, user } = await registerUser(server);
      const receipt = await new Client(server).post(
        "/billing/v1/receipts",
        {
          fetch_token: `test_${server.clock.now().getTime()}_${randomUUID()}`,
          product_id: productId,
          app_user_id: user.id,
          presented_offering_identifier: "default",
        },
        { authorization: "Bearer test_realmheart_local" },
      );
      expect(receipt.status, receipt.text).toBe(200);
      const id = user.id as string;
      await until(id, (row) => row.subscriptionStatus === "active" && row.storePeriodType === "trial");
      return { client, id, productId };
    }

    /** Turns renewal off or on from the billing server's hosted Manage page, as the customer's browser posts it. */
    async function onManagePage(
      customer: { client: Client; productId: string },
      action: "cancel" | "resume",
    ) {
      const { managementUrl } = (await customer.client.get("/api/subscription")).body;
      // The app mints the customer's hosted-page link from their session when the link is followed.
      const managePage = (await customer.client.get(new URL(managementUrl).pathname)).headers.get("location");
      const answer = await fetch(`${managePage}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ product: customer.productId }).toString(),
        redirect: "manual",
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toContain(
        action === "cancel" ? "done=cancelled" : "done=resumed",
      );
    }

    async function cardCustomer(kind: "paying" | "trial") {
      const { client, user } = await registerUser(server);
      const { authorization_url } = await (kind === "paying"
        ? startPremiumPayment(client)
        : startTrialSetup(client));
      await follow(client, await decideInSandbox(client, authorization_url, "approve"));
      return { client, id: user.id as string };
    }

    it("counts only renewing paid subscriptions in MRR and shows a store subscription cancelled on the Manage page as cancelling", async () => {
      // Three store subscribers, their trial week over and renewed into paid periods by the billing server.
      const subscribers = [
        await storeCustomer("premium_realm_monthly"),
        await storeCustomer("premium_realm_monthly"),
        await storeCustomer("premium_realm_annual"),
      ];
      server.clock.advance(8 * DAY_MS);
      for (const s of subscribers) await until(s.id, (row) => row.storePeriodType === "normal");
      // Two store trials, and card customers: a paying month, a cancelled month and a trial with a card.
      const trials = [
        await storeCustomer("premium_realm_monthly"),
        await storeCustomer("premium_realm_monthly"),
      ];
      await cardCustomer("paying");
      const cardCancelled = await cardCustomer("paying");
      expect((await cardCancelled.client.post("/api/subscription/cancel")).status).toBe(200);
      await cardCustomer("trial");

      // One store subscriber and one store trial turn renewal off on the billing server's Manage page.
      const [cancelled, renewing] = subscribers as [(typeof subscribers)[0], (typeof subscribers)[0]];
      await onManagePage(cancelled, "cancel");
      await onManagePage(trials[0]!, "cancel");
      await until(cancelled.id, (row) => row.storeCancelledAt !== null);
      await until(trials[0]!.id, (row) => row.storeCancelledAt !== null);

      const { client: admin } = await registerUser(server, { email: ADMIN_EMAIL });
      const metrics = (await admin.get("/api/admin/billing")).body;
      expect(metrics).toMatchObject({
        currency: "ZAR",
        // The paying card month, one monthly store subscription and an annual one (R990 ÷ 12).
        mrr: 9900 + 9900 + 8250,
        active: 2 + 3,
        trialing: 1 + 2,
        cancelling: 1 + 2,
        pastDue: 0,
        // The three store trials that ended were followed by paid periods; the card trial has not ended yet.
        trialConversion: { ended: 3, converted: 3, rate: 1 },
      });
      // The annual plan is shown at its price a year; a store trial as a free trial.
      expect((await subscribers[2]!.client.get("/api/subscription")).body).toMatchObject({
        plan: { id: "premium_annual", amount: 99000, interval: "year" },
        freeTrial: false,
      });
      expect((await trials[1]!.client.get("/api/subscription")).body).toMatchObject({
        plan: { id: "premium_monthly", amount: 9900, interval: "month" },
        freeTrial: true,
      });

      expect((await cancelled.client.get("/api/subscription")).body).toMatchObject({
        status: "active",
        source: "store",
        cancelAtPeriodEnd: true,
        nextCharge: null,
      });
      expect((await renewing.client.get("/api/subscription")).body).toMatchObject({
        source: "store",
        cancelAtPeriodEnd: false,
      });
      expect((await trials[0]!.client.get("/api/subscription")).body).toMatchObject({
        cancelAtPeriodEnd: true,
      });

      // Resumed on the Manage page, the subscription renews again and counts again.
      await onManagePage(cancelled, "resume");
      await until(cancelled.id, (row) => row.storeCancelledAt === null);
      expect((await cancelled.client.get("/api/subscription")).body).toMatchObject({
        cancelAtPeriodEnd: false,
      });
      expect((await admin.get("/api/admin/billing")).body).toMatchObject({
        mrr: 9900 + 2 * 9900 + 8250,
        cancelling: 1 + 1,
      });
    });
  },
);
