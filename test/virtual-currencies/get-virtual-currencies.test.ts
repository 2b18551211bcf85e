// Purchases.getVirtualCurrencies / getCachedVirtualCurrencies / invalidateVirtualCurrenciesCache against the msw
// backend serving the shared protocol fixture.
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import wire from "../../fixtures/protocol/virtual-currencies.json";
import { ErrorCode, Purchases, type PurchasesEnvironment } from "../../src/index";
import type { WireVirtualCurrenciesResponse } from "../../src/http/wire";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();
const ROUTE = `${TEST_BASE_URL}/v1/subscribers/:id/virtual_currencies`;

function configure(environment?: Partial<PurchasesEnvironment>, appUserId = "user_1") {
  return Purchases.configure({
    apiKey: "rcb_sb_abc",
    appUserId,
    httpConfig: { proxyURL: TEST_BASE_URL },
    flags: { collectAnalyticsEvents: false },
    environment,
  });
}

/** Serves the fixture with `gems` gems to every customer; records who asked and with which key. */
function serveBalances(gems = () => 150) {
  const requests: { appUserId: string; authorization: string | null }[] = [];
  server.use(
    http.get(ROUTE, ({ params, request }) => {
      requests.push({ appUserId: String(params.id), authorization: request.headers.get("authorization") });
      const body = structuredClone(wire) as WireVirtualCurrenciesResponse;
      body.virtual_currencies.GEMS!.balance = gems();
      return HttpResponse.json(body);
    }),
  );
  return requests;
}

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

describe("getVirtualCurrencies", () => {
  it("fetches the current customer's balances with the API key and normalises them", async () => {
    const requests = serveBalances();
    const currencies = await configure(undefined, "ada lovelace?#").getVirtualCurrencies();
    expect(currencies.all).toEqual({
      GEMS: { balance: 150, name: "Gems", code: "GEMS", serverDescription: "Spent on power-ups." },
      COINS: { balance: 0, name: "Coins", code: "COINS", serverDescription: null },
    });
    expect(requests).toEqual([{ appUserId: "ada lovelace?#", authorization: "Bearer rcb_sb_abc" }]);
  });

  it("answers from the cache for 5 minutes, then fetches again", async () => {
    let gems = 150;
    const requests = serveBalances(() => gems);
    let now = 1_000_000;
    const purchases = configure({ now: () => now });
    const first = await purchases.getVirtualCurrencies();
    gems = 175;
    now += 5 * 60_000 - 1;
    expect(await purchases.getVirtualCurrencies()).toEqual(first);
    now += 1;
    expect((await purchases.getVirtualCurrencies()).all.GEMS?.balance).toBe(175);
    expect(requests).toHaveLength(2);
  });

  it("shares one request among concurrent calls, each answered with a copy of its own", async () => {
    const requests = serveBalances();
    const purchases = configure();
    const [a, b, c] = await Promise.all([
      purchases.getVirtualCurrencies(),
      purchases.getVirtualCurrencies(),
      purchases.getVirtualCurrencies(),
    ]);
    expect(a).toEqual(b);
    expect(b).toEqual(c);
    expect(requests).toHaveLength(1);
    delete a.all.GEMS;
    expect(b.all.GEMS?.balance).toBe(150);
  });

  it("answers a copy whose entries a caller may add and delete without changing the next answer", async () => {
    const requests = serveBalances();
    const purchases = configure();
    const first = await purchases.getVirtualCurrencies();
    delete first.all.GEMS;
    first.all.XP = { balance: 1, name: "XP", code: "XP", serverDescription: null };
    const cached = purchases.getCachedVirtualCurrencies()!;
    delete cached.all.COINS;
    expect((await purchases.getVirtualCurrencies()).all).toEqual({
      GEMS: { balance: 150, name: "Gems", code: "GEMS", serverDescription: "Spent on power-ups." },
      COINS: { balance: 0, name: "Coins", code: "COINS", serverDescription: null },
    });
    expect(Object.keys(purchases.getCachedVirtualCurrencies()!.all)).toEqual(["GEMS", "COINS"]);
    expect(requests).toHaveLength(1);
  });

  it("surfaces a backend refusal as a PurchasesError and caches nothing, so the next call asks again", async () => {
    let refuse = true;
    server.use(
      http.get(ROUTE, () =>
        refuse
          ? HttpResponse.json({ code: 7220, message: 'Invalid app user id: "x".' }, { status: 400 })
          : HttpResponse.json(wire),
      ),
    );
    const purchases = configure();
    await expect(purchases.getVirtualCurrencies()).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidAppUserIdError,
      extra: { statusCode: 400, backendErrorCode: 7220 },
    });
    expect(purchases.getCachedVirtualCurrencies()).toBeNull();
    refuse = false;
    expect((await purchases.getVirtualCurrencies()).all.GEMS?.balance).toBe(150);
  });

  it("reports a network failure as NetworkError", async () => {
    server.use(http.get(ROUTE, () => HttpResponse.error()));
    await expect(configure().getVirtualCurrencies()).rejects.toMatchObject({
      errorCode: ErrorCode.NetworkError,
    });
  });

  it.each([
    ["without virtual_currencies", {}],
    [
      "with a malformed currency",
      { virtual_currencies: { GEMS: { balance: "lots", code: "GEMS", name: "Gems" } } },
    ],
  ])("reports an answer %s as UnexpectedBackendResponseError", async (_case, body) => {
    server.use(http.get(ROUTE, () => HttpResponse.json(body)));
    await expect(configure().getVirtualCurrencies()).rejects.toMatchObject({
      errorCode: ErrorCode.UnexpectedBackendResponseError,
    });
  });

  it("rejects on a closed instance with ConfigurationError, sending nothing", async () => {
    const requests = serveBalances();
    const purchases = configure();
    purchases.close();
    await expect(purchases.getVirtualCurrencies()).rejects.toMatchObject({
      errorCode: ErrorCode.ConfigurationError,
    });
    expect(requests).toHaveLength(0);
  });
});

