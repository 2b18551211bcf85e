import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorCode, Purchases } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();
const ANONYMOUS = "$RCAnonymousID:0123456789abcdef0123456789abcdef";

function configure(appUserId = ANONYMOUS) {
  return Purchases.configure({
    apiKey: "rcb_sb_abc",
    appUserId,
    httpConfig: { proxyURL: TEST_BASE_URL },
    flags: { collectAnalyticsEvents: false },
  });
}

/** Serves identify (201 when `created`) and customer info; records what was asked. */
function serveIdentify(created: boolean) {
  const seen = { identify: [] as unknown[], customerInfo: [] as string[] };
  server.use(
    http.post(`${TEST_BASE_URL}/v1/subscribers/identify`, async ({ request }) => {
      seen.identify.push(await request.json());
      return HttpResponse.json(fixtures.customerInfo(), { status: created ? 201 : 200 });
    }),
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, ({ params }) => {
      seen.customerInfo.push(String(params.id));
      return HttpResponse.json(fixtures.customerInfo());
    }),
  );
  return seen;
}

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

describe("identifyUser", () => {
  it("posts both ids, switches to the new one and reports a new customer from a 201", async () => {
    const seen = serveIdentify(true);
    const purchases = configure();
    const result = await purchases.identifyUser("user_42");
    expect(seen.identify).toEqual([{ app_user_id: ANONYMOUS, new_app_user_id: "user_42" }]);
    expect(result.wasCreated).toBe(true);
    expect(result.customerInfo.entitlements.active.premium?.isActive).toBe(true);
    expect(purchases.getAppUserId()).toBe("user_42");
    expect(purchases.isAnonymous()).toBe(false);
    // The customer info is the new id's, read afresh; a later read asks the server again, never keeps an answer.
    await purchases.getCustomerInfo();
    expect(seen.customerInfo).toEqual(["user_42", "user_42"]);
  });

  it("reports a customer the backend knew already (200) as not created", async () => {
    serveIdentify(false);
    expect((await configure().identifyUser("user_42")).wasCreated).toBe(false);
  });

  it("skips the identify call when the id is the current one", async () => {
    const seen = serveIdentify(true);
    const result = await configure("user_42").identifyUser("user_42");
    expect(result.wasCreated).toBe(false);
    expect(seen.identify).toEqual([]);
    expect(seen.customerInfo).toEqual(["user_42"]);
  });

  it.each(["", "no_user", "a/b", 42])(
    "rejects the id %j with InvalidAppUserIdError, changing nothing",
    async (id) => {
      const seen = serveIdentify(true);
      const purchases = configure();
      await expect(purchases.identifyUser(id as string)).rejects.toMatchObject({
        errorCode: ErrorCode.InvalidAppUserIdError,
      });
      expect(purchases.getAppUserId()).toBe(ANONYMOUS);
      expect(seen.identify).toEqual([]);
    },
  );

  it("keeps the current id when the backend refuses", async () => {
    server.use(
      http.post(`${TEST_BASE_URL}/v1/subscribers/identify`, () =>
        HttpResponse.json({ code: 7220, message: "Invalid app user id" }, { status: 400 }),
      ),
    );
    const purchases = configure();
    await expect(purchases.identifyUser("user_42")).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidAppUserIdError,
      extra: { statusCode: 400, backendErrorCode: 7220 },
    });
    expect(purchases.getAppUserId()).toBe(ANONYMOUS);
  });

  it("rejects on a closed instance", async () => {
    const purchases = configure();
    purchases.close();
    await expect(purchases.identifyUser("user_42")).rejects.toMatchObject({
      errorCode: ErrorCode.ConfigurationError,
    });
  });
});
