// Issue #41: a card renewal the customer's bank wants confirmed (SCA) is mailed to the customer through a real SMTP
// server, with a link to the hosted confirmation page; the page hands Stripe.js what it needs to confirm, and once
// Stripe reports the payment by webhook the subscription renews and the page has nothing left to confirm.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBillingDatabase } from "../src/db/database.js";
import { checkoutSessions } from "../src/db/schema.js";
import type { MailLog } from "../src/mail/mailer.js";
import type { MailOptions } from "../src/mail/mail-options.js";
import type { ManagementLinks } from "../src/manage/management-link.js";
import { signManagementToken } from "../src/manage/manage-token.js";
import { billingServer } from "../src/plugin.js";
import { KEYS } from "./support/catalogue.js";
import { startCheckoutServer, type CheckoutServer } from "./support/checkout-server.js";
import { renewWithCards, subscriberWhoseBankWillAsk, waitingPeriod } from "./support/sca-renewal.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";
import { DATABASES, call } from "./support/test-server.js";

const SECRET = "renewal_confirmation_links_secret_0123456789";
const FROM = "Realmheart Billing <billing@realmheart.test>";
const PRODUCT = "premium_realm_monthly";
const DAY = 86_400_000;
const CONFIRM_LINK = /https?:\/\/\S+\/manage\/[\w-]+\.[\w-]+\/confirm-payment\?product=premium_realm_monthly/;

