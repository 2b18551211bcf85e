// Issue #43, from the attacker's side: the public API key (it ships in web pages) and a guessable app user id get a
// `management_url` from customer info or checkout start, but that entry link shows no receipt and acts on nothing.
// Receipts and actions need proof of the customer: a sign-in link mailed to their purchase email (one hour,
// flood-limited), or an access link the host app mints with its secret. Links of the first, 30-day format are dead.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purchases } from "../src/db/schema.js";
import { signManagementToken } from "../src/index.js";
import { KEYS } from "./support/catalogue.js";
import {
  buyThroughStripe,
  checkoutCall,
  startBody,
  startCheckoutServer,
  type CheckoutServer,
} from "./support/checkout-server.js";
import { renewWithCards, subscriberWhoseBankWillAsk, waitingPeriod } from "./support/sca-renewal.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, call } from "./support/test-server.js";

const SECRET = "identity_tests_manage_secret_0123456789abcdef";
const ADMIN_SECRET = "identity-tests-admin-secret-0123";
const FROM = "Realmheart Billing <billing@realmheart.test>";
/** Where a proxy serves the test server's prefix: mailed links are built under it, never from a Host header. */
const PUBLIC_URL = "https://billing.example.test/billing";
const PRODUCT = "premium_realm_monthly";
const HOUR = 3_600_000;
const SIGN_IN_LINK = /https:\/\/billing\.example\.test\/billing\/manage\/[\w-]+\.[\w-]+\?lang=\w+/;

