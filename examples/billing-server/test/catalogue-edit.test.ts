// The pure catalogue edits behind the merchant API (issue #48): the next catalogue passes every cross-check, or the
// edit is refused naming the field at fault, and the catalogue it was given is left as it was.
import { describe, expect, it } from "vitest";
import {
  applyEdit,
  attachEntitlementProducts,
  createPackage,
  createProduct,
  deleteOffering,
  deletePackage,
  deleteProduct,
  detachEntitlementProducts,
  updatePackage,
} from "../src/catalogue/catalogue-edit.js";
import type { CatalogueProduct } from "../src/catalogue/catalogue-schema.js";
import { testCatalogue } from "./support/catalogue.js";

const gems: CatalogueProduct = {
  identifier: "gems",
  product_type: "consumable",
  title: "Gems",
  description: null,
  default_purchase_option_id: "base",
  purchase_options: {
    base: { id: "base", price_id: "prc_gems", base_price: { amount_micros: 990_000, currency: "USD" } },
  },
  virtual_currency_grants: {},
  subscription_group: null,
  trial_eligibility: "once_per_customer",
};

describe("catalogue edits", () => {
  it("adds a product, and takes the same product again as a retry but refuses a different one under its id", () => {
    const catalogue = testCatalogue();
    const done = applyEdit(catalogue, "realmheart", createProduct(gems));
    expect(done).toMatchObject({ ok: true, before: null, after: gems });
    const next = done.ok ? done.catalogue : catalogue;
    expect(applyEdit(next, "realmheart", createProduct(gems))).toMatchObject({
      ok: true,
      before: gems,
      after: gems,
    });
    expect(applyEdit(next, "realmheart", createProduct({ ...gems, title: "Other" }))).toMatchObject({
      ok: false,
      code: "already_exists",
      param: "store_identifier",
    });
    expect(catalogue.projects[0]!.products.some((p) => p.identifier === "gems")).toBe(false);
  });

  it("refuses deleting a product a package and an entitlement name, listing what names it", () => {
    const refused = applyEdit(testCatalogue(), "realmheart", deleteProduct("premium_realm_monthly"));
    expect(refused).toMatchObject({ ok: false, code: "invalid", param: "product_id" });
    expect(!refused.ok && refused.message).toContain(
      "offering default names unknown product premium_realm_monthly",
    );
    expect(!refused.ok && refused.message).toContain("entitlement premium names unknown product");
  });

  it("refuses an unknown object as not_found, naming its id's field", () => {
    expect(applyEdit(testCatalogue(), "realmheart", deleteProduct("nope"))).toMatchObject({
      code: "not_found",
      param: "product_id",
    });
    expect(applyEdit(testCatalogue(), "realmheart", deleteOffering("nope"))).toMatchObject({
      code: "not_found",
      param: "offering_id",
    });
    expect(applyEdit(testCatalogue(), "nobody", deleteOffering("default"))).toMatchObject({
      code: "not_found",
      param: "project_id",
    });
  });

  it("attaches products once each, in order, and refuses detaching an entitlement's last", () => {
    const attached = applyEdit(
      testCatalogue(),
      "realmheart",
      attachEntitlementProducts("premium", ["premium_realm_annual"]),
    );
    expect(attached).toMatchObject({
      ok: true,
      after: { products: ["premium_realm_monthly", "premium_realm_annual"] },
    });
    const all = ["premium_realm_monthly", "premium_realm_annual"];
    expect(applyEdit(testCatalogue(), "realmheart", detachEntitlementProducts("premium", all))).toMatchObject(
      {
        ok: false,
        code: "invalid",
        param: "product_ids",
      },
    );
  });

  it("places packages by position and refuses removing one the offering's paywall names", () => {
    const added = applyEdit(
      testCatalogue(),
      "realmheart",
      createPackage(
        "default",
        { identifier: "$rc_weekly", platform_product_identifier: "premium_realm_monthly" },
        1,
      ),
    );
    expect(added).toMatchObject({ ok: true, after: { offeringId: "default", position: 1 } });
    const moved =
      added.ok &&
      applyEdit(added.catalogue, "realmheart", updatePackage("default", "$rc_weekly", { position: 9 }));
    expect(moved).toMatchObject({ ok: true, after: { position: 3 } });
    expect(applyEdit(testCatalogue(), "realmheart", deletePackage("default", "$rc_monthly"))).toMatchObject({
      ok: false,
      code: "invalid",
      param: "package_id",
    });
  });
});
