import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Purchases } from "../../src/index";
import type { WireEventsRequest } from "../../src/http/wire";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

function captureEvents() {
  const received: { body: WireEventsRequest; headers: Headers }[] = [];
  server.use(
    http.post(`${TEST_BASE_URL}/v1/events`, async ({ request }) => {
      received.push({ body: (await request.json()) as WireEventsRequest, headers: request.headers });
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return received;
}

describe("analytics through the public API", () => {
  it("sends sdk_initialized to {proxyURL}/v1/events with the SDK and additional headers", async () => {
    const received = captureEvents();
    Purchases.configure({
      apiKey: "rcb_sb_abc",
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL, additionalHeaders: { "X-Tenant": "realmheart" } },
    });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    const [event] = received[0]?.body.events ?? [];
    expect(event).toMatchObject({
      type: "web_billing",
      event_name: "sdk_initialized",
      app_user_id: "user_1",
    });
    expect(event?.context).toMatchObject({ library_name: "purchases-web" });
    expect(received[0]?.headers.get("authorization")).toBe("Bearer rcb_sb_abc");
    expect(received[0]?.headers.get("x-tenant")).toBe("realmheart");
  });

  it("builds no event inside configure(): the first (which reads the time zone) waits for a task of its own", async () => {
    const received = captureEvents();
    const later: (() => void)[] = [];
    Purchases.configure({
      apiKey: "rcb_sb_abc",
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      environment: {
        setTimeout: (callback) => {
          later.push(callback);
          return later.length;
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(0);
    expect(later).toHaveLength(1);
    later[0]?.();
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.body.events[0]?.event_name).toBe("sdk_initialized");
  });

  it("sends nothing when collectAnalyticsEvents is false", async () => {
    const received = captureEvents();
    const purchases = Purchases.configure({
      apiKey: "rcb_sb_abc",
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      flags: { collectAnalyticsEvents: false },
    });
    server.use(
      http.get(`${TEST_BASE_URL}/rcbilling/v1/branding`, () => HttpResponse.json({ app_name: "x" })),
    );
    await purchases.preload(); // a real request completes, so a queued event would have been sent by now
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(0);
  });
});
