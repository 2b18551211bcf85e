import { describe, expect, it } from "vitest";
import { packageTypeFromIdentifier } from "../../src/model/package-type";
import { PackageType } from "../../src/model/types";

describe("packageTypeFromIdentifier", () => {
  it.each([
    ["$rc_lifetime", PackageType.Lifetime],
    ["$rc_annual", PackageType.Annual],
    ["$rc_six_month", PackageType.SixMonth],
    ["$rc_three_month", PackageType.ThreeMonth],
    ["$rc_two_month", PackageType.TwoMonth],
    ["$rc_monthly", PackageType.Monthly],
    ["$rc_weekly", PackageType.Weekly],
  ])("knows %s", (identifier, type) => {
    expect(packageTypeFromIdentifier(identifier)).toBe(type);
  });

  it("treats any other $rc_ identifier as unknown", () => {
    expect(packageTypeFromIdentifier("$rc_custom_thing")).toBe(PackageType.Unknown);
    expect(packageTypeFromIdentifier("$rc_")).toBe(PackageType.Unknown);
    expect(packageTypeFromIdentifier("$rc_MONTHLY")).toBe(PackageType.Unknown);
  });

  it("treats identifiers without the $rc_ prefix as custom", () => {
    expect(packageTypeFromIdentifier("gems_pack")).toBe(PackageType.Custom);
    expect(packageTypeFromIdentifier("monthly")).toBe(PackageType.Custom);
    expect(packageTypeFromIdentifier("unknown")).toBe(PackageType.Custom);
    expect(packageTypeFromIdentifier("rc_monthly")).toBe(PackageType.Custom);
  });
});
