// The `{{ product.* }}` variables (the values purchases-js shows for the same products), custom variables and
// the case filters of paywall texts.
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { createTranslator } from "../../src/i18n/translator";
import { toOfferings } from "../../src/model/offerings";
import { formatPrice } from "../../src/model/price";
import {
  substituteVariables,
  UNKNOWN_VARIABLE,
  variablesPerPackage,
} from "../../src/paywall/paywall-variables";
import { fixtures } from "../support/fixtures";

const LOCALE = "en-US";
const NOW = new Date("2026-11-21T12:00:00Z");
const t = createTranslator([{ code: "en", messages: en }]);
/** A rand price as paywall texts show it: with the narrow symbol "R" (a product's own price reads "ZAR 99.00"). */
const zar = (micros: number) =>
  new Intl.NumberFormat(LOCALE, {
    style: "currency",
    currency: "ZAR",
    currencyDisplay: "narrowSymbol",
  }).format(micros / 1_000_000);
const offering = toOfferings(fixtures.offerings(), fixtures.products().product_details, {
  locale: LOCALE,
  placementIdentifier: null,
}).current!;
const all = variablesPerPackage(offering.availablePackages, t, LOCALE, NOW);

describe("product.* variables", () => {
  it("gives a monthly subscription with a free week its real prices, per-unit prices, periods and trial", () => {
    expect(all.$rc_monthly).toMatchObject({
      "product.store_product_name": "Premium Realm",
      "product.price": zar(99_000_000),
      "product.price_per_period": `${zar(99_000_000)}/month`,
      "product.price_per_period_abbreviated": `${zar(99_000_000)}/mo`,
      // A day is a 30th of a month, a week 12 × 7 / 365 of one (rounded down to the cent), a year 12 months.
      "product.price_per_day": zar(3_300_000),
      "product.price_per_week": zar(22_780_000),
      "product.price_per_month": zar(99_000_000),
      "product.price_per_year": zar(1_188_000_000),
      "product.period": "month",
      "product.period_abbreviated": "mo",
      "product.period_with_unit": "1 month",
      "product.periodly": "monthly",
      "product.period_in_days": "30",
      "product.period_in_weeks": "4",
      "product.period_in_months": "1",
      "product.period_in_years": "0",
      "product.currency_code": "ZAR",
      "product.offer_period": "week",
      "product.offer_period_with_unit": "1 week",
      "product.offer_period_in_days": "7",
      "product.offer_end_date": "November 28, 2026",
      // A free trial has no offer price; R29 a week is the priciest per month (R126.01): 99 saves 21 %.
      "product.offer_price": "",
      "product.relative_discount": "21%",
    });
  });

  it("gives an annual subscription with an intro month its offer price and a discount; the priciest gets none", () => {
    expect(all.$rc_annual).toMatchObject({
      "product.price_per_period": `${zar(948_000_000)}/year`,
      "product.price_per_month": zar(79_000_000),
      "product.offer_price": zar(49_000_000),
      "product.offer_period_with_unit": "1 month",
      "product.relative_discount": "37%",
    });
    expect(all.$rc_weekly!["product.relative_discount"]).toBe("");
  });

  it("shows prices with the currency's narrow symbol, as purchases-js does, and leaves the products' prices alone", () => {
    const monthly = offering.availablePackages.find((p) => p.identifier === "$rc_monthly")!;
    expect(all.$rc_monthly!["product.price"]).toMatch(/^R\s?99\.00$/);
    expect(all.$rc_monthly!["product.price_per_period_abbreviated"]).toMatch(/^R\s?99\.00\/mo$/);
    expect(all.$rc_monthly!["product.currency_symbol"]).toBe("R");
    expect(monthly.webBillingProduct.currentPrice.formattedPrice).toBe(
      formatPrice(99_000_000, "ZAR", LOCALE),
    );
    expect(monthly.webBillingProduct.currentPrice.formattedPrice).toMatch(/^ZAR/);
  });

  it("shows a product that does not renew at its price and as lifetime, with empty periods", () => {
    expect(all.$rc_lifetime).toMatchObject({
      "product.price_per_period": all.$rc_lifetime!["product.price"],
      "product.period_with_unit": "lifetime",
      "product.periodly": "lifetime",
      "product.period": "",
      "product.relative_discount": "",
    });
  });

  it("replaces product.* placeholders with the package's values, never N/A", () => {
    const text =
      "{{ product.price_per_period_abbreviated }} ({{ product.price_per_month }}/mo), {{product.offer_price}}.";
    expect(substituteVariables(text, all.$rc_annual!)).toBe(
      `${zar(948_000_000)}/yr (${zar(79_000_000)}/mo), ${zar(49_000_000)}.`,
    );
    expect(substituteVariables("{{ product.offer_price }}", all.$rc_monthly!)).toBe("");
    expect(substituteVariables("{{ product.no_such_thing }}", all.$rc_monthly!)).toBe(UNKNOWN_VARIABLE);
  });
});

describe("custom variables and filters", () => {
  it("reads {{ custom.name }} (and $custom.name) from the custom values; unknown ones are N/A", () => {
    const custom = { player_name: "Ada", level: "42" };
    expect(substituteVariables("{{ custom.player_name }} at level {{ $custom.level }}", {}, custom)).toBe(
      "Ada at level 42",
    );
    expect(substituteVariables("{{ custom.missing }}", {}, custom)).toBe(UNKNOWN_VARIABLE);
    // A package variable of the same name is not a custom one.
    expect(substituteVariables("{{ custom.price }}", { price: "R1" }, {})).toBe(UNKNOWN_VARIABLE);
  });

  it("applies uppercase, lowercase and capitalize; an unknown filter leaves the value as is", () => {
    const values = { "product.period": "month", name: "dragon EGG" };
    expect(substituteVariables("{{ product.period | uppercase }}", values)).toBe("MONTH");
    expect(substituteVariables("{{ name|lowercase }}", values)).toBe("dragon egg");
    expect(substituteVariables("{{ name | capitalize }}", values)).toBe("Dragon Egg");
    expect(substituteVariables("{{ name | reverse }}", values)).toBe("dragon EGG");
  });
});
