import { afterEach, describe, expect, it, vi } from "vitest";
import { pageNavigation } from "../src/api/navigation";
import { payInPopup } from "../src/subscribe/web-payment";

const opened: unknown[] = [];
const finished: (() => void)[] = [];
const removed = vi.fn(async () => {});

vi.mock("@capacitor/browser", () => ({
  Browser: {
    open: async (options: unknown) => void opened.push(options),
    addListener: async (event: string, listener: () => void) => {
      if (event === "browserFinished") finished.push(listener);
      return { remove: removed };
    },
  },
}));

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  opened.length = 0;
  finished.length = 0;
  vi.restoreAllMocks();
});

describe("the web payment in the native shell", () => {
  it("opens the provider's page in the system browser, not a popup, and resolves when it is closed", async () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    const popup = vi.spyOn(window, "open");
    const done = payInPopup("https://checkout.paystack.com/abc");
    expect(done).not.toBeNull();
    await vi.waitFor(() =>
      expect(opened).toEqual([{ url: "https://checkout.paystack.com/abc", presentationStyle: "popover" }]),
    );
    finished.forEach((listener) => listener());
    await expect(done).resolves.toBe("closed");
    expect(removed).toHaveBeenCalledOnce();
    expect(popup).not.toHaveBeenCalled();
  });

  it("on the web, opens the popup and leaves the system browser alone", () => {
    const popup = vi.spyOn(window, "open").mockReturnValue(null);
    const assign = vi.spyOn(pageNavigation, "assign").mockImplementation(() => {});
    expect(payInPopup("https://checkout.paystack.com/abc")).toBeNull();
    expect(popup).toHaveBeenCalledOnce();
    expect(assign).toHaveBeenCalledWith("https://checkout.paystack.com/abc");
    expect(opened).toEqual([]);
  });
});
