import { describe, expect, it } from "vitest";
import { defaultEnvironment, type PurchasesEnvironment } from "../../src/environment";
import { ErrorCode } from "../../src/index";
import { checkoutMetadata } from "../../src/checkout/checkout-metadata";

function envAt(url: string): PurchasesEnvironment {
  const location = new URL(url);
  return { ...defaultEnvironment(), window: { location } as unknown as Window };
}

describe("checkoutMetadata", () => {
  const env = envAt(
    "https://realmheart.test/subscribe?utm_source=newsletter&utm_medium=email&utm_campaign=solstice&utm_term=dragons&utm_content=hero&ref=x",
  );

  it("collects the five UTM parameters of the page address when the flag is on", () => {
    expect(checkoutMetadata(env, true)).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "solstice",
      utm_term: "dragons",
      utm_content: "hero",
    });
  });

  it("collects nothing when autoCollectUTMAsMetadata is off", () => {
    expect(checkoutMetadata(env, false, { owner: "growth" })).toEqual({ owner: "growth" });
  });

  it("lets the developer's metadata win over a collected UTM value", () => {
    expect(checkoutMetadata(env, true, { utm_source: "app" }).utm_source).toBe("app");
  });

  it("accepts null values (the peer's PurchaseMetadata): not sent, and they remove a collected UTM value", () => {
    expect(
      checkoutMetadata(env, true, { utm_term: null, utm_content: null, owner: "growth", gone: null }),
    ).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "solstice",
      owner: "growth",
    });
  });

  it("collects nothing outside a browser", () => {
    expect(checkoutMetadata({ ...defaultEnvironment(), window: null }, true)).toEqual({});
  });

  it("rejects metadata that is not a map of strings", () => {
    expect(() => checkoutMetadata(env, true, { count: 3 } as unknown as Record<string, string>)).toThrow(
      expect.objectContaining({ errorCode: ErrorCode.ConfigurationError }),
    );
  });
});
