import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pollPurchaseStatus, pollTransition, type PollState } from "../../src/checkout/purchase-poller";
import { defaultEnvironment } from "../../src/environment";
import { ErrorCode } from "../../src/errors/error-code";
import { PurchasesError } from "../../src/errors/purchases-error";
import type { WireCheckoutStatusResponse, WireOperation } from "../../src/http/wire";
import { fixtures } from "../support/fixtures";
import { testBackend } from "../support/backend";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();
const STATUS_URL = `${TEST_BASE_URL}/rcbilling/v1/checkout/opsess_1`;

function makeBackend() {
  return testBackend();
}

const status = (operation: Partial<WireOperation>): WireCheckoutStatusResponse => ({
  operation: { operation_session_id: "opsess_1", status: "in_progress", ...operation },
});

/** Serves the given answers in order (the last one repeats) and records when each request arrived. */
function serve(...answers: Array<WireCheckoutStatusResponse | (() => Response | Promise<Response>)>) {
  const requestTimes: number[] = [];
  server.use(
    http.get(STATUS_URL, () => {
      requestTimes.push(Date.now());
      const answer = answers[Math.min(requestTimes.length, answers.length) - 1]!;
      return typeof answer === "function" ? answer() : HttpResponse.json(answer);
    }),
  );
  return requestTimes;
}

