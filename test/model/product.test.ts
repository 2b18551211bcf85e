import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WireProductDetails } from "../../src/http/wire";
import { LogLevel, setLogHandler, setLogLevel } from "../../src/logger";
import { toProduct } from "../../src/model/product";
import { PeriodUnit, ProductType, type PresentedOfferingContext } from "../../src/model/types";
import { fixtures } from "../support/fixtures";

const context: PresentedOfferingContext = {
  offeringIdentifier: "default",
  placementIdentifier: "onboarding",
  targetingContext: { ruleId: "rule_za_users", revision: 3 },
};

function wireProduct(identifier: string): WireProductDetails {
  const product = fixtures.products().product_details.find((p) => p.identifier === identifier);
  if (!product) throw new Error(`fixture product ${identifier} missing`);
  return product;
}

let logs: { level: LogLevel; message: string }[] = [];
beforeEach(() => {
  logs = [];
  setLogLevel(LogLevel.Debug);
  setLogHandler((level, message) => logs.push({ level, message }));
});
afterEach(() => {
  setLogLevel(LogLevel.Warn);
  setLogHandler(null);
});

const warnings = () => logs.filter((l) => l.level === LogLevel.Warn).map((l) => l.message);

describe("toProduct", () => {
  it("normalises a subscription with a free trial", () => {
    const product = toProduct(wireProduct("premium_realm_monthly"), context, "en-ZA");
    expect(product).toMatchObject({
      identifier: "premium_realm_monthly",
      displayName: "Premium Realm",
      title: "Premium Realm",
      description: "Unlimited messages, priority replies and exclusive characters",
      productType: ProductType.Subscription,
      price: { amount: 9900, amountMicros: 99_000_000, currency: "ZAR" },
      normalPeriodDuration: "P1M",
      period: { number: 1, unit: PeriodUnit.Month },
      introPricePhase: null,
      defaultNonSubscriptionOption: null,
    });
    expect(product?.price.formattedPrice).toMatch(/^R\s99,00$/);
    // The deprecated name carries the same value, as in purchases-js.
    expect(product?.currentPrice).toBe(product?.price);
    expect(product?.freeTrialPhase).toMatchObject({
      periodDuration: "P1W",
      period: { number: 1, unit: PeriodUnit.Week },
      price: null,
      cycleCount: 1,
      pricePerMonth: null,
    });
  });

  it("exposes the default subscription option as the default purchase option, with its phases", () => {
    const product = toProduct(wireProduct("premium_realm_monthly"), context, "en-ZA")!;
    expect(Object.keys(product.subscriptionOptions)).toEqual(["base_option"]);
    expect(product.defaultSubscriptionOption).toBe(product.subscriptionOptions.base_option);
    expect(product.defaultPurchaseOption).toBe(product.defaultSubscriptionOption);
    expect(product.defaultSubscriptionOption).toMatchObject({
      id: "base_option",
      priceId: "prc_monthly_zar",
    });
    expect(product.defaultSubscriptionOption?.trial).toBe(product.freeTrialPhase);
    // R99 a month: × 12 a year; × 84/365 a week (R22.7835…), cut to the cent.
    expect(product.defaultSubscriptionOption?.base.pricePerYear?.amountMicros).toBe(1_188_000_000);
    expect(product.defaultSubscriptionOption?.base.pricePerWeek?.amountMicros).toBe(22_780_000);
  });

  it("takes the intro price phase from the default subscription option", () => {
    const product = toProduct(wireProduct("premium_realm_annual"), context, "en-ZA")!;
    expect(product.freeTrialPhase).toBeNull();
    expect(product.introPricePhase).toMatchObject({
      periodDuration: "P1M",
      price: { amount: 4900, currency: "ZAR" },
      cycleCount: 1,
    });
    expect(product.period).toEqual({ number: 1, unit: PeriodUnit.Year });
    // R948 a year is R79 a month: a year is 12 months, whatever their days.
    expect(product.defaultSubscriptionOption?.base.pricePerMonth?.amountMicros).toBe(79_000_000);
  });

  it("records how the product was presented", () => {
    const product = toProduct(wireProduct("premium_realm_monthly"), context, "en-ZA")!;
    expect(product.presentedOfferingIdentifier).toBe("default");
    expect(product.presentedOfferingContext).toEqual(context);
  });

  it("normalises a one-time product with its base price and no period", () => {
    const product = toProduct(wireProduct("dragon_egg_lifetime"), context, "en-ZA")!;
    expect(product).toMatchObject({
      identifier: "dragon_egg_lifetime",
      productType: ProductType.NonConsumable,
      currentPrice: { amount: 49900, currency: "ZAR" },
      normalPeriodDuration: null,
      period: null,
      defaultSubscriptionOption: null,
      subscriptionOptions: {},
      freeTrialPhase: null,
      introPricePhase: null,
    });
    expect(product.defaultNonSubscriptionOption).toEqual({
      id: "egg_option",
      priceId: "prc_egg",
      basePrice: product.currentPrice,
    });
    expect(product.defaultPurchaseOption).toBe(product.defaultNonSubscriptionOption);
  });

  it("keeps a free consumable and formats its price without fraction digits", () => {
    const product = toProduct(wireProduct("gems_100"), context, "en-ZA")!;
    expect(product.productType).toBe(ProductType.Consumable);
    expect(product.currentPrice.amount).toBe(0);
    expect(product.currentPrice.formattedPrice).toMatch(/^R\s0$/);
  });

  it("formats prices in the given locale", () => {
    const product = toProduct(wireProduct("premium_realm_monthly"), context, "en-US")!;
    expect(product.currentPrice.formattedPrice).toMatch(/^ZAR\s99\.00$/);
  });

  it("drops a product whose only option has a base phase without a price", () => {
    expect(toProduct(wireProduct("no_base_price"), context, "en-ZA")).toBeNull();
    expect(warnings()).toEqual(["Ignoring product no_base_price: it has no valid purchase option."]);
    expect(
      logs.some((l) => l.level === LogLevel.Debug && l.message.includes("its base phase has no price")),
    ).toBe(true);
  });

  it("drops a product whose only option has no base phase", () => {
    const wire = wireProduct("premium_realm_monthly");
    (wire.purchase_options.base_option as { base: unknown }).base = null;
    expect(toProduct(wire, context, "en-ZA")).toBeNull();
    expect(logs.map((l) => l.message)).toContain(
      "Ignoring purchase option base_option of product premium_realm_monthly: it has no base phase.",
    );
  });

  it("drops a one-time product without a base price", () => {
    const wire = wireProduct("dragon_egg_lifetime");
    (wire.purchase_options.egg_option as { base_price: unknown }).base_price = null;
    expect(toProduct(wire, context, "en-ZA")).toBeNull();
    expect(logs.map((l) => l.message)).toContain(
      "Ignoring purchase option egg_option of product dragon_egg_lifetime: it has no base price.",
    );
  });

  it("drops a product without any purchase option", () => {
    const wire = { ...wireProduct("premium_realm_monthly"), purchase_options: {} };
    expect(toProduct(wire, context, "en-ZA")).toBeNull();
    expect(warnings()).toEqual(["Ignoring product premium_realm_monthly: it has no valid purchase option."]);
  });

  it("drops a product without a default purchase option id", () => {
    const wire = { ...wireProduct("premium_realm_monthly"), default_purchase_option_id: null };
    expect(toProduct(wire, context, "en-ZA")).toBeNull();
    expect(warnings()[0]).toContain("default purchase option null is missing or invalid");
  });

  it("drops a product whose default purchase option id names no option", () => {
    const wire = { ...wireProduct("premium_realm_monthly"), default_purchase_option_id: "gone" };
    expect(toProduct(wire, context, "en-ZA")).toBeNull();
    expect(warnings()).toEqual([
      "Ignoring product premium_realm_monthly: its default purchase option gone is missing or invalid.",
    ]);
  });

  it("drops a product whose default option is invalid even when another option is valid", () => {
    const wire = wireProduct("premium_realm_monthly");
    wire.purchase_options.broken = {
      id: "broken",
      price_id: "prc_broken",
      base: { period_duration: "P1M", price: null, cycle_count: 1 },
      trial: null,
      intro_price: null,
    };
    wire.default_purchase_option_id = "broken";
    expect(toProduct(wire, context, "en-ZA")).toBeNull();
    expect(warnings()[0]).toContain("its default purchase option broken is missing or invalid");
  });

  it("leaves an invalid non-default option out of the subscription options but keeps the product", () => {
    const wire = wireProduct("premium_realm_monthly");
    wire.purchase_options.no_base = {
      id: "no_base",
      price_id: "prc_x",
      base: null,
      trial: null,
      intro_price: null,
    };
    const product = toProduct(wire, context, "en-ZA");
    expect(product).not.toBeNull();
    expect(Object.keys(product!.subscriptionOptions)).toEqual(["base_option"]);
    expect(warnings()).toEqual([]);
  });
});