/** A logger that keeps every line, as the plugin's pino logger would write it. */
function captureLog() {
  const lines: { level: string; message: string; json: string }[] = [];
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      lines.push({ level, message, json: JSON.stringify({ ...details, msg: message }) });
    };
  const log: MailLog = { info: at("info"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

const zar = (minorUnits: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "ZAR" }).format(minorUnits / 100);

describe.each(DATABASES)("confirming a renewal the bank holds (SCA) on %s", (kind) => {
  let checkout: CheckoutServer;
  let inbox: SmtpInbox;
  const captured = captureLog();
  const server = () => checkout.server;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    checkout = await startCheckoutServer(kind, { management: { secret: SECRET } });
  });
  afterAll(async () => {
    await checkout?.close();
    await inbox?.close();
  });

  /** The management settings the server runs with, with the public URL the worker needs for a mail. */
  const management = (publicUrl: string | null = server().url): ManagementLinks => ({
    secret: SECRET,
    publicUrl,
    prefix: "/billing",
  });

  /** One lifecycle pass that mails through the test's SMTP server with links under the server's URL by default. */
  const runRenewals = (
    options: { mail?: MailOptions | null; management?: ManagementLinks | null; log?: MailLog } = {},
  ) =>
    renewWithCards(checkout, {
      mail: options.mail === undefined ? { smtpUrl: inbox.url, from: FROM } : options.mail,
      management: options.management === undefined ? management() : options.management,
      log: options.log ?? captured.log,
    });
  const mailsTo = (email: string) => inbox.mails.filter((m) => m.to.includes(email));

  it("mails the buyer one link; the page hands Stripe.js the payment; after the webhook nothing is left to confirm", async () => {
    const { appUserId, email } = await subscriberWhoseBankWillAsk(checkout);
    const report = await runRenewals();
    expect(report.billingIssues).toBeGreaterThanOrEqual(1);
    const { renewalAuthentication: waiting, gracePeriodExpiresDate } = await waitingPeriod(
      checkout,
      appUserId,
    );
    const charged = checkout.stripe.offSessionCharges().find((c) => c.id === waiting.paymentIntentId);
    expect(charged?.amount).toBeGreaterThan(0);
    const amount = zar(charged!.amount);

    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.from).toBe("billing@realmheart.test");
    expect(mail!.raw).toMatch(/^From: Realmheart Billing <billing@realmheart\.test>/m);
    expect(mail!.subject).toBe("Confirm your subscription payment");
    const link = CONFIRM_LINK.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect(link!.startsWith(`${server().url}/manage/`)).toBe(true);
    const date = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(
      gracePeriodExpiresDate!,
    );
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain("Premium Realm");
      expect(part).toContain(amount);
      expect(part).toContain(date);
    }
    expect(mail!.html).toContain(`href="${link}"`);

    // A second pass changes nothing and mails nothing: the payment waits for the customer.
    await runRenewals();
    expect(mailsTo(email)).toHaveLength(1);

    const shown = await fetch(link!);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    expect(shown.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = shown.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; script-src https:\/\/js\.stripe\.com 'sha256-/,
    );
    expect(csp).toContain(
      "; frame-src https://js.stripe.com https://hooks.stripe.com; connect-src https://api.stripe.com;",
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe|\*/);
    const page = await shown.text();
    expect(page).toContain("pk_test_realmheart");
    expect(page).toContain(amount);
    expect(page).toContain(date);
    expect(page).toContain(">Confirm payment</button>");
    expect(page).toContain('<script src="https://js.stripe.com/endive/stripe.js"></script>');
    // The inline script is the one the policy's hash allows.
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
    expect(csp).toContain(`'sha256-${createHash("sha256").update(inline).digest("base64")}'`);
    // The client secret is in the JSON data block only: not in a link, a form, a script URL or the page's own URL.
    const dataBlock = /<script type="application\/json" id="confirm-payment-data">([\s\S]*?)<\/script>/.exec(
      page,
    );
    expect(JSON.parse(dataBlock![1]!)).toMatchObject({
      publishableKey: "pk_test_realmheart",
      accountId: "acct_test_realmheart",
      clientSecret: waiting.clientSecret,
      paymentMethodId: waiting.paymentMethodId,
      locale: "en",
    });
    expect(page.split(waiting.clientSecret)).toHaveLength(2);
    expect(page.replace(dataBlock![0], "")).not.toContain(waiting.clientSecret);
    expect(link).not.toContain("secret");

    const managePage = link!.replace(/\/confirm-payment\?.*$/, "");
    const manage = await (await fetch(`${managePage}?lang=en`)).text();
    expect(manage).toContain("Payment problem");
    expect(manage).toContain(
      `href="/billing/manage/${managePage.split("/manage/")[1]}/confirm-payment?product=${PRODUCT}&amp;lang=en">Confirm payment</a>`,
    );

    const delivery = await checkout.stripe.authenticate(waiting.paymentIntentId);
    expect(delivery).toMatchObject({ status: 200, body: { result: "renewed" } });
    const after = await fetch(link!);
    expect(after.status).toBe(200);
    expect(after.headers.get("content-security-policy")).not.toContain("script-src");
    const nothing = await after.text();
    expect(nothing).toContain("There is no payment waiting for your confirmation.");
    expect(nothing).toContain(`href="${new URL(managePage).pathname}?lang=en"`);
    expect(nothing).not.toContain(waiting.clientSecret);
    const renewed = await (await fetch(managePage)).text();
    expect(renewed).toContain("Active");
    expect(renewed).not.toContain("Confirm payment");
    const info = await call(server(), "GET", `/v1/subscribers/${appUserId}`, { key: KEYS.sandbox });
    expect(info.body.subscriber.subscriptions[PRODUCT].billing_issues_detected_at).toBeNull();
  });

  it("shows the page in the customer's language, and nothing to confirm for another product", async () => {
    const { appUserId } = await subscriberWhoseBankWillAsk(checkout);
    await runRenewals();
    const token = signManagementToken(SECRET, { projectId: "realmheart", appUserId }, server().clock.now);
    const base = `${server().url}/manage/${token}/confirm-payment`;
    const arabic = await (await fetch(`${base}?product=${PRODUCT}&lang=ar`)).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain("تأكيد الدفع");
    const german = await (
      await fetch(`${base}?product=${PRODUCT}`, { headers: { "accept-language": "de-CH" } })
    ).text();
    expect(german).toContain("Zahlung bestätigen");
    expect(german).toContain('"locale":"de"');
    for (const query of ["?product=premium_realm_annual", "?product=dragon_gems", ""]) {
      const other = await fetch(`${base}${query}`);
      expect(other.status).toBe(200);
      expect(await other.text()).toContain("There is no payment waiting for your confirmation.");
    }
  });

  it("answers a forged, expired or other server's link with the invalid-link page (404)", async () => {
    const { appUserId } = await subscriberWhoseBankWillAsk(checkout);
    await runRenewals();
    const token = signManagementToken(SECRET, { projectId: "realmheart", appUserId }, server().clock.now);
    const [body, signature] = token.split(".");
    const tokens = [
      `${body}.${signature![0] === "A" ? "B" : "A"}${signature!.slice(1)}`,
      signManagementToken(
        SECRET,
        { projectId: "realmheart", appUserId },
        new Date(server().clock.now.getTime() - 31 * DAY),
      ),
      signManagementToken(
        "a_different_secret_that_is_long_enough_0123",
        { projectId: "realmheart", appUserId },
        server().clock.now,
      ),
    ];
    for (const forged of tokens) {
      const response = await fetch(`${server().url}/manage/${forged}/confirm-payment?product=${PRODUCT}`);
      expect(response.status).toBe(404);
      const page = await response.text();
      expect(page).toContain("This link has expired or is not valid.");
      expect(page).not.toContain("pk_test_realmheart");
    }
  });

  it("ends the wait with the grace period: the page then has nothing to confirm", async () => {
    const { appUserId } = await subscriberWhoseBankWillAsk(checkout);
    await runRenewals();
    server().clock.advance(7 * DAY);
    await runRenewals();
    const token = signManagementToken(SECRET, { projectId: "realmheart", appUserId }, server().clock.now);
    const page = await (
      await fetch(`${server().url}/manage/${token}/confirm-payment?product=${PRODUCT}`)
    ).text();
    expect(page).toContain("There is no payment waiting for your confirmation.");
    expect(await (await fetch(`${server().url}/manage/${token}`)).text()).toContain("Ended");
  });

  it("never mails the link to a $email attribute (anyone with the public key sets it) when the checkout kept no address", async () => {
    const { appUserId, email } = await subscriberWhoseBankWillAsk(checkout);
    await server()
      .database.db.update(checkoutSessions)
      .set({ email: null })
      .where(eq(checkoutSessions.appUserId, appUserId));
    const attribute = `${appUserId}@attribute.example`;
    const saved = await call(server(), "POST", `/v1/subscribers/${appUserId}/attributes`, {
      key: KEYS.sandbox,
      body: { attributes: { $email: { value: attribute, updated_at_ms: server().clock.now.getTime() } } },
    });
    expect(saved.status).toBe(200);
    const { log, lines } = captureLog();
    await runRenewals({ log });
    expect(mailsTo(email)).toEqual([]);
    expect(mailsTo(attribute)).toEqual([]);
    const warning = lines.find((l) => l.json.includes(appUserId));
    expect(warning).toMatchObject({
      level: "warn",
      message: "renewal confirmation mail cannot be sent: the customer has no email address",
    });
  });

  it("mails the link, working 7 days, to the customer's most recent purchase email when this subscription's checkout kept none", async () => {
    const { appUserId } = await subscriberWhoseBankWillAsk(checkout);
    const [first] = await server()
      .database.db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.appUserId, appUserId));
    // An earlier checkout of the customer's that succeeded, with another address.
    const earlier = `${appUserId}@earlier.example`;
    await server()
      .database.db.insert(checkoutSessions)
      .values({
        ...first!,
        id: `opsess_${appUserId.replace(/\W/g, "")}`,
        email: earlier,
        storeTransactionId: null,
        purchaseDate: new Date(first!.purchaseDate!.getTime() - DAY),
      });
    await server()
      .database.db.update(checkoutSessions)
      .set({ email: null })
      .where(eq(checkoutSessions.id, first!.id));
    await runRenewals();
    const [mail, ...more] = mailsTo(earlier);
    expect(more).toEqual([]);
    const link = CONFIRM_LINK.exec(mail!.text)![0];
    server().clock.advance(7 * DAY - 60_000);
    expect((await fetch(link)).status).toBe(200);
    server().clock.advance(60_000);
    expect((await fetch(link)).status).toBe(404);
  });

  it("without SMTP, logs which customer the mail was for, and neither the link nor the address", async () => {
    const { appUserId, email } = await subscriberWhoseBankWillAsk(checkout);
    const { log, lines } = captureLog();
    await runRenewals({ mail: null, log });
    expect(mailsTo(email)).toEqual([]);
    const line = lines.find((l) => l.json.includes(appUserId));
    expect(line).toMatchObject({
      level: "info",
      message: expect.stringMatching(/^mail not sent: no SMTP server/),
    });
    const all = lines.map((l) => l.json).join("\n");
    expect(all).not.toContain("/manage/");
    expect(all).not.toContain(email);
  });

  it("warns that the mail cannot be sent without the public URL or the Manage page, and still opens the billing issue", async () => {
    for (const [settings, why] of [
      [management(null), /public URL \(management\.publicUrl, PUBLIC_URL/],
      [null, /Manage subscription page is off/],
    ] as const) {
      const { appUserId, email } = await subscriberWhoseBankWillAsk(checkout);
      const { log, lines } = captureLog();
      const report = await runRenewals({ management: settings, log });
      expect(report.billingIssues).toBeGreaterThanOrEqual(1);
      expect(mailsTo(email)).toEqual([]);
      const warning = lines.find((l) => l.json.includes(appUserId));
      expect(warning?.level).toBe("warn");
      expect(warning?.message).toMatch(/^renewal confirmation mail cannot be sent: /);
      expect(warning?.message).toMatch(why);
    }
  });

  it("logs a failed send without the SMTP password, and never throws into the lifecycle", async () => {
    const { appUserId, email } = await subscriberWhoseBankWillAsk(checkout);
    const { log, lines } = captureLog();
    const wrongLogin = inbox.url.replace(inbox.password, "not-the-password");
    const report = await runRenewals({ mail: { smtpUrl: wrongLogin, from: FROM }, log });
    expect(report).toMatchObject({ errors: 0 });
    expect(report.billingIssues).toBeGreaterThanOrEqual(1);
    expect(mailsTo(email)).toEqual([]);
    const failure = lines.find((l) => l.json.includes(appUserId) && l.level === "error");
    expect(failure?.message).toBe("mail could not be sent");
    expect(failure?.json).toContain('"code":"EAUTH"');
    expect(lines.map((l) => l.json).join("\n")).not.toContain("not-the-password");
  });

  // Runs last: it reads what every mail of the tests above logged.
  it("never logs the SMTP password, a management token or a client secret", () => {
    const all = captured.lines.map((l) => l.json).join("\n");
    expect(captured.lines.filter((l) => l.message === "mail sent").length).toBeGreaterThanOrEqual(3);
    expect(all).not.toContain(inbox.password);
    expect(all).not.toContain("/manage/");
    expect(all).not.toContain("_secret_");
  });
});

