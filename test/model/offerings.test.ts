import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LogLevel, setLogHandler, setLogLevel } from "../../src/logger";
import { offeringIdForPlacement, productIdsOf, toOfferings } from "../../src/model/offerings";
import { PackageType } from "../../src/model/types";
import { fixtures } from "../support/fixtures";

const products = () => fixtures.products().product_details;
const build = (wire = fixtures.offerings(), placementIdentifier: string | null = null) =>
  toOfferings(wire, products(), { locale: "en-ZA", placementIdentifier });

let debugLogs: string[] = [];
beforeEach(() => {
  debugLogs = [];
  setLogLevel(LogLevel.Debug);
  setLogHandler((level, message) => {
    if (level === LogLevel.Debug) debugLogs.push(message);
  });
});
afterEach(() => {
  setLogLevel(LogLevel.Warn);
  setLogHandler(null);
});

describe("toOfferings", () => {
  it("keeps offerings with a valid package and drops the one without, logging why", () => {
    const offerings = build();
    expect(Object.keys(offerings.all)).toEqual(["default", "holiday"]);
    expect(debugLogs).toContain("Ignoring offering broken: it has no valid package.");
  });

  it("drops packages whose product is missing or invalid", () => {
    const wire = fixtures.offerings();
    wire.offerings[1]!.packages.push(
      { identifier: "$rc_monthly", platform_product_identifier: "no_base_price" },
      { identifier: "$rc_weekly", platform_product_identifier: "missing_product" },
    );
    const holiday = build(wire).all.holiday!;
    expect(holiday.availablePackages.map((p) => p.identifier)).toEqual(["$rc_annual"]);
    expect(holiday.monthly).toBeNull();
    expect(holiday.weekly).toBeNull();
    expect(debugLogs).toContain(
      "Ignoring package $rc_weekly of offering holiday: product missing_product not found.",
    );
  });

  it("lists available packages in wire order with their types and products", () => {
    const offering = build().all.default!;
    expect(
      offering.availablePackages.map((p) => [p.identifier, p.packageType, p.webBillingProduct.identifier]),
    ).toEqual([
      ["$rc_monthly", PackageType.Monthly, "premium_realm_monthly"],
      ["$rc_annual", PackageType.Annual, "premium_realm_annual"],
      ["$rc_weekly", PackageType.Weekly, "premium_realm_weekly"],
      ["$rc_lifetime", PackageType.Lifetime, "dragon_egg_lifetime"],
      ["gems_pack", PackageType.Custom, "gems_100"],
      ["$rc_custom_thing", PackageType.Unknown, "premium_realm_monthly"],
    ]);
  });

  it("indexes packages by identifier", () => {
    const offering = build().all.default!;
    expect(Object.keys(offering.packagesById)).toEqual(offering.availablePackages.map((p) => p.identifier));
    expect(offering.packagesById.gems_pack).toBe(offering.availablePackages[4]);
  });

  it("fills the slot of each known package type and leaves the others null", () => {
    const offering = build().all.default!;
    expect(offering.monthly?.identifier).toBe("$rc_monthly");
    expect(offering.annual?.identifier).toBe("$rc_annual");
    expect(offering.weekly?.identifier).toBe("$rc_weekly");
    expect(offering.lifetime?.identifier).toBe("$rc_lifetime");
    expect(offering.sixMonth).toBeNull();
    expect(offering.threeMonth).toBeNull();
    expect(offering.twoMonth).toBeNull();
  });

  it("puts the first package of a type in its slot", () => {
    const wire = fixtures.offerings();
    wire.offerings[1]!.packages.push({
      identifier: "$rc_annual",
      platform_product_identifier: "premium_realm_monthly",
    });
    expect(build(wire).all.holiday!.annual?.webBillingProduct.identifier).toBe("premium_realm_annual");
  });

  it("copies description, metadata and paywall components", () => {
    const wire = fixtures.offerings();
    const paywall = { default_locale: "en_US", components_config: { base: {} } };
    wire.offerings[0]!.paywall_components = paywall;
    const { default: offering, holiday } = build(wire).all;
    expect(offering!.serverDescription).toBe("Premium Realm");
    expect(offering!.metadata).toEqual({ theme: "night-court" });
    expect(offering!.paywallComponents).toEqual(paywall);
    expect(holiday!.metadata).toBeNull();
    expect(holiday!.paywallComponents).toBeNull();
  });

  it("gives each build a metadata object of its own, so a caller writing to one leaves the cached response as it was", () => {
    const wire = fixtures.offerings();
    const first = build(wire).all.default!;
    first.metadata!.theme = "changed";
    delete first.metadata!.theme;
    expect(build(wire).all.default!.metadata).toEqual({ theme: "night-court" });
    expect(wire.offerings[0]!.metadata).toEqual({ theme: "night-court" });
  });

  it("presents each product in its own offering with the placement, and the targeting rule on the current one only", () => {
    const offerings = build(fixtures.offerings(), "onboarding");
    expect(offerings.current?.identifier).toBe("default");
    const product = offerings.all.holiday!.annual!.webBillingProduct;
    expect(product.presentedOfferingIdentifier).toBe("holiday");
    // The rule chose the current offering; another offering bought from the same answer was not its choice.
    expect(product.presentedOfferingContext).toEqual({
      offeringIdentifier: "holiday",
      placementIdentifier: "onboarding",
      targetingContext: null,
    });
    expect(offerings.all.default!.annual!.webBillingProduct.presentedOfferingContext).toEqual({
      offeringIdentifier: "default",
      placementIdentifier: "onboarding",
      targetingContext: { ruleId: "rule_za_users", revision: 3 },
    });
  });

  it("gives a null targeting context when the response has no targeting", () => {
    const wire = fixtures.offerings();
    delete wire.targeting;
    const context = build(wire).all.default!.monthly!.webBillingProduct.presentedOfferingContext;
    expect(context).toEqual({
      offeringIdentifier: "default",
      placementIdentifier: null,
      targetingContext: null,
    });
  });

  it("makes the offering named by current_offering_id current", () => {
    const offerings = build();
    expect(offerings.current).toBe(offerings.all.default);
  });

  it("has no current offering when the named one was dropped, is unknown or none is named", () => {
    for (const currentId of ["broken", "nope", null]) {
      const wire = fixtures.offerings();
      wire.current_offering_id = currentId;
      expect(build(wire).current).toBeNull();
    }
  });

  it("returns no offerings when no product is available", () => {
    const offerings = toOfferings(fixtures.offerings(), [], { locale: "en-ZA", placementIdentifier: null });
    expect(offerings).toEqual({ all: {}, current: null });
  });
});

