// @vitest-environment happy-dom
// The paywall's pure rules: text variables per package, colours and colour mode, locale fallback, markup,
// package selection and backgrounds.
import { h, render } from "preact";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { createTranslator } from "../../src/i18n/translator";
import { LogLevel, Purchases } from "../../src/index";
import { toOfferings } from "../../src/model/offerings";
import { formatPrice } from "../../src/model/price";
import type { Package } from "../../src/model/types";
import { colorCss, initialColorMode, solidColorCss } from "../../src/paywall/colors";
import { backgroundCss } from "../../src/paywall/component-style";
import type { WirePaywallDocument } from "../../src/paywall/paywall-document";
import { paywallLocalizer } from "../../src/paywall/paywall-localizations";
import { renderMarkup } from "../../src/paywall/paywall-markup";
import { initialPackageId, steppedPackageId } from "../../src/paywall/paywall-packages";
import { substituteVariables, variablesPerPackage } from "../../src/paywall/paywall-variables";
import { fixtures } from "../support/fixtures";

const LOCALE = "en-US";
const NOW = new Date("2026-11-21T12:00:00Z");
const t = createTranslator([{ code: "en", messages: en }]);
const zar = (micros: number) => formatPrice(micros, "ZAR", LOCALE);

function packages(change: (products: ReturnType<typeof fixtures.products>) => void = () => {}): Package[] {
  const products = fixtures.products();
  change(products);
  const offerings = toOfferings(fixtures.offerings(), products.product_details, {
    locale: LOCALE,
    placementIdentifier: null,
  });
  return [...offerings.current!.availablePackages];
}

describe("variablesPerPackage (docs/checkout.md)", () => {
  const all = variablesPerPackage(packages(), t, LOCALE, NOW);

  it("gives the monthly package its price, periods and a discount against the most expensive package", () => {
    expect(all.$rc_monthly).toMatchObject({
      product_name: "Premium Realm",
      price: zar(99_000_000),
      price_per_period: `${zar(99_000_000)}/mo`,
      price_per_period_full: `${zar(99_000_000)}/month`,
      total_price_and_per_month: `${zar(99_000_000)}/mo`,
      total_price_and_per_month_full: `${zar(99_000_000)}/month`,
      sub_price_per_month: zar(99_000_000),
      sub_price_per_week: zar(22_780_000),
      sub_duration: "1 month",
      sub_duration_in_months: "1 month",
      sub_period: "monthly",
      sub_period_length: "month",
      sub_period_abbreviated: "mo",
      sub_offer_duration: "1 week",
      sub_offer_price: zar(0),
      sub_offer_duration_2: "",
      sub_offer_price_2: "",
      // R99 against the weekly package's R126.01 a month (R29 × 365 / 7 / 12).
      sub_relative_discount: "21%",
    });
  });

  it("gives the annual package its total and per-month price, its intro offer and a 37% discount", () => {
    expect(all.$rc_annual).toMatchObject({
      price_per_period: `${zar(948_000_000)}/yr`,
      total_price_and_per_month: `${zar(948_000_000)}/yr (${zar(79_000_000)}/mo)`,
      total_price_and_per_month_full: `${zar(948_000_000)}/year (${zar(79_000_000)}/month)`,
      sub_price_per_month: zar(79_000_000),
      sub_duration: "1 year",
      sub_duration_in_months: "12 months",
      sub_period: "yearly",
      sub_period_abbreviated: "yr",
      sub_offer_duration: "1 month",
      sub_offer_price: zar(49_000_000),
      sub_relative_discount: "37%",
    });
  });

  it("gives the weekly package a per-month price of 365 / 7 / 12 weeks and no discount (it is the most expensive)", () => {
    expect(all.$rc_weekly).toMatchObject({
      price_per_period: `${zar(29_000_000)}/wk`,
      total_price_and_per_month: `${zar(29_000_000)}/wk (${zar(126_010_000)}/mo)`,
      sub_price_per_month: zar(126_010_000),
      sub_price_per_week: zar(29_000_000),
      sub_duration: "1 week",
      sub_period: "weekly",
      sub_offer_duration: "",
      sub_relative_discount: "",
    });
  });

  it("gives one-time products their price and no subscription variables", () => {
    expect(all.$rc_lifetime).toMatchObject({
      product_name: "Dragon Egg",
      price: zar(499_000_000),
      price_per_period: zar(499_000_000),
      price_per_period_full: zar(499_000_000),
      total_price_and_per_month: zar(499_000_000),
      total_price_and_per_month_full: zar(499_000_000),
    });
    expect(Object.keys(all.$rc_lifetime!).filter((name) => !name.startsWith("product."))).toEqual([
      "product_name",
      "price",
      "price_per_period",
      "price_per_period_full",
      "total_price_and_per_month",
      "total_price_and_per_month_full",
    ]);
    expect(substituteVariables("{{ sub_period }}", all.$rc_lifetime!)).toBe("N/A");
  });

  it("logs an invalid ISO duration and shows it as sent", () => {
    const warnings: string[] = [];
    Purchases.setLogHandler((level, message) => level === LogLevel.Warn && warnings.push(message));
    try {
      const pkgs = packages((products) => {
        const weekly = products.product_details.find((p) => p.identifier === "premium_realm_weekly")!;
        (weekly.purchase_options.weekly_option as any).base.period_duration = "P1W2D";
      });
      const weekly = variablesPerPackage(pkgs, t, LOCALE, NOW).$rc_weekly!;
      expect(weekly.sub_duration).toBe("P1W2D");
      expect(weekly.price_per_period).toBe(`${zar(29_000_000)}/P1W2D`);
      expect(warnings).toContain('Invalid ISO 8601 duration "P1W2D" in a paywall text; it is shown as is.');
    } finally {
      Purchases.setLogHandler(null);
    }
  });

  it("uses the translator's language for words and percentages", () => {
    const de = createTranslator([
      {
        code: "de",
        messages: {
          "period.month.frequency": "monatlich",
          "period.month.count": "{count, plural, one {# Monat} other {# Monate}}",
        },
      },
      { code: "en", messages: en },
    ]);
    const annual = variablesPerPackage(packages(), de, "de-DE", NOW).$rc_annual!;
    expect(annual.sub_duration_in_months).toBe("12 Monate");
    expect(annual.sub_relative_discount).toBe(new Intl.NumberFormat("de", { style: "percent" }).format(0.37));
  });

  it("substitutes variables with optional spaces and shows N/A for unknown ones", () => {
    expect(substituteVariables("{{price}} / {{  price  }} / {{ nope }} / { price }", { price: "R1" })).toBe(
      "R1 / R1 / N/A / { price }",
    );
  });
});

