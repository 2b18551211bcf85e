import { http, HttpResponse, delay } from "msw";
import { describe, expect, it } from "vitest";
import { defaultEnvironment } from "../../src/environment";
import { ErrorCode, isPurchasesError } from "../../src/index";
import { HttpClient } from "../../src/http/http-client";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

const client = () =>
  new HttpClient({
    apiKey: "rcb_abc",
    baseUrl: TEST_BASE_URL,
    isSandbox: false,
    additionalHeaders: {},
    platformInfo: () => null,
    env: defaultEnvironment(),
    timeoutMs: 5_000,
  });

describe("HttpClient", () => {
  it("rejects with UserCancelledError as soon as the caller aborts", async () => {
    server.use(
      http.get(`${TEST_BASE_URL}/slow`, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = client().request({
      name: "slow",
      method: "GET",
      path: "/slow",
      signal: controller.signal,
    });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("rejects at once when given an already aborted signal", async () => {
    server.use(http.get(`${TEST_BASE_URL}/x`, () => HttpResponse.json({})));
    const error = await client()
      .request({ name: "x", method: "GET", path: "/x", signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("sends repeated query parameters and a JSON body", async () => {
    let seen: { search: string; body: unknown } | undefined;
    server.use(
      http.post(`${TEST_BASE_URL}/echo`, async ({ request }) => {
        seen = { search: new URL(request.url).search, body: await request.json() };
        return HttpResponse.json({ ok: true });
      }),
    );
    const result = await client().request<{ ok: boolean }>({
      name: "echo",
      method: "POST",
      path: "/echo",
      query: [
        ["id", "a"],
        ["id", "b"],
      ],
      body: { hello: "world" },
    });
    expect(result).toEqual({ ok: true });
    expect(seen).toEqual({ search: "?id=a&id=b", body: { hello: "world" } });
  });
});