/** Starts polling and lets fake time run until it settles. */
async function poll(options: { signal?: AbortSignal; maxAttempts?: number } = {}) {
  const settled = pollPurchaseStatus({
    backend: makeBackend(),
    env: defaultEnvironment(),
    operationSessionId: "opsess_1",
    ...options,
  }).then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as PurchasesError }),
  );
  await vi.advanceTimersByTimeAsync(60_000);
  return settled;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 1_795_262_400_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pollPurchaseStatus", () => {
  it("resolves with the operation once it succeeds, polling 1000 ms apart while it is in progress", async () => {
    const times = serve(status({ status: "started" }), status({}), fixtures.checkoutStatusSucceeded());

    const { value } = await poll();

    expect(value).toEqual({
      operationSessionId: "opsess_1",
      storeTransactionIdentifier: "txn_monthly_1",
      productIdentifier: "premium_realm_monthly",
      purchaseDate: new Date("2026-11-21T11:00:00Z"),
      redemptionInfo: null,
    });
    expect(times.map((t) => t - times[0]!)).toEqual([0, 1000, 2000]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the redemption URL through when the operation has one", async () => {
    const succeeded = fixtures.checkoutStatusSucceeded();
    succeeded.operation.redemption_info = { redeem_url: "https://redeem.test/abc" };
    serve(succeeded);

    const { value } = await poll();

    expect(value?.redemptionInfo).toEqual({ redeemUrl: "https://redeem.test/abc", redeemUrlRedirect: null });
  });

  it("passes the redemption redirect URL through when the operation has one", async () => {
    const succeeded = fixtures.checkoutStatusSucceeded();
    succeeded.operation.redemption_info = {
      redeem_url: "rc-abc://redeem?token=t",
      redeem_url_redirect: "https://redeem.test/r/t",
    };
    serve(succeeded);

    const { value } = await poll();

    expect(value?.redemptionInfo).toEqual({
      redeemUrl: "rc-abc://redeem?token=t",
      redeemUrlRedirect: "https://redeem.test/r/t",
    });
  });

  it("gives up after 10 attempts with the max-attempts message", async () => {
    const times = serve(status({ status: "in_progress" }));

    const { error } = await poll();

    expect(times).toHaveLength(10);
    expect(error).toBeInstanceOf(PurchasesError);
    expect(error?.errorCode).toBe(ErrorCode.PaymentPendingError);
    expect(error?.message).toBe("Max attempts reached trying to get successful purchase status");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("honours a smaller attempt budget", async () => {
    const times = serve(status({ status: "started" }));

    const { error } = await poll({ maxAttempts: 3 });

    expect(times).toHaveLength(3);
    expect(error?.message).toBe("Max attempts reached trying to get successful purchase status");
  });

  it.each(["store_transaction_identifier", "product_identifier", "purchase_date"] as const)(
    "rejects a success without %s with the missing-fields message",
    async (field) => {
      const succeeded = fixtures.checkoutStatusSucceeded();
      delete succeeded.operation[field];
      serve(succeeded);

      const { error } = await poll();

      expect(error?.errorCode).toBe(ErrorCode.UnexpectedBackendResponseError);
      expect(error?.message).toBe("Missing required fields in operation response.");
    },
  );

  it.each([
    [1, ErrorCode.StoreProblemError],
    [2, ErrorCode.PurchaseInvalidError],
    [3, ErrorCode.PurchaseInvalidError],
    [4, ErrorCode.StoreProblemError],
    [5, ErrorCode.ProductAlreadyPurchasedError],
  ])(
    "rejects a failed operation with code %i as error code %i carrying its message",
    async (code, expected) => {
      const times = serve(status({ status: "failed", error: { code, message: `gateway said ${code}` } }));

      const { error } = await poll();

      expect(times).toHaveLength(1);
      expect(error?.errorCode).toBe(expected);
      expect(error?.underlyingErrorMessage).toBe(`gateway said ${code}`);
    },
  );

  it("rejects an unknown status at once instead of polling forever", async () => {
    const times = serve(status({ status: "refunded" as WireOperation["status"] }));

    const { error } = await poll();

    expect(times).toHaveLength(1);
    expect(error?.errorCode).toBe(ErrorCode.UnexpectedBackendResponseError);
    expect(error?.underlyingErrorMessage).toContain("refunded");
  });

  it("retries a network failure and a 5xx within the attempt budget, then succeeds", async () => {
    const times = serve(
      () => HttpResponse.error(),
      () => HttpResponse.json(fixtures.errors().internal.body, { status: 503 }),
      fixtures.checkoutStatusSucceeded(),
    );

    const { value } = await poll();

    expect(times.map((t) => t - times[0]!)).toEqual([0, 1000, 2000]);
    expect(value?.storeTransactionIdentifier).toBe("txn_monthly_1");
  });

  it("counts network failures against the attempt budget", async () => {
    const times = serve(() => HttpResponse.error());

    const { error } = await poll({ maxAttempts: 4 });

    expect(times).toHaveLength(4);
    expect(error?.message).toBe("Max attempts reached trying to get successful purchase status");
    expect(error?.cause).toMatchObject({ errorCode: ErrorCode.NetworkError });
  });

  it("rejects a 4xx backend error at once", async () => {
    const { status: httpStatus, body } = fixtures.errors().invalidApiKey;
    const times = serve(() => HttpResponse.json(body, { status: httpStatus }));

    const { error } = await poll();

    expect(times).toHaveLength(1);
    expect(error?.errorCode).toBe(ErrorCode.InvalidCredentialsError);
  });

  it("stops at once with UserCancelledError when aborted between polls, leaving no timer", async () => {
    const times = serve(status({}));
    const controller = new AbortController();
    const settled = pollPurchaseStatus({
      backend: makeBackend(),
      env: defaultEnvironment(),
      operationSessionId: "opsess_1",
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);

    controller.abort();
    const error = await settled;

    expect(error).toMatchObject({ errorCode: ErrorCode.UserCancelledError });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times).toHaveLength(1);
  });

  it("stops at once with UserCancelledError when aborted during a request", async () => {
    // A server that never answers (msw's own infinite delay would itself hold a timer).
    serve(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const settled = pollPurchaseStatus({
      backend: makeBackend(),
      env: defaultEnvironment(),
      operationSessionId: "opsess_1",
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);

    controller.abort();
    const error = await settled;

    expect(error).toMatchObject({ errorCode: ErrorCode.UserCancelledError });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not request anything when the signal is already aborted", async () => {
    const times = serve(status({}));

    const { error } = await poll({ signal: AbortSignal.abort() });

    expect(error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(times).toHaveLength(0);
  });
});

describe("pollTransition", () => {
  const polling: PollState = { kind: "polling", attempts: 0 };
  const response = (operation: Partial<WireOperation>) =>
    ({ type: "response", response: status(operation) }) as const;

  it("waits after an in-progress answer and polls again when the interval elapses", () => {
    const waiting = pollTransition(polling, response({ status: "in_progress" }), 10);
    expect(waiting).toEqual({ kind: "waiting", attempts: 1 });
    expect(pollTransition(waiting, { type: "intervalElapsed" }, 10)).toEqual({
      kind: "polling",
      attempts: 1,
    });
  });

  it("fails on the last in-progress answer of the budget", () => {
    const state = pollTransition({ kind: "polling", attempts: 9 }, response({ status: "started" }), 10);
    expect(state.kind === "failed" && state.error.message).toBe(
      "Max attempts reached trying to get successful purchase status",
    );
  });

  it("fails with UnknownError when something that is not a PurchasesError is thrown", () => {
    const state = pollTransition(polling, { type: "requestFailed", error: new TypeError("boom") }, 10);
    expect(state.kind === "failed" && state.error.errorCode).toBe(ErrorCode.UnknownError);
  });

  it("keeps a terminal state whatever happens next", () => {
    const failed = pollTransition(polling, { type: "cancelled" }, 10);
    expect(failed.kind === "failed" && failed.error.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(pollTransition(failed, response({ status: "in_progress" }), 10)).toBe(failed);
  });

  it("rejects a body without an operation as unexpected", () => {
    const state = pollTransition(
      polling,
      { type: "response", response: {} as WireCheckoutStatusResponse },
      10,
    );
    expect(state.kind === "failed" && state.error.errorCode).toBe(ErrorCode.UnexpectedBackendResponseError);
  });
});