describe("colours", () => {
  const points = [
    { color: "#FF0000", percent: 0 },
    { color: "#0000FFCC", percent: 100 },
  ];

  it.each([
    [{ light: { type: "hex", value: "#ABC" } }, "light", "#ABC"],
    [{ light: { type: "hex", value: "#11223344" } }, "light", "#11223344"],
    [{ light: { type: "hex", value: "#fff" }, dark: { type: "hex", value: "#000" } }, "dark", "#000"],
    [{ light: { type: "hex", value: "#fff" }, dark: null }, "dark", "#fff"],
    [
      { light: { type: "linear", degrees: 90, points } },
      "light",
      "linear-gradient(90deg, #FF0000 0%, #0000FFCC 100%)",
    ],
    [{ light: { type: "radial", points } }, "light", "radial-gradient(circle, #FF0000 0%, #0000FFCC 100%)"],
    [{ light: { type: "alias", value: "brand" } }, "dark", "#C9A227"],
    [{ light: { type: "alias", value: "loop" } }, "light", null],
    [{ light: { type: "alias", value: "__proto__" } }, "light", null],
    [{ light: { type: "hex", value: "red;background:url(x)" } }, "light", null],
    [{ light: { type: "linear", degrees: 0, points: [{ color: "red", percent: 0 }] } }, "light", null],
    [{ light: { type: "conic" } }, "light", null],
    [null, "light", null],
  ] as const)("%j in %s mode is %s", (scheme, mode, css) => {
    const aliases = {
      brand: { light: { type: "hex", value: "#8B2252" }, dark: { type: "hex", value: "#C9A227" } },
      loop: { light: { type: "alias", value: "loop" } },
    } as const;
    expect(colorCss(scheme as never, mode, aliases as never)).toBe(css);
  });

  it("uses a gradient's first colour where only a solid colour fits", () => {
    expect(solidColorCss({ light: { type: "radial", points } }, "light", {})).toBe("#FF0000");
  });

  it("picks the preferred mode, else the system's dark preference, else light", () => {
    const win = (dark: boolean) =>
      ({ matchMedia: (q: string) => ({ matches: dark && q === "(prefers-color-scheme: dark)" }) }) as never;
    expect(initialColorMode("light", win(true))).toBe("light");
    expect(initialColorMode("dark", win(false))).toBe("dark");
    expect(initialColorMode(null, win(true))).toBe("dark");
    expect(initialColorMode(undefined, win(false))).toBe("light");
    expect(initialColorMode(null, {} as never)).toBe("light");
    expect(initialColorMode(null, null)).toBe("light");
  });

  it("lays a colour overlay over a background image, per colour mode", () => {
    const background = {
      type: "image",
      value: {
        light: { original: "https://cdn.example/l.png" },
        dark: { original: "https://cdn.example/d.png" },
      },
      color_overlay: { light: { type: "hex", value: "#00000080" } },
    } as const;
    const ctx = { mode: "dark", aliases: {}, dir: "ltr", axis: "vertical" } as const;
    expect(backgroundCss(background, ctx)).toBe(
      'linear-gradient(#00000080, #00000080), url("https://cdn.example/d.png") center / cover no-repeat',
    );
    expect(backgroundCss({ ...background, value: { light: { original: "data:x" } } }, ctx)).toBeNull();
  });
});

