import { describe, expect, it, vi } from "vitest";
import { buildEventContext, collectUtmMetadata } from "../../src/analytics/context";
import { defaultEnvironment, type PurchasesEnvironment } from "../../src/environment";

function envAt(href: string): PurchasesEnvironment {
  const url = new URL(href);
  const window = {
    location: { href, search: url.search },
    navigator: { language: "en-ZA", userAgent: "TestBrowser/1.0" },
    document: { referrer: "https://search.example/", title: "Choose Your Destiny" },
    screen: { width: 1280, height: 800 },
  } as unknown as Window;
  return { ...defaultEnvironment(), window };
}

describe("collectUtmMetadata", () => {
  it("returns the utm parameters present in the page address", () => {
    const env = envAt(
      "https://app.example/subscribe?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=dragons&utm_content=hero&ref=x",
    );
    expect(collectUtmMetadata(env)).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
      utm_term: "dragons",
      utm_content: "hero",
    });
  });

  it("leaves out missing and empty parameters and decodes values", () => {
    const env = envAt("https://app.example/?utm_source=&utm_campaign=summer%20sale&UTM_MEDIUM=x");
    expect(collectUtmMetadata(env)).toEqual({ utm_campaign: "summer sale" });
  });

  it("is empty without a window", () => {
    expect(collectUtmMetadata({ ...defaultEnvironment(), window: null })).toEqual({});
  });
});

describe("buildEventContext", () => {
  it("reads locale, user agent, time zone, screen, utm and page from the window", () => {
    const env = envAt("https://app.example/subscribe?utm_source=ads&token=secret#pay");
    expect(buildEventContext(env)).toEqual({
      library_name: "purchases-web",
      library_version: "0.0.0-test",
      source: "sdk",
      locale: "en-ZA",
      user_agent: "TestBrowser/1.0",
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      screen_width: 1280,
      screen_height: 800,
      utm_source: "ads",
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      page_referrer: "https://search.example/",
      page_url: "https://app.example/subscribe",
      page_title: "Choose Your Destiny",
    });
  });

  it("reads the time zone from Temporal where the browser has it, once per page", async () => {
    vi.resetModules();
    const timeZoneId = vi.fn(() => "Africa/Johannesburg");
    vi.stubGlobal("Temporal", { Now: { timeZoneId } });
    try {
      const fresh = await import("../../src/analytics/context");
      const env = envAt("https://app.example/");
      expect(fresh.buildEventContext(env).time_zone).toBe("Africa/Johannesburg");
      expect(fresh.buildEventContext(env).time_zone).toBe("Africa/Johannesburg");
      expect(timeZoneId).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("sets every browser field to null without a window (SSR)", () => {
    expect(buildEventContext({ ...defaultEnvironment(), window: null })).toEqual({
      library_name: "purchases-web",
      library_version: "0.0.0-test",
      source: "sdk",
      locale: null,
      user_agent: null,
      time_zone: null,
      screen_width: null,
      screen_height: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      page_referrer: null,
      page_url: null,
      page_title: null,
    });
  });

  it("does not throw for a window missing its parts", () => {
    const env = { ...defaultEnvironment(), window: new EventTarget() as unknown as Window };
    expect(buildEventContext(env)).toMatchObject({ locale: null, page_url: null, screen_width: null });
  });
});
