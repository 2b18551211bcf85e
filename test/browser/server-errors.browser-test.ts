// The billing server's errors as a page on another origin sees them, in real Chromium: the SDK with an
// integrator's `additionalHeaders` gets through the server's own preflight, and a too-long URL (414), a too-large
// body (413), a 500 and the 503 of a database that is down all reach the page with their CORS headers, so the SDK
// reports the server's status and code instead of a network error. Where no SDK method can provoke the case (the
// SDK refuses app user ids long enough for a 414 and sends small bodies), the page sends the SDK's request itself,
// with the same headers, and reads the status.
import type { Page } from "playwright-core";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer } from "../../examples/billing-server/test/support/test-server.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import type { Browser } from "playwright-core";
import { closeCleanPage, gotoHost, STEP_TIMEOUT, useBrowserSuite, type PageLog } from "./support/browser";

const NETWORK_ERROR = 10;
const UNKNOWN_BACKEND_ERROR = 16;
const INVALID_CREDENTIALS_ERROR = 11;
const TENANT = { "X-Tenant": "realmheart" };

/**
 * A page in a fresh context that Playwright does not intercept: with request interception on (the loopback guard of
 * `openPage`), Playwright answers CORS preflights itself, permissively, and the server's preflight would never be
 * tested. Requests are only watched: any that is not for 127.0.0.1 is recorded in `blocked` (the suite's servers are
 * all there), and console errors are collected but for "Failed to load resource" of the provoked failures.
 */
async function openUnroutedPage(
  browser: Browser,
  expectedFailures: RegExp,
): Promise<{ page: Page; log: PageLog }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  context.setDefaultTimeout(STEP_TIMEOUT);
  const log: PageLog = { errors: [], consoleErrors: [], blocked: [] };
  const page = await context.newPage();
  page.on("request", (request) => {
    if (new URL(request.url()).hostname !== "127.0.0.1") log.blocked.push(request.url());
  });
  page.on("pageerror", (error) => log.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    if (message.text().startsWith("Failed to load resource") && expectedFailures.test(where)) return;
    log.consoleErrors.push(`${message.text()} (${where})`);
  });
  return { page, log };
}

/** How an SDK call or a page fetch ended, as the page saw it. */
interface PageOutcome {
  ok: boolean;
  errorCode?: number;
  statusCode?: number;
  backendErrorCode?: number;
  underlyingErrorMessage?: string;
  status?: number;
  body?: unknown;
  retryAfter?: string | null;
}

