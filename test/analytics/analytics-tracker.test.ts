import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { AnalyticsEventName } from "../../src/analytics/analytics-event";
import { AnalyticsTracker, type AnalyticsTrackerOptions } from "../../src/analytics/analytics-tracker";
import { defaultEnvironment, type PurchasesEnvironment } from "../../src/environment";
import { Backend } from "../../src/http/backend";
import { HttpClient } from "../../src/http/http-client";
import type { WireEventsRequest } from "../../src/http/wire";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

interface Received {
  url: string;
  headers: Headers;
  body: WireEventsRequest;
}

function eventsEndpoint(base = TEST_BASE_URL, status = 201) {
  const received: Received[] = [];
  server.use(
    http.post(`${base}/v1/events`, async ({ request }) => {
      received.push({
        url: request.url,
        headers: request.headers,
        body: (await request.json()) as WireEventsRequest,
      });
      return HttpResponse.json({}, { status });
    }),
  );
  return received;
}

let uuid = 0;
const env: PurchasesEnvironment = {
  ...defaultEnvironment(),
  now: () => 1_700_000_000_000,
  randomUUID: () => `uuid-${++uuid}`,
  window: null,
};

let tracker: AnalyticsTracker;

function newTracker(options: Partial<AnalyticsTrackerOptions> = {}) {
  uuid = 0;
  const http = new HttpClient({
    apiKey: "web_public_key",
    baseUrl: TEST_BASE_URL,
    isSandbox: false,
    additionalHeaders: { "X-Custom-Header": "custom" },
    platformInfo: () => null,
    env,
    timeoutMs: 5000,
  });
  tracker = new AnalyticsTracker({
    backend: new Backend(http),
    env,
    appUserId: () => "user-1",
    enabled: true,
    ...options,
  });
  return tracker;
}

afterEach(() => tracker.dispose());