describe.each(DATABASES)("the plugin's workers on %s", (kind) => {
  const PUBLIC_URL = "https://billing.example.test/billing";
  let checkout: CheckoutServer;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    checkout = await startCheckoutServer(kind, {
      workers: undefined,
      workerIntervalMs: 100,
      management: { secret: SECRET, publicUrl: PUBLIC_URL },
      mail: { smtpUrl: inbox.url, from: FROM },
    });
  });
  afterAll(async () => {
    await checkout?.close();
    await inbox?.close();
  });

  it("charge the renewal and mail the confirmation link under the public URL, once", async () => {
    const { email } = await subscriberWhoseBankWillAsk(checkout);
    await inbox.waitFor(1);
    const [mail, ...more] = inbox.mails;
    expect(mail!.to).toEqual([email]);
    const link = CONFIRM_LINK.exec(mail!.text)?.[0] ?? "";
    expect(link.startsWith(`${PUBLIC_URL}/manage/`)).toBe(true);
    // The public URL is where a proxy serves this server's prefix: the same path answers here.
    const page = await fetch(`${checkout.server.url}${link.slice(PUBLIC_URL.length)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(">Confirm payment</button>");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(more).toEqual([]);
    expect(inbox.mails).toHaveLength(1);
  });
});

describe("the plugin's mail option", () => {
  it("refuses a URL that is not SMTP, and a sender that is not an address, naming the option and not the URL", async () => {
    const database = await openBillingDatabase();
    try {
      for (const [mail, message] of [
        [
          { smtpUrl: "https://user:hunter2@mail.example", from: FROM },
          /^mail\.smtpUrl must be an smtp:\/\/ or smtps:\/\/ URL/,
        ],
        [
          { smtpUrl: "smtps://user:hunter2@mail.example", from: "billing" },
          /^mail\.from must be a sender address/,
        ],
        [
          {
            smtpUrl: "smtps://user:hunter2@mail.example",
            from: "Billing <billing@example.com>\r\nBcc: x@y.z",
          },
          /^mail\.from/,
        ],
      ] as const) {
        const app = Fastify();
        const registered = app.register(billingServer, { database, mail, workers: false }).ready();
        await expect(registered).rejects.toThrow(message);
        await expect(registered).rejects.not.toThrow(/hunter2/);
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