describe("paywallLocalizer", () => {
  const paywall = {
    default_locale: "en_US",
    components_localizations: {
      en_US: { a: "A", b: "B" },
      de: { a: "A-de" },
      pt_BR: { a: "A-br" },
      pt: { a: "A-pt", b: "B-pt" },
    },
  } as unknown as WirePaywallDocument;

  it.each([
    ["de-AT", ["A-de", "B", ""]],
    ["pt-BR", ["A-br", "B", ""]],
    ["pt-PT", ["A-pt", "B-pt", ""]],
    ["fr", ["A", "B", ""]],
    [null, ["A", "B", ""]],
  ])("%s: the locale, then the default locale, then ''", (locale, expected) => {
    const localize = paywallLocalizer(paywall, locale);
    expect(["a", "b", "missing"].map(localize)).toEqual(expected);
  });

  it("never reads inherited properties as texts", () => {
    expect(paywallLocalizer(paywall, "en")("toString")).toBe("");
  });
});

describe("renderMarkup", () => {
  const html = (text: string, leaf: (s: string) => string = (s) => s) => {
    const host = document.createElement("p");
    render(h("span", null, ...renderMarkup(text, leaf)), host);
    return host.firstElementChild!.innerHTML;
  };

  it.each([
    ["**b** *i* ~~s~~ `c`", "<strong>b</strong> <em>i</em> <s>s</s> <code>c</code>"],
    ["a\nb\r\nc", "a<br>b<br>c"],
    ["**bold _and italic_**", "<strong>bold <em>and italic</em></strong>"],
    [
      "[site](https://x.example/a?b=1)",
      '<a href="https://x.example/a?b=1" target="_blank" rel="noopener noreferrer">site</a>',
    ],
    [
      "[mail](mailto:a@x.example)",
      '<a href="mailto:a@x.example" target="_blank" rel="noopener noreferrer">mail</a>',
    ],
    ["[bad](javascript:alert)", "bad"],
    ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ["a_b_c and 2*3", "a_b_c and 2*3"],
  ])("%j → %s", (text, expected) => {
    expect(html(text)).toBe(expected);
  });

  it("fills variables after the markup is read, so their values are never markup", () => {
    expect(html("**{{ x }}**", (s) => s.replace("{{ x }}", "*<b>*"))).toBe("<strong>*&lt;b&gt;*</strong>");
  });
});

describe("package selection", () => {
  it("starts on the first package marked is_selected_by_default, else the first, else none", () => {
    expect(
      initialPackageId([
        { package_id: "a" },
        { package_id: "b", is_selected_by_default: true },
        { package_id: "c", is_selected_by_default: true },
      ]),
    ).toBe("b");
    expect(initialPackageId([{ package_id: "a" }, { package_id: "b" }])).toBe("a");
    expect(initialPackageId([])).toBeNull();
  });

  it("steps through distinct packages, wrapping around", () => {
    const ids = ["a", "b", "a", "c"];
    expect(steppedPackageId(ids, "a", 1)).toBe("b");
    expect(steppedPackageId(ids, "c", 1)).toBe("a");
    expect(steppedPackageId(ids, "a", -1)).toBe("c");
    expect(steppedPackageId(ids, null, -1)).toBe("c");
    expect(steppedPackageId([], "a", 1)).toBeNull();
  });
});