describe("AnalyticsTracker", () => {
  it("posts a web_billing event with its context and snake_case properties to the base URL", async () => {
    const received = eventsEndpoint();
    newTracker().track(
      "checkout_session_start",
      {
        customization: { color_accent: "#ff0066", font: "Inter", shapes: "pill" },
        product_interval: "P1M",
        product_price_micros: 99_000_000,
        product_currency: "ZAR",
        product_id: "premium_monthly",
        package_id: "$rc_monthly",
        purchase_option_id: "base",
        customer_email_provided_by_developer: false,
      },
      "checkout-trace",
    );
    await tracker.flush();

    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe(`${TEST_BASE_URL}/v1/events`);
    expect(received[0]?.body).toEqual({
      events: [
        {
          id: "uuid-2", // uuid-1 is the tracker's own trace id
          timestamp_ms: 1_700_000_000_000,
          type: "web_billing",
          event_name: "checkout_session_start",
          app_user_id: "user-1",
          context: expect.objectContaining({
            library_name: "purchases-web",
            library_version: "0.0.0-test",
            source: "sdk",
            locale: null,
          }),
          properties: {
            customization: { color_accent: "#ff0066", font: "Inter", shapes: "pill" },
            product_interval: "P1M",
            product_price_micros: 99_000_000,
            product_currency: "ZAR",
            product_id: "premium_monthly",
            package_id: "$rc_monthly",
            purchase_option_id: "base",
            customer_email_provided_by_developer: false,
          },
          trace_id: "checkout-trace",
        },
      ],
    });
  });

  it("sends the SDK's headers: bearer key, platform, version, sandbox flag and additional headers", async () => {
    const received = eventsEndpoint();
    newTracker().track("sdk_initialized", {});
    await tracker.flush();
    const headers = received[0]?.headers;
    expect(headers?.get("authorization")).toBe("Bearer web_public_key");
    expect(headers?.get("x-platform")).toBe("web");
    expect(headers?.get("x-version")).toBe("0.0.0-test");
    expect(headers?.get("x-is-sandbox")).toBe("false");
    expect(headers?.get("x-custom-header")).toBe("custom");
    expect(headers?.get("content-type")).toBe("application/json");
  });

  it("sends to eventsBaseUrl when one is given", async () => {
    const received = eventsEndpoint("https://events.test");
    newTracker({ eventsBaseUrl: "https://events.test" }).track("checkout_payment_form_impression", {});
    await tracker.flush();
    expect(received[0]?.url).toBe("https://events.test/v1/events");
    expect(received[0]?.headers.get("authorization")).toBe("Bearer web_public_key");
  });

  it("uses the tracker's trace id for events tracked without one, and reads the user at each event", async () => {
    const received = eventsEndpoint();
    let user = "anonymous";
    newTracker({ appUserId: () => user }).track("checkout_flow_error", {
      error_code: 10,
      error_message: "x",
    });
    await tracker.flush();
    user = "signed-in";
    tracker.track("checkout_session_end", { outcome: "closed" });
    await tracker.flush();
    const events = received.flatMap((r) => r.body.events);
    expect(events.map((e) => [e.app_user_id, e.trace_id])).toEqual([
      ["anonymous", tracker.traceId],
      ["signed-in", tracker.traceId],
    ]);
    expect(tracker.traceId).toBe("uuid-1");
  });

  it("sends nothing and adds no listener when disabled", async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const window = new EventTarget() as EventTarget & Window;
    const addListener = vi.spyOn(window, "addEventListener");
    const disabledEnv = { ...env, fetch: fetchSpy, window };
    tracker = new AnalyticsTracker({
      backend: new Backend(
        new HttpClient({
          apiKey: "k",
          baseUrl: TEST_BASE_URL,
          isSandbox: false,
          additionalHeaders: {},
          platformInfo: () => null,
          env: disabledEnv,
          timeoutMs: 5000,
        }),
      ),
      env: disabledEnv,
      appUserId: () => "user-1",
      enabled: false,
    });
    tracker.track("sdk_initialized", {});
    await tracker.flush();
    window.dispatchEvent(new Event("pagehide"));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(addListener).not.toHaveBeenCalled();
  });

  it("never throws from track, even when reading the user fails", async () => {
    eventsEndpoint();
    newTracker({
      appUserId: () => {
        throw new Error("disposed");
      },
    });
    expect(() => tracker.track("sdk_initialized", {})).not.toThrow();
    await expect(tracker.flush()).resolves.toBeUndefined();
  });

  it("types the 19 event names and their properties", () => {
    expectTypeOf<AnalyticsEventName>().toEqualTypeOf<
      | "sdk_initialized"
      | "checkout_session_start"
      | "checkout_session_end"
      | "checkout_flow_error"
      | "checkout_payment_tax_calculation"
      | "checkout_payment_form_impression"
      | "checkout_payment_form_error"
      | "checkout_payment_form_dismiss"
      | "checkout_payment_form_submit"
      | "checkout_payment_form_gateway_error"
      | "checkout_purchase_successful_impression"
      | "checkout_purchase_successful_dismiss"
      | "paywall_impression"
      | "paywall_close"
      | "paywall_cancel"
      | "paywall_component_interacted"
      | "custom_paywall_impression"
      | "workflow_step_started"
      | "workflow_step_completed"
    >();
    expectTypeOf<AnalyticsTracker["track"]>().toBeCallableWith("checkout_payment_tax_calculation", {
      outcome: "not_taxed",
      ui_element: "auto",
    });
    expectTypeOf<AnalyticsTracker["track"]>().toBeCallableWith("checkout_session_end", {
      outcome: "errored",
      error_code: 3,
      error_message: "Payment failed",
    });
    const _neverCalled = (t: AnalyticsTracker) => {
      // @ts-expect-error an outcome the spec does not list
      t.track("checkout_payment_tax_calculation", { outcome: "exempt", ui_element: "auto" });
      // @ts-expect-error properties of another event
      t.track("checkout_flow_error", { outcome: "closed" });
    };
  });
});
