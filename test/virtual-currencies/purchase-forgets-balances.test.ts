// @vitest-environment happy-dom
// A purchase may grant virtual currencies: the balances cached before it are forgotten, as changeUser forgets them.
import { http, HttpResponse } from "msw";
import { afterEach, expect, it } from "vitest";
import wire from "../../fixtures/protocol/virtual-currencies.json";
import { Purchases } from "../../src/index";
import type { WireVirtualCurrenciesResponse } from "../../src/http/wire";
import { TEST_BASE_URL, useMswServer } from "../support/msw";
import { KEYS, button, configure, dialog, packageOf, serveCatalogue } from "../ui/support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

it("forgets cached balances after a Test Store purchase, so the next call shows what it granted", async () => {
  const seen = serveCatalogue(server, { branding: null });
  let gems = 150;
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/virtual_currencies`, () => {
      const body = structuredClone(wire) as WireVirtualCurrenciesResponse;
      body.virtual_currencies.GEMS!.balance = gems;
      return HttpResponse.json(body);
    }),
  );
  const purchases = configure(KEYS.testStore);
  expect((await purchases.getVirtualCurrencies()).all.GEMS?.balance).toBe(150);

  const purchase = purchases.purchase({ rcPackage: await packageOf(purchases) });
  await dialog();
  (await button("Test valid purchase")).click();
  await purchase;
  expect(seen.receipts).toHaveLength(1);
  gems = 250; // what the receipt granted

  expect(purchases.getCachedVirtualCurrencies()).toBeNull();
  expect((await purchases.getVirtualCurrencies()).all.GEMS?.balance).toBe(250);
});

it("keeps cached balances when the customer cancels the checkout: nothing was bought", async () => {
  serveCatalogue(server, { branding: null });
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/virtual_currencies`, () => HttpResponse.json(wire)),
  );
  const purchases = configure(KEYS.testStore);
  const before = await purchases.getVirtualCurrencies();
  const purchase = purchases.purchase({ rcPackage: await packageOf(purchases) });
  await dialog();
  (await button("Cancel")).click();
  await expect(purchase).rejects.toMatchObject({ name: "PurchasesError" });
  expect(purchases.getCachedVirtualCurrencies()).toEqual(before);
});