describe.each(DATABASES)("who may open a customer's Manage page (#43) on %s", (kind) => {
  let checkout: CheckoutServer;
  let inbox: SmtpInbox;
  const logLines: string[] = [];
  const server = () => checkout.server;
  /** A link under PUBLIC_URL, as the test server answers it. */
  const local = (link: string) => `${server().url}${link.slice(PUBLIC_URL.length)}`;
  const origin = () => new URL(server().url).origin;
  const form = (url: string, action: string, fields: Record<string, string> = {}, headers = {}) =>
    fetch(`${url}/${action}?lang=en`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: origin(), ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const rowsOf = (appUserId: string) =>
    server().database.db.select().from(purchases).where(eq(purchases.appUserId, appUserId));
  const mailsTo = (email: string) => inbox.mails.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    checkout = await startCheckoutServer(
      kind,
      {
        management: { secret: SECRET, publicUrl: PUBLIC_URL },
        mail: { smtpUrl: inbox.url, from: FROM },
        adminSecret: ADMIN_SECRET,
      },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await checkout?.close();
    await inbox?.close();
  });
  // Every test asks from 127.0.0.1: an hour apart, earlier tests' sign-in mails no longer count against its limit.
  beforeEach(() => server().clock.advance(HOUR + 1000));

  /** A card subscriber (their purchase email is `{id}@example.com`) and the entry link customer info gives them. */
  async function cardSubscriber() {
    const appUserId = `victim_${crypto.randomUUID()}`;
    await buyThroughStripe(checkout, appUserId);
    const info = await call(server(), "GET", `/v1/subscribers/${appUserId}`, { key: KEYS.sandbox });
    const [purchase] = await rowsOf(appUserId);
    return {
      appUserId,
      email: `${appUserId}@example.com`,
      entry: local(info.body.subscriber.management_url),
      purchase: purchase!,
    };
  }

  /** Presses "Email me a link" on the entry page; answers the page shown. */
  const askForLink = async (entry: string, headers = {}) => {
    const answer = await form(entry, "email-link", {}, headers);
    return { status: answer.status, page: await answer.text() };
  };

  it("gives the public key an entry link (customer info and checkout start) that shows no receipt, amount, address or action", async () => {
    const victim = await cardSubscriber();
    const started = await checkoutCall(
      server(),
      "POST",
      "/start",
      startBody(victim.appUserId, { product_id: "dragon_gems", price_id: "prc_dragon_gems" }),
    );
    expect(started.status).toBe(200);
    expect(started.body.management_url).toMatch(new RegExp(`^${PUBLIC_URL}/manage/[\\w-]+\\.[\\w-]+$`));
    for (const entry of [victim.entry, local(started.body.management_url)]) {
      const shown = await fetch(`${entry}?lang=en`);
      expect(shown.status).toBe(200);
      expect(shown.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
      const page = await shown.text();
      expect(page).toContain("We will email a sign-in link to the email address you used at checkout.");
      expect(page).toContain(">Email me a link</button>");
      expect(page).not.toContain("<script");
      for (const secret of [
        victim.purchase.storeTransactionId,
        victim.email,
        "Past receipts",
        "Cancel subscription",
      ]) {
        expect(page).not.toContain(secret);
      }
      expect(page).not.toMatch(/R\s?99|ZAR/);
    }
  });

  it("refuses to cancel, resume or show the payment confirmation page through an entry link: the purchase is unchanged", async () => {
    const victim = await cardSubscriber();
    const before = await rowsOf(victim.appUserId);
    for (const action of ["cancel", "resume"]) {
      const answer = await form(victim.entry, action, { product: PRODUCT });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("This link has expired or is not valid.");
    }
    expect(await rowsOf(victim.appUserId)).toEqual(before);

    // A renewal the bank holds: the entry link cannot reach the page that confirms it.
    const { appUserId } = await subscriberWhoseBankWillAsk(checkout);
    await renewWithCards(checkout, { mail: null, management: null });
    const { renewalAuthentication } = await waitingPeriod(checkout, appUserId);
    const info = await call(server(), "GET", `/v1/subscribers/${appUserId}`, { key: KEYS.sandbox });
    const entry = local(info.body.subscriber.management_url);
    const confirm = await fetch(`${entry}/confirm-payment?product=${PRODUCT}`);
    expect(confirm.status).toBe(404);
    const page = await confirm.text();
    expect(page).not.toContain(renewalAuthentication.clientSecret);
    expect(page).not.toContain("pk_test_realmheart");
  });

  it("refuses a link of the old 30-day format on the page, its actions and the confirmation page (404)", async () => {
    const victim = await cardSubscriber();
    const before = await rowsOf(victim.appUserId);
    // The first format: {p, u, e} MAC'd as `manage.{body}` with the same secret, still within its 30 days.
    const body = Buffer.from(
      JSON.stringify({
        p: "realmheart",
        u: victim.appUserId,
        e: server().clock.now.getTime() + 29 * 24 * HOUR,
      }),
    ).toString("base64url");
    const mac = createHmac("sha256", SECRET).update(`manage.${body}`).digest("base64url");
    const old = `${server().url}/manage/${body}.${mac}`;
    for (const response of [
      await fetch(old),
      await fetch(`${old}/confirm-payment?product=${PRODUCT}`),
      await form(old, "cancel", { product: PRODUCT }),
      await form(old, "email-link"),
    ]) {
      expect(response.status).toBe(404);
      const page = await response.text();
      expect(page).toContain("This link has expired or is not valid.");
      expect(page).not.toContain(victim.purchase.storeTransactionId);
    }
    expect(await rowsOf(victim.appUserId)).toEqual(before);
    expect(mailsTo(victim.email)).toEqual([]);
  });

  it("mails a sign-in link only to the purchase email (not a $email the attacker set); it shows receipts for 1 hour, then not", async () => {
    const victim = await cardSubscriber();
    const attacker = `attacker_${crypto.randomUUID()}@evil.example`;
    const set = await call(server(), "POST", `/v1/subscribers/${victim.appUserId}/attributes`, {
      key: KEYS.sandbox,
      body: { attributes: { $email: { value: attacker, updated_at_ms: server().clock.now.getTime() } } },
    });
    expect(set.status).toBe(200);

    const { status, page } = await askForLink(victim.entry);
    expect(status).toBe(200);
    expect(page).toContain("The link works for 1 hour.");
    expect(page).not.toContain(victim.email);
    // The answer came once the SMTP server had accepted the mail.
    const [mail, ...more] = mailsTo(victim.email);
    expect(more).toEqual([]);
    expect(inbox.mails.filter((m) => m.to.includes(attacker))).toEqual([]);
    expect(mail!.subject).toBe("Your link to manage your subscription");
    const link = SIGN_IN_LINK.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain("The link works for 1 hour.");

    const shown = await fetch(local(link!));
    expect(shown.status).toBe(200);
    const receipts = await shown.text();
    expect(receipts).toContain(victim.purchase.storeTransactionId);
    expect(receipts).toContain("Cancel subscription");

    server().clock.advance(HOUR + 1000);
    const expired = await fetch(local(link!));
    expect(expired.status).toBe(404);
    expect(await expired.text()).not.toContain(victim.purchase.storeTransactionId);
  });

  it("sends no 4th sign-in mail to one customer within an hour, with the same answer page; the next goes out an hour later", async () => {
    const victim = await cardSubscriber();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await askForLink(victim.entry));
    expect(new Set(answers.map((a) => `${a.status} ${a.page}`)).size).toBe(1);
    expect(mailsTo(victim.email)).toHaveLength(3);
    expect(logLines.some((l) => l.includes(victim.appUserId) && l.includes("customer_limit"))).toBe(true);

    server().clock.advance(HOUR + 1000);
    await askForLink(victim.entry);
    expect(mailsTo(victim.email)).toHaveLength(4);
  });

  it("sends no 21st sign-in mail for one address within an hour, whichever customers it names", async () => {
    const victims: Awaited<ReturnType<typeof cardSubscriber>>[] = [];
    for (let i = 0; i < 7; i++) victims.push(await cardSubscriber());
    const sentBefore = inbox.mails.length;
    for (const victim of victims) for (let i = 0; i < 3; i++) await askForLink(victim.entry);
    expect(inbox.mails.length - sentBefore).toBe(20);
    expect(mailsTo(victims[6]!.email)).toHaveLength(2);
    expect(logLines.some((l) => l.includes(victims[6]!.appUserId) && l.includes("requester_limit"))).toBe(
      true,
    );
  });

  it("refuses a sign-in request posted from another site (403) and mails nothing", async () => {
    const victim = await cardSubscriber();
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }]) {
      expect((await askForLink(victim.entry, headers)).status).toBe(403);
    }
    expect(mailsTo(victim.email)).toEqual([]);
  });

  it("says plainly that no link can be mailed to a customer without a purchase email, and to open the page from the app", async () => {
    const appUserId = `store_${crypto.randomUUID()}`;
    const { customerInfo } = await postTestStoreReceipt(server(), appUserId);
    const page = await (await fetch(`${local(customerInfo.subscriber.management_url)}?lang=en`)).text();
    expect(page).toContain(
      "We have no email address for your purchase, so we cannot send you a sign-in link.",
    );
    expect(page).toContain("Open “Manage subscription” from inside the app you subscribed in.");
    expect(page).not.toContain("<form");
  });

  it("mints a 1-hour access link for the admin secret only: not without it, with a wrong one, or with the public key alone", async () => {
    const victim = await cardSubscriber();
    const path = `/v1/subscribers/${victim.appUserId}/management_url`;
    const refused = [
      await call(server(), "POST", path, { key: null, headers: { "x-billing-admin-secret": ADMIN_SECRET } }),
      await call(server(), "POST", path, { key: KEYS.sandbox }),
      await call(server(), "POST", path, {
        key: KEYS.sandbox,
        headers: { "x-billing-admin-secret": "wrong" },
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 403, 403]);
    for (const r of refused) expect(JSON.stringify(r.body)).not.toContain("/manage/");

    const minted = await call(server(), "POST", path, {
      key: KEYS.sandbox,
      headers: { "x-billing-admin-secret": ADMIN_SECRET },
    });
    expect(minted.status).toBe(200);
    expect(minted.body).toEqual({
      management_url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/manage/[\\w-]+\\.[\\w-]+$`)),
      expires_at_ms: server().clock.now.getTime() + HOUR,
    });
    const page = await (await fetch(local(minted.body.management_url))).text();
    expect(page).toContain(victim.purchase.storeTransactionId);
    server().clock.advance(HOUR);
    expect((await fetch(local(minted.body.management_url))).status).toBe(404);
  });

  it("lets a host-minted access token (signManagementToken) show and act for 1 hour, then refuses it", async () => {
    const victim = await cardSubscriber();
    const token = signManagementToken(
      SECRET,
      { projectId: "realmheart", appUserId: victim.appUserId },
      server().clock.now,
    );
    const url = `${server().url}/manage/${token}`;
    expect(await (await fetch(url)).text()).toContain(victim.purchase.storeTransactionId);
    server().clock.advance(HOUR);
    expect((await fetch(url)).status).toBe(404);
    const before = await rowsOf(victim.appUserId);
    expect((await form(url, "cancel", { product: PRODUCT })).status).toBe(404);
    expect(await rowsOf(victim.appUserId)).toEqual(before);
  });

  // Runs last: it reads what every request above logged.
  it("never logs a Manage link's token, nor a purchase email", () => {
    const all = logLines.join("\n");
    expect(all).toContain("/manage/:token");
    expect(all).not.toMatch(/\/manage\/[\w-]{20,}/);
    expect(all).not.toContain("@example.com");
  });
});
