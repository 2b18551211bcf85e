import { http, HttpResponse, delay } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases, isPurchasesError, type PurchasesError } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

function configure(apiKey = "rcb_sb_abc123", headers: Record<string, string> = {}) {
  return Purchases.configure({
    apiKey,
    appUserId: "user_1",
    httpConfig: { proxyURL: TEST_BASE_URL, additionalHeaders: headers },
    flags: { collectAnalyticsEvents: false },
  });
}

async function failure(promise: Promise<unknown>): Promise<PurchasesError> {
  try {
    await promise;
  } catch (error) {
    if (isPurchasesError(error)) return error;
    throw new Error(`expected a PurchasesError, got ${String(error)}`);
  }
  throw new Error("expected a rejection");
}

afterEach(() => {
  vi.useRealTimers();
  Purchases.setPlatformInfo(null);
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

describe("requests", () => {
  it("sends every SDK header plus the additional ones to the proxy base URL", async () => {
    let headers: Headers | undefined;
    let url = "";
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, ({ request }) => {
        headers = request.headers;
        url = request.url;
        return HttpResponse.json(fixtures.customerInfo());
      }),
    );
    Purchases.setPlatformInfo({ flavor: "purchases-web-react", version: "2.1.0" });
    await configure("rcb_sb_abc123", { "X-Tenant": "realmheart" }).getCustomerInfo();
    expect(url).toBe(`${TEST_BASE_URL}/v1/subscribers/user_1`);
    expect(headers?.get("authorization")).toBe("Bearer rcb_sb_abc123");
    expect(headers?.get("content-type")).toBe("application/json");
    expect(headers?.get("accept")).toBe("application/json");
    expect(headers?.get("x-platform")).toBe("web");
    expect(headers?.get("x-version")).toMatch(/^\d+\.\d+\.\d+/);
    expect(headers?.get("x-is-sandbox")).toBe("true");
    expect(headers?.get("x-platform-flavor")).toBe("purchases-web-react");
    expect(headers?.get("x-platform-flavor-version")).toBe("2.1.0");
    expect(headers?.get("x-tenant")).toBe("realmheart");
  });

  it("marks production keys as not sandbox and omits the flavor headers when none is set", async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json(fixtures.customerInfo());
      }),
    );
    await configure("rcb_live123").getCustomerInfo();
    expect(headers?.get("x-is-sandbox")).toBe("false");
    expect(headers?.has("x-platform-flavor")).toBe(false);
  });

  it("encodes the app user id in the path", async () => {
    let path = "";
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json(fixtures.customerInfo());
      }),
    );
    await Purchases.configure({
      apiKey: "rcb_abc",
      appUserId: "$RCAnonymousID:abc def",
      httpConfig: { proxyURL: TEST_BASE_URL },
      flags: { collectAnalyticsEvents: false },
    }).getCustomerInfo();
    expect(path).toBe("/v1/subscribers/%24RCAnonymousID%3Aabc%20def");
  });
});

describe("failures become PurchasesError", () => {
  const route = `${TEST_BASE_URL}/v1/subscribers/:id`;

  it("a connection failure is a NetworkError", async () => {
    server.use(http.get(route, () => HttpResponse.error()));
    const error = await failure(configure().getCustomerInfo());
    expect(error.errorCode).toBe(ErrorCode.NetworkError);
  });

  it("a status of 500 or more is UnknownBackendError naming the request, status and body", async () => {
    const { internal } = fixtures.errors();
    server.use(http.get(route, () => HttpResponse.json(internal.body, { status: internal.status })));
    const error = await failure(configure().getCustomerInfo());
    expect(error.errorCode).toBe(ErrorCode.UnknownBackendError);
    expect(error.message).toBe("Unknown backend error.");
    expect(error.underlyingErrorMessage).toContain("getCustomerInfo");
    expect(error.underlyingErrorMessage).toContain("503");
    expect(error.underlyingErrorMessage).toContain("Internal server error.");
    expect(error.extra?.statusCode).toBe(503);
  });

  it.each([
    ["invalidApiKey", ErrorCode.InvalidCredentialsError, 7225],
    ["subscriberNotFound", ErrorCode.CustomerInfoError, 7259],
  ] as const)("maps the backend error %s to its public code", async (name, code, backendCode) => {
    const fixture = fixtures.errors()[name];
    server.use(http.get(route, () => HttpResponse.json(fixture.body, { status: fixture.status })));
    const error = await failure(configure().getCustomerInfo());
    expect(error.errorCode).toBe(code);
    expect(error.underlyingErrorMessage).toBe(fixture.body.message);
    expect(error.extra).toEqual({ statusCode: fixture.status, backendErrorCode: backendCode });
  });

  it("a 4xx with an unknown code or no code is UnknownBackendError", async () => {
    const { unknownCode } = fixtures.errors();
    server.use(http.get(route, () => HttpResponse.json(unknownCode.body, { status: unknownCode.status })));
    expect((await failure(configure().getCustomerInfo())).errorCode).toBe(ErrorCode.UnknownBackendError);
    server.use(http.get(route, () => HttpResponse.text("nope", { status: 404 })));
    const error = await failure(Purchases.getSharedInstance().getCustomerInfo());
    expect(error.errorCode).toBe(ErrorCode.UnknownBackendError);
    expect(error.underlyingErrorMessage).toContain("nope");
  });

  it("a 2xx body that is not JSON is UnexpectedBackendResponseError", async () => {
    server.use(http.get(route, () => HttpResponse.text("<html>proxy login</html>")));
    expect((await failure(configure().getCustomerInfo())).errorCode).toBe(
      ErrorCode.UnexpectedBackendResponseError,
    );
  });

  it("a request that never answers fails with NetworkError at its deadline", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.use(
      http.get(route, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const pending = failure(configure().getCustomerInfo());
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await pending;
    expect(error.errorCode).toBe(ErrorCode.NetworkError);
    expect(error.underlyingErrorMessage).toMatch(/timed out after 10000 ms/);
  });
});