describe("getCachedVirtualCurrencies", () => {
  it("is null until balances were fetched, then answers the same balances without a request", async () => {
    const requests = serveBalances();
    const purchases = configure();
    expect(purchases.getCachedVirtualCurrencies()).toBeNull();
    const fetched = await purchases.getVirtualCurrencies();
    expect(purchases.getCachedVirtualCurrencies()).toEqual(fetched);
    expect(requests).toHaveLength(1);
  });

  it("keeps answering balances older than 5 minutes, and the fresh ones once fetched", async () => {
    let gems = 150;
    serveBalances(() => gems);
    let now = 0;
    const purchases = configure({ now: () => now });
    await purchases.getVirtualCurrencies();
    now += 60 * 60_000;
    gems = 10;
    expect(purchases.getCachedVirtualCurrencies()?.all.GEMS?.balance).toBe(150);
    await purchases.getVirtualCurrencies();
    expect(purchases.getCachedVirtualCurrencies()?.all.GEMS?.balance).toBe(10);
  });
});

describe("invalidateVirtualCurrenciesCache", () => {
  it("forgets the balances: the cached answer is null and the next call fetches", async () => {
    let gems = 150;
    const requests = serveBalances(() => gems);
    const purchases = configure();
    await purchases.getVirtualCurrencies();
    gems = 140; // the host app's backend spent 10
    purchases.invalidateVirtualCurrenciesCache();
    expect(purchases.getCachedVirtualCurrencies()).toBeNull();
    expect((await purchases.getVirtualCurrencies()).all.GEMS?.balance).toBe(140);
    expect(requests).toHaveLength(2);
  });

  it("does not cache the answer of a fetch that was under way when it was called", async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(ROUTE, async () => {
        await answered;
        return HttpResponse.json(wire);
      }),
    );
    const purchases = configure();
    const pending = purchases.getVirtualCurrencies();
    purchases.invalidateVirtualCurrenciesCache();
    release();
    expect((await pending).all.GEMS?.balance).toBe(150);
    expect(purchases.getCachedVirtualCurrencies()).toBeNull();
  });

  it("is also done by changeUser: switching away and back fetches the balances again", async () => {
    const requests = serveBalances();
    server.use(http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, () => HttpResponse.json({}, { status: 500 })));
    const purchases = configure(undefined, "first_user");
    await purchases.getVirtualCurrencies();
    await purchases.changeUser("second_user").catch(() => undefined); // its customer info is not the point here
    expect(purchases.getCachedVirtualCurrencies()).toBeNull();
    await purchases.changeUser("first_user").catch(() => undefined);
    expect(purchases.getCachedVirtualCurrencies()).toBeNull();
    await purchases.getVirtualCurrencies();
    expect(requests.map((r) => r.appUserId)).toEqual(["first_user", "first_user"]);
  });
});
