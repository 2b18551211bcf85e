import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signManagementToken } from "../src/manage/manage-token.js";
import { runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import type { RenewalCharge } from "../src/lifecycle/renewal-charger.js";
import { deliverDueWebhooks } from "../src/webhooks/deliver-due-webhooks.js";
import { launchChromium } from "../../../scripts/chromium.mjs";
import { hostMintedLink } from "./support/manage-links.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.js";

const SECRET = "manage_links_secret_for_tests_only_0123456789";
const DAY = 86_400_000;
const PRODUCT = "premium_realm_monthly";
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

describe.each(DATABASES)("the hosted Manage subscription page on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  const webhooks = () => ({ realmheart: { url: receiver.url, secret: "whsec_manage_tests" } });
  const user = () => `user_${randomUUID()}`;
  const origin = () => new URL(server.url).origin;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(kind, { webhooks: webhooks(), management: { secret: SECRET } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server.close();
    await receiver.close();
  });

  /**
   * A Test Store subscriber: the entry link customer info gives them, an access link to their page minted as the
   * host app does (one hour), and a fresh one for after the clock moved.
   */
  async function subscriber() {
    const appUserId = user();
    const { customerInfo } = await postTestStoreReceipt(server, appUserId);
    tick();
    const entry = customerInfo.subscriber.management_url as string;
    const link = () => hostMintedLink(server, SECRET, appUserId);
    return { appUserId, entry, url: link(), link };
  }
  /** The user's events in the order they happened (delivery is parallel; each action is a second apart). */
  const eventsOf = async (appUserId: string) => {
    await deliverDueWebhooks(
      { db: server.database.db, now: () => server.clock.now },
      { webhooks: webhooks() },
    );
    return receiver
      .events()
      .filter((e) => e.app_user_id === appUserId)
      .sort((a: any, b: any) => a.event_timestamp_ms - b.event_timestamp_ms)
      .map((e) => e.type);
  };
  const tick = () => server.clock.advance(1000);
  const submit = (url: string, action: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/${action}?lang=en`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: origin(), ...headers },
      body: new URLSearchParams({ product: PRODUCT }).toString(),
    });

  it("hands out a signed entry link in customer info, on every subscription and in checkout start's shape", async () => {
    const { appUserId, entry: url } = await subscriber();
    expect(url).toMatch(new RegExp(`^${server.url}/manage/[\\w-]+\\.[\\w-]+$`));
    const info = (await call(server, "GET", `/v1/subscribers/${appUserId}`)).body;
    expect(info.subscriber.subscriptions[PRODUCT].management_url).toMatch(/\/manage\//);
    const nobody = (await call(server, "GET", `/v1/subscribers/${user()}`)).body;
    expect(nobody.subscriber.management_url).toBeNull();
    // Without a mailer, the entry page says plainly that no sign-in link can be mailed, and where a link comes from.
    const entry = await (await fetch(`${url}?lang=en`)).text();
    expect(entry).toContain("This server does not send email, so we cannot send you a sign-in link.");
    expect(entry).toContain("Open “Manage subscription” from inside the app you subscribed in.");
    expect(entry).not.toContain("Cancel subscription");
  });

  it("shows plan, status, price, next renewal, payment method and receipts, in the customer's language", async () => {
    const { url } = await subscriber();
    const english = await fetch(url, { headers: { "accept-language": "en-ZA,en;q=0.9" } });
    expect(english.status).toBe(200);
    expect(english.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const page = await english.text();
    expect(page).toContain('<html lang="en" dir="ltr">');
    for (const text of [
      "Manage subscription",
      "Premium Realm",
      "Active",
      "Next renewal",
      "Test Store (no real money)",
      "Cancel subscription",
      "Past receipts",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/R\s?99[.,]00|ZAR\s?99/);
    const spanish = await (await fetch(url, { headers: { "accept-language": "es-AR,es;q=0.9" } })).text();
    expect(spanish).toContain('<html lang="es" dir="ltr">');
    expect(spanish).toContain("Gestionar suscripción");
    const arabic = await (await fetch(`${url}?lang=ar`)).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
  });

  it("cancels (CANCELLATION), resumes (UNCANCELLATION), cancels again, and ends at the period's end (EXPIRATION)", async () => {
    const { appUserId, url, link } = await subscriber();
    const cancelled = await submit(url, "cancel");
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toMatch(/\/manage\/[^?]+\?lang=en&done=cancelled$/);
    const info = (await call(server, "GET", `/v1/subscribers/${appUserId}`)).body;
    expect(info.subscriber.subscriptions[PRODUCT].unsubscribe_detected_at).toBe(
      server.clock.now.toISOString(),
    );
    const shown = await (await fetch(new URL(cancelled.headers.get("location")!, url))).text();
    expect(shown).toContain("Your subscription is cancelled. You keep access until");
    expect(shown).toContain("Resume subscription");
    expect((await submit(url, "cancel")).status).toBe(303);
    expect(await eventsOf(appUserId)).toEqual(["INITIAL_PURCHASE", "CANCELLATION"]);

    tick();
    expect((await submit(url, "resume")).headers.get("location")).toMatch(/done=resumed$/);
    expect(
      (await call(server, "GET", `/v1/subscribers/${appUserId}`)).body.subscriber.subscriptions[PRODUCT]
        .unsubscribe_detected_at,
    ).toBeNull();
    expect(await submit(url, "resume")).toMatchObject({ status: 303 });
    expect(await eventsOf(appUserId)).toEqual(["INITIAL_PURCHASE", "CANCELLATION", "UNCANCELLATION"]);

    tick();
    await submit(url, "cancel");
    server.clock.advance(8 * DAY);
    await runLifecycle({ db: server.database.db, now: () => server.clock.now });
    expect(await eventsOf(appUserId)).toEqual([
      "INITIAL_PURCHASE",
      "CANCELLATION",
      "UNCANCELLATION",
      "CANCELLATION",
      "EXPIRATION",
    ]);
    const ended = await (await fetch(link())).text();
    expect(ended).toContain("Ended");
    expect(ended).not.toContain("Cancel subscription");
  });

  it("refuses forged, expired and other customers' links, and cross-site form posts", async () => {
    const { appUserId, url } = await subscriber();
    const token = url.split("/manage/")[1]!;
    const [body, sig] = token.split(".");
    const forged = `${server.url}/manage/${body}.${sig![0] === "A" ? "B" : "A"}${sig!.slice(1)}`;
    const refused = await fetch(forged);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("This link has expired or is not valid.");
    expect((await submit(forged, "cancel")).status).toBe(404);
    const otherSecret = signManagementToken(
      "another_secret_that_is_long_enough_0123456789",
      { projectId: "realmheart", appUserId },
      server.clock.now,
    );
    expect((await fetch(`${server.url}/manage/${otherSecret}`)).status).toBe(404);
    const expired = signManagementToken(
      SECRET,
      { projectId: "realmheart", appUserId },
      new Date(server.clock.now.getTime() - 31 * DAY),
    );
    expect((await fetch(`${server.url}/manage/${expired}`)).status).toBe(404);

    expect((await submit(url, "cancel", { origin: "https://evil.example" })).status).toBe(403);
    expect((await submit(url, "cancel", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await submit(url, "cancel", { "sec-fetch-site": "same-site", origin: "null" })).status).toBe(403);
    expect((await submit(url, "delete")).status).toBe(404);
    expect(await eventsOf(appUserId)).toEqual(["INITIAL_PURCHASE"]);
  });

  it("shows a renewal being retried in its grace period as a payment problem until the grace period ends, then ended", async () => {
    const { link } = await subscriber();
    const ctx = { db: server.database.db, now: () => server.clock.now };
    const declined = { renewalCharger: async () => "failed" as const };
    server.clock.advance(8 * DAY);
    await runLifecycle(ctx, declined);
    const graceEnd = new Date(server.clock.now.getTime() + 6 * DAY);
    const retried = await (await fetch(`${link()}?lang=en`)).text();
    expect(retried).toContain("<dt>Status</dt><dd>Payment problem</dd>");
    const longDate = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });
    expect(retried).toContain(`<dt>Access until</dt><dd>${longDate.format(graceEnd)}</dd>`);
    // A declined card has nothing for the customer to confirm; cancelling now ends the subscription at once.
    expect(retried).not.toContain("Confirm payment");
    expect(retried).toContain("Cancelling ends your access now, and the payment won&#39;t be tried again.");

    server.clock.advance(6 * DAY + 1000);
    await runLifecycle(ctx, declined);
    const ended = await (await fetch(`${link()}?lang=en`)).text();
    expect(ended).toContain("<dt>Status</dt><dd>Ended</dd>");
  });

  it("cancels in the grace period: the retries stop and access ends at once (CANCELLATION, EXPIRATION); resuming is refused", async () => {
    const { appUserId, link } = await subscriber();
    const ctx = { db: server.database.db, now: () => server.clock.now };
    let charges = 0;
    const declined = {
      renewalCharger: async ({ purchase }: RenewalCharge) => {
        if (purchase.appUserId === appUserId) charges++;
        return "failed" as const;
      },
    };
    server.clock.advance(8 * DAY);
    await runLifecycle(ctx, declined);
    expect(charges).toBe(1);
    const premium = async () => {
      const info = (await call(server, "GET", `/v1/subscribers/${appUserId}`)).body;
      return new Date(info.subscriber.entitlements.premium.expires_date) > server.clock.now;
    };
    expect(await premium()).toBe(true);
    tick();

    const url = link();
    const cancelled = await submit(url, "cancel");
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toMatch(/\?lang=en&done=ended$/);
    const shown = await (await fetch(new URL(cancelled.headers.get("location")!, url))).text();
    expect(shown).toContain("Your subscription is cancelled and has ended. You won&#39;t be charged again.");
    expect(shown).toContain("<dt>Status</dt><dd>Ended</dd>");
    expect(await premium()).toBe(false);
    const subscription = (await call(server, "GET", `/v1/subscribers/${appUserId}`)).body.subscriber
      .subscriptions[PRODUCT];
    expect(subscription).toMatchObject({
      unsubscribe_detected_at: server.clock.now.toISOString(),
      grace_period_expires_date: server.clock.now.toISOString(),
    });

    tick();
    expect((await submit(url, "resume")).headers.get("location")).toMatch(/\?lang=en$/);
    for (let day = 0; day < 7; day++) {
      server.clock.advance(DAY);
      await runLifecycle(ctx, declined);
    }
    expect(charges).toBe(1);
    expect(await premium()).toBe(false);
    // The cancel's two events share its instant, and delivery is parallel: their order is not the test's business.
    const events = await eventsOf(appUserId);
    expect(events.slice(0, 2)).toEqual(["INITIAL_PURCHASE", "BILLING_ISSUE"]);
    expect(events.slice(2).sort()).toEqual(["CANCELLATION", "EXPIRATION"]);
  });

  for (const lang of ["en", "ar"]) {
    it(`passes axe (WCAG 2.2 AA) in Chromium in ${lang}, and its buttons work by keyboard`, async () => {
      const { appUserId, url } = await subscriber();
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
        await page.goto(`${url}?lang=${lang}`);
        await page.evaluate(AXE_SOURCE);
        const serious = (await page.evaluate(`axe
          .run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] } })
          .then((r) => r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id))`)) as string[];
        expect(serious).toEqual([]);
        await page.keyboard.press("Tab");
        await page.keyboard.press("Enter");
        await page.getByRole("status").waitFor();
        expect(await page.getByRole("button").count()).toBe(1);
        expect(errors).toEqual([]);
        expect(await eventsOf(appUserId)).toEqual(["INITIAL_PURCHASE", "CANCELLATION"]);
      } finally {
        await context.close();
      }
    });
  }
});