describe("the billing server's errors reach the SDK in Chromium (page and server on different origins)", () => {
  const suite = useBrowserSuite(() => startTestServer("pglite"));
  let page: Page;
  let log: PageLog;

  afterEach(() => closeCleanPage(page, log));

  /** A page whose SDK talks to `baseUrl` with the integrator's X-Tenant header; provoked failures are not errors. */
  async function openHost(baseUrl: string, apiKey: string = KEYS.test) {
    ({ page, log } = await openUnroutedPage(suite.browser, /\/v1\//));
    await gotoHost(page, suite.host.url);
    await page.evaluate(
      ({ apiKey, baseUrl, headers }) => {
        const Purchases = (window as any).__Purchases;
        if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
        Purchases.configure({
          apiKey,
          appUserId: `browser_server_errors_${Date.now()}`,
          httpConfig: { proxyURL: baseUrl, additionalHeaders: headers },
        });
      },
      { apiKey, baseUrl, headers: TENANT },
    );
  }

  /** Runs an SDK method in the page: resolved, or rejected with the PurchasesError's code and extra. */
  function sdkCall(method: "getCustomerInfo" | "setAttributes", arg?: unknown): Promise<PageOutcome> {
    return page.evaluate(
      async ({ method, arg }) => {
        try {
          await (window as any).__Purchases.getSharedInstance()[method](arg);
          return { ok: true };
        } catch (error: any) {
          return {
            ok: false,
            errorCode: error?.errorCode,
            statusCode: error?.extra?.statusCode,
            backendErrorCode: error?.extra?.backendErrorCode,
            underlyingErrorMessage: error?.underlyingErrorMessage,
          };
        }
      },
      { method, arg },
    );
  }

  /** The SDK's request sent by the page itself: whether it could read the status, body and Retry-After. */
  function pageFetch(url: string, init: { method: string; body?: string }): Promise<PageOutcome> {
    return page.evaluate(
      async ({ url, init, headers }) => {
        try {
          const response = await fetch(url, { ...init, headers });
          const text = await response.text();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // keep the text
          }
          return { ok: true, status: response.status, body, retryAfter: response.headers.get("retry-after") };
        } catch {
          return { ok: false };
        }
      },
      {
        url,
        init,
        headers: {
          ...TENANT,
          Authorization: `Bearer ${KEYS.test}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-Platform": "web",
          "X-Version": "0.0.0",
          "X-Is-Sandbox": "true",
        },
      },
    );
  }

  it("serves SDK calls that carry the integrator's X-Tenant header", async () => {
    await openHost(suite.server.url);
    expect(await sdkCall("getCustomerInfo")).toEqual({ ok: true });
    expect(await sdkCall("setAttributes", { favourite_realm: "night court" })).toEqual({ ok: true });
  });

  it("tells a page on an origin its project does not allow why it is refused, instead of a network error", async () => {
    await openHost(suite.server.url, KEYS.otherProject);
    const origin = new URL(suite.host.url).origin;
    const refused = await sdkCall("getCustomerInfo");
    expect(refused).toMatchObject({
      ok: false,
      errorCode: INVALID_CREDENTIALS_ERROR,
      statusCode: 403,
      backendErrorCode: 7225,
    });
    expect(refused.underlyingErrorMessage).toBe(
      `This API key's project does not allow requests from pages on ${origin}: add the origin to the project's allowed_origins (ALLOWED_ORIGINS for the CLI).`,
    );
  });

  it("lets the page read a 414 for a too-long URL and a 413 for a too-large body", async () => {
    await openHost(suite.server.url);
    const tooLong = await pageFetch(`${suite.server.url}/v1/subscribers/${"a".repeat(4000)}`, {
      method: "GET",
    });
    expect(tooLong).toMatchObject({ ok: true, status: 414, body: { code: 7226 } });
    const tooLarge = await pageFetch(`${suite.server.url}/v1/subscribers/big_user/attributes`, {
      method: "POST",
      body: JSON.stringify({ attributes: { big: { value: "x".repeat(1_100_000), updated_at_ms: 1 } } }),
    });
    expect(tooLarge).toMatchObject({ ok: true, status: 413, body: { code: 7226 } });
  });

  it("reports a 500 and the database's 503 with the server's status and code, not a network error", async () => {
    const broken = await startTestServer("pglite");
    try {
      await openHost(broken.url);
      expect(await sdkCall("getCustomerInfo")).toEqual({ ok: true });

      await broken.database.db.execute(sql`drop table billing_customer_attributes`);
      expect(await sdkCall("setAttributes", { favourite_realm: "night court" })).toMatchObject({
        ok: false,
        errorCode: UNKNOWN_BACKEND_ERROR,
        statusCode: 500,
        backendErrorCode: 7110,
      });

      await broken.database.close();
      const down = await sdkCall("setAttributes", { favourite_realm: "day court" });
      expect(down.errorCode).not.toBe(NETWORK_ERROR);
      expect(down).toMatchObject({
        ok: false,
        errorCode: UNKNOWN_BACKEND_ERROR,
        statusCode: 503,
        backendErrorCode: 7110,
      });
      // Retry-After is exposed to the page, so a client can wait as long as the server asks.
      expect(await pageFetch(`${broken.url}/v1/subscribers/down_user`, { method: "GET" })).toMatchObject({
        ok: true,
        status: 503,
        retryAfter: "5",
      });
    } finally {
      await broken.app.close();
    }
  });
});
