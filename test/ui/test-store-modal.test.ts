// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases, isPurchasesError } from "../../src/index";
import { http, HttpResponse } from "msw";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";
import {
  KEYS,
  button,
  configure,
  dialog,
  packageOf,
  press,
  serveCatalogue,
  settle,
  widgetLeftovers,
} from "./support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

async function openModal(params: Record<string, unknown> = {}) {
  const seen = serveCatalogue(server, { branding: null });
  const purchases = configure(KEYS.testStore);
  const rcPackage = await packageOf(purchases);
  const purchase = purchases.purchase({ rcPackage, ...params });
  const root = await dialog();
  return { seen, purchases, purchase, root };
}

describe("the Test Store modal of test_ keys", () => {
  it("shows the product, type, price, free trial and intro price as an accessible modal dialog", async () => {
    const { root, purchase } = await openModal();
    expect(root.getAttribute("aria-modal")).toBe("true");
    const title = document.getElementById(root.getAttribute("aria-labelledby")!);
    expect(title?.textContent).toBe("Test Store Purchase");
    const text = root.textContent ?? "";
    expect(text).toContain("Premium Realm");
    expect(text).toContain("Subscription (monthly)");
    expect(text).toMatch(/R\s?99[.,]00 per month/);
    expect(text).toContain("1 week");
    expect(text).toContain("None"); // no intro price
    expect(root.classList.contains("pw-test-store")).toBe(true);
    expect(root.style.getPropertyValue("--pw-primary")).toBe("#576CDB");
    (await button("Cancel")).click();
    await settle(purchase);
  });

  it("stays open when the billing server cannot be reached, says so, and buys on the next try with the same receipt", async () => {
    const { purchase, seen } = await openModal();
    let reachable = false;
    server.use(
      http.post(`${TEST_BASE_URL}/v1/receipts`, async ({ request }) => {
        const body = await request.json();
        if (!reachable) return HttpResponse.error();
        seen.receipts.push(body);
        return HttpResponse.json(fixtures.customerInfo());
      }),
    );
    let settled = false;
    void purchase.then(
      () => (settled = true),
      () => (settled = true),
    );
    (await button("Test valid purchase")).click();
    const alert = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('.pw-root [role="alert"]');
      if (!found) throw new Error("no alert yet");
      return found;
    });
    expect(alert.textContent).toBe(
      `Network error. Please check your internet connection (error code: ${ErrorCode.NetworkError})`,
    );
    const valid = await button("Test valid purchase");
    expect(valid.getAttribute("aria-busy")).toBe("false");
    expect(settled).toBe(false);

    reachable = true;
    valid.click();
    const result = await purchase;
    expect(result.customerInfo.entitlements.all.premium).toBeDefined();
    expect(seen.receipts).toHaveLength(1);
    // The retry sent the receipt the failed try had: a server that stored it answers it again.
    expect((seen.receipts[0] as { fetch_token: string }).fetch_token).toBe(
      result.storeTransaction?.storeTransactionId,
    );
    expect(widgetLeftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
  });

  it("cancels after an unreachable server when the developer presses Cancel", async () => {
    const { purchase } = await openModal();
    server.use(http.post(`${TEST_BASE_URL}/v1/receipts`, () => HttpResponse.error()));
    (await button("Test valid purchase")).click();
    await vi.waitFor(() => {
      if (!document.querySelector('.pw-root [role="alert"]')) throw new Error("no alert yet");
    });
    (await button("Cancel")).click();
    await expect(purchase).rejects.toMatchObject({ errorCode: ErrorCode.UserCancelledError });
  });

  it("resolves with the customer info after 'Test valid purchase' posts a test receipt", async () => {
    const { purchase, seen } = await openModal();
    (await button("Test valid purchase")).click();
    const result = await purchase;
    expect(result.customerInfo.entitlements.all.premium).toBeDefined();
    expect(result.storeTransaction?.storeTransactionId).toMatch(/^test_\d+_[0-9a-f-]{36}$/);
    expect(seen.receipts).toHaveLength(1);
    expect(seen.receipts[0]).not.toHaveProperty("discount_code");
    expect(widgetLeftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
  });

  it("shows it is busy at once, keeps the focus on the pressed button and posts one receipt for two presses", async () => {
    const { purchase, seen, root } = await openModal();
    const valid = await button("Test valid purchase");
    valid.focus();
    valid.click();
    // The modal answers in its next render (microtasks); the receipt is posted only after the next frame.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(valid.getAttribute("aria-busy")).toBe("true");
    expect(seen.receipts).toHaveLength(0);
    expect(valid.textContent).toBe("Processing…");
    const buttons = Array.from(root.querySelectorAll("button"));
    expect(buttons.map((b) => b.getAttribute("aria-disabled"))).toEqual(["true", "true", "true"]);
    expect(document.activeElement).toBe(valid);
    valid.click();
    (await button("Test failed purchase")).click();
    const result = await purchase;
    expect(result.storeTransaction?.storeTransactionId).toMatch(/^test_/);
    expect(seen.receipts).toHaveLength(1);
  });

  it("sends the purchase's promotion code with the receipt, for the billing server to apply", async () => {
    const { purchase, seen } = await openModal({ discountCode: " WELCOME10 " });
    (await button("Test valid purchase")).click();
    await purchase;
    expect(seen.receipts[0]).toMatchObject({
      product_id: "premium_realm_monthly",
      discount_code: "WELCOME10",
    });
  });

  it("rejects with TestStoreSimulatedPurchaseError (42) on 'Test failed purchase'", async () => {
    const { purchase } = await openModal();
    (await button("Test failed purchase")).click();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.TestStoreSimulatedPurchaseError);
    expect(error?.message).toBe("Simulated test purchase failure: no real transaction occurred");
    expect(widgetLeftovers().roots).toBe(0);
  });

  it.each([
    ["Cancel", async () => (await button("Cancel")).click()],
    ["Escape", async () => press("Escape")],
    ["browser back", async () => window.dispatchEvent(new PopStateEvent("popstate", { state: null }))],
  ])("rejects with UserCancelledError on %s and leaves nothing behind", async (_name, close) => {
    const { purchase } = await openModal();
    await close();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(widgetLeftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
  });

  it("tracks checkout_session_start and checkout_session_end with the outcome", async () => {
    const { purchase, seen, purchases } = await openModal();
    (await button("Cancel")).click();
    await settle(purchase);
    await (purchases as unknown as { analytics: { flush(): Promise<void> } }).analytics.flush();
    await vi.waitFor(() => {
      const names = seen.events.map((event) => event.event_name);
      expect(names).toContain("checkout_session_end");
    });
    const start = seen.events.find((event) => event.event_name === "checkout_session_start");
    const end = seen.events.find((event) => event.event_name === "checkout_session_end");
    expect(start?.properties).toMatchObject({
      product_id: "premium_realm_monthly",
      package_id: "$rc_monthly",
      customer_email_provided_by_developer: false,
    });
    expect(end?.properties).toEqual({ outcome: "closed" });
    expect(end?.trace_id).toBe(start?.trace_id);
  });

  it("rejects bad parameters without showing anything", async () => {
    serveCatalogue(server, { branding: null });
    const purchases = configure(KEYS.testStore);
    const rcPackage = await packageOf(purchases);
    const cases: [Record<string, unknown>, ErrorCode][] = [
      [
        { rcPackage: { identifier: "x", webBillingProduct: { identifier: "" } } },
        ErrorCode.PurchaseInvalidError,
      ],
      [{ rcPackage, htmlTarget: "#checkout" }, ErrorCode.ConfigurationError],
      [{ rcPackage, purchaseOption: { id: "nope", priceId: "nope" } }, ErrorCode.ConfigurationError],
      [{ rcPackage, metadata: { a: 1 } }, ErrorCode.ConfigurationError],
      [{ rcPackage, selectedLocale: 42 }, ErrorCode.ConfigurationError],
      [{ rcPackage, skipSuccessPage: "yes" }, ErrorCode.ConfigurationError],
    ];
    for (const [params, code] of cases) {
      const { error } = await settle(purchases.purchase(params as never));
      expect(isPurchasesError(error) && error.errorCode).toBe(code);
      expect(widgetLeftovers().roots).toBe(0);
    }
  });

  it("loads branding once across purchases", async () => {
    const { purchase, seen, purchases } = await openModal();
    (await button("Cancel")).click();
    await settle(purchase);
    const again = purchases.purchase({ rcPackage: await packageOf(purchases) });
    (await button("Cancel")).click();
    await settle(again);
    // A Test Store key without branding retries the lazy load: once ahead of need (after the offerings), then at most
    // once per purchase.
    expect(seen.branding).toBeLessThanOrEqual(3);
  });
});