describe("offeringIdForPlacement", () => {
  it("returns the offering listed for the placement", () => {
    expect(offeringIdForPlacement(fixtures.offerings(), "onboarding")).toBe("holiday");
  });

  it("returns null for a placement listed with an explicit null, not the fallback", () => {
    expect(offeringIdForPlacement(fixtures.offerings(), "disabled_spot")).toBeNull();
  });

  it("falls back to the fallback offering for a placement that is not listed", () => {
    expect(offeringIdForPlacement(fixtures.offerings(), "paywall_tab")).toBe("default");
    expect(offeringIdForPlacement(fixtures.offerings(), "toString")).toBe("default");
  });

  it("falls back when there is no placement map", () => {
    const wire = fixtures.offerings();
    wire.placements = { fallback_offering_id: "holiday", offering_ids_by_placement: null };
    expect(offeringIdForPlacement(wire, "onboarding")).toBe("holiday");
  });

  it("returns null when the placement is not listed and there is no fallback", () => {
    const wire = fixtures.offerings();
    wire.placements!.fallback_offering_id = null;
    expect(offeringIdForPlacement(wire, "paywall_tab")).toBeNull();
  });

  it("returns null when the response has no placements", () => {
    const wire = fixtures.offerings();
    delete wire.placements;
    expect(offeringIdForPlacement(wire, "onboarding")).toBeNull();
    wire.placements = null;
    expect(offeringIdForPlacement(wire, "onboarding")).toBeNull();
  });
});

describe("productIdsOf", () => {
  it("lists every product id once, in order of first appearance", () => {
    expect(productIdsOf(fixtures.offerings())).toEqual([
      "premium_realm_monthly",
      "premium_realm_annual",
      "premium_realm_weekly",
      "dragon_egg_lifetime",
      "gems_100",
      "no_base_price",
      "missing_product",
    ]);
  });

  it("is empty without offerings", () => {
    expect(productIdsOf({ current_offering_id: null, offerings: [] })).toEqual([]);
  });
});
