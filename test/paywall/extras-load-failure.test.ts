// @vitest-environment happy-dom
// A paywall whose extras chunk cannot be fetched (the network, a stale deployment) fails with a NetworkError and
// shows nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases } from "../../src/index";
import { useMswServer } from "../support/msw";
import { KEYS, configure, settle } from "../ui/support/harness";
import { paywallOf, servePaywall, text } from "./support/paywall-harness";

vi.mock("../../src/paywall/paywall-extras", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

describe("presentPaywall: the extras chunk", () => {
  it("rejects with a NetworkError and shows nothing when the extras cannot be loaded", async () => {
    servePaywall(server, paywallOf([text("title"), { type: "carousel", pages: [text("title")] }]));
    const { error } = await settle(configure(KEYS.testStore).presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.NetworkError);
    expect(error?.message).toBe("The paywall's components could not be loaded.");
    expect(document.querySelector(".pw-root")).toBeNull();
  });
});
