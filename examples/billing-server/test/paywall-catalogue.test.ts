// The paywall parts of the catalogue: the shared protocol fixture (what the SDK's renderer is tested with) is a
// valid catalogue paywall, and mistakes that would break a paywall silently are refused when the catalogue loads.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { paywallComponentsSchema, uiConfigSchema } from "../src/catalogue/paywall-schema.js";
import { testCatalogue } from "./support/catalogue.js";

const fixture = JSON.parse(
  readFileSync(new URL("../../../fixtures/protocol/paywall.json", import.meta.url), "utf8"),
);

/** The reference catalogue with its paywall changed by `change`. */
function withPaywall(change: (paywall: any) => void) {
  const catalogue = structuredClone(testCatalogue()) as any;
  change(catalogue.projects[0].offerings[0].paywall_components);
  return () => parseCatalogue(catalogue);
}

describe("paywall catalogue data", () => {
  it("accepts the protocol fixture's paywall and ui_config, which the SDK's renderer tests use", () => {
    expect(paywallComponentsSchema.safeParse(fixture.paywall_components).success).toBe(true);
    expect(uiConfigSchema.safeParse(fixture.ui_config).success).toBe(true);
  });

  it("gives the reference offering a paywall that names both of its packages", () => {
    const paywall = testCatalogue().projects[0]!.offerings[0]!.paywall_components;
    const ids = JSON.stringify(paywall).match(/"package_id":"[^"]+"/g);
    expect(ids).toEqual(['"package_id":"$rc_annual"', '"package_id":"$rc_monthly"']);
  });

  it("refuses a package component naming a package the offering lacks", () => {
    expect(
      withPaywall((p) => {
        p.components_config.base.stack.components[3].components[0].package_id = "$rc_weekly";
      }),
    ).toThrow(/names unknown package \$rc_weekly/);
  });

  it("refuses a text missing in the default locale, and a default locale without texts", () => {
    expect(withPaywall((p) => delete p.components_localizations.en.title)).toThrow(
      /text title is missing in en/,
    );
    expect(withPaywall((p) => (p.default_locale = "fr"))).toThrow(/no texts for the default locale fr/);
  });

  it("refuses a base that is not a stack and an alias colour that is not hex", () => {
    expect(withPaywall((p) => (p.components_config.base.stack.type = "text"))).toThrow(/Invalid catalogue/);
    const catalogue = structuredClone(testCatalogue()) as any;
    catalogue.projects[0].ui_config.app.colors.primary.light = { type: "hex", value: "red" };
    expect(() => parseCatalogue(catalogue)).toThrow(/colours are #RRGGBB/);
  });

  it("always sends ui_config.app.fonts (purchases-js reads it unchecked) and keeps custom variable defaults", () => {
    expect(uiConfigSchema.parse({ app: { colors: {} } })).toEqual({
      app: { colors: {}, fonts: {} },
      custom_variables: {},
    });
    const parsed = uiConfigSchema.parse({
      app: {
        fonts: { serif: { web: { family: "Lora", url: "https://fonts.example/lora.woff2", weight: 400 } } },
      },
      custom_variables: { player_name: { type: "string", default_value: "traveller" } },
    });
    expect(parsed.app.fonts.serif?.web?.family).toBe("Lora");
    expect(parsed.custom_variables.player_name?.default_value).toBe("traveller");
    expect(
      uiConfigSchema.safeParse({ app: {}, custom_variables: { n: { default_value: null } } }).success,
    ).toBe(false);
  });

  it("writes the Realmheart paywall as purchases-js reads it: hex colours, sized texts and stacks, icons, badge stacks", () => {
    const paywall = testCatalogue().projects[0]!.offerings[0]!.paywall_components;
    const components: any[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        if (typeof (value as any).type === "string") components.push(value);
        Object.values(value).forEach(walk);
      }
    };
    walk(paywall?.components_config);
    expect(JSON.stringify(paywall)).not.toContain('"alias"');
    const of = (type: string) => components.filter((c) => c.type === type);
    for (const c of [...of("text"), ...of("stack")])
      expect(c.size?.width?.type, JSON.stringify(c)).toBeTruthy();
    for (const stack of of("stack")) expect(stack.dimension?.type).toBeTruthy();
    for (const item of of("timeline").flatMap((t) => t.items)) expect(item.icon.type).toBe("icon");
    for (const stack of of("stack").filter((s) => s.badge)) expect(stack.badge.stack.type).toBe("stack");
    const texts = Object.values(paywall!.components_localizations.en!).join(" ");
    expect(texts.match(/\{\{\s*([\w.]+)/g)?.every((v) => v.includes("product."))).toBe(true);
  });
});
