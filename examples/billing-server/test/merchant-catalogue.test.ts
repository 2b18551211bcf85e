// The catalogue through the merchant API (issue #48): RevenueCat v2's products, entitlements, offerings and packages,
// each write a new catalogue version (as the CLI's import makes) with its audit entry, refused whole when the
// catalogue's cross-checks would fail, and two writes at once both kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueDocument, catalogueVersionList } from "../src/catalogue/catalogue-versions.js";
import { auditEntries } from "../src/access/audit-log.js";
import { KEYS } from "./support/catalogue.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";

const P = "/v2/projects/realmheart";

const gems = {
  store_identifier: "gems_500",
  app_id: "realmheart",
  type: "consumable",
  display_name: "500 gems",
  default_purchase_option_id: "base",
  purchase_options: {
    base: { id: "base", price_id: "prc_gems_500", base_price: { amount_micros: 4_990_000, currency: "USD" } },
  },
};

describe.each(DATABASES)("the catalogue through the merchant API on %s", (kind) => {
  let server: TestServer;
  let reader: string;
  let writer: string;
  let customersOnly: string;
  const versions = async () => (await catalogueVersionList(server.database.db)).length;
  const realmheart = async () =>
    (await catalogueDocument(server.database.db))!.projects.find((p) => p.id === "realmheart")!;

  beforeAll(async () => {
    server = await startTestServer(kind);
    reader = await secretKeyFor(server, ["catalogue:read"]);
    writer = await secretKeyFor(server, ["catalogue:write"]);
    customersOnly = await secretKeyFor(server, ["customers:read"]);
  });
  afterAll(() => server.close());

  it("lists and gets products in RevenueCat's shape, with their prices, a page at a time", async () => {
    const first = await merchantCall(server, "GET", `${P}/products?limit=1`, { key: reader });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({
      object: "product",
      id: "premium_realm_monthly",
      store_identifier: "premium_realm_monthly",
      type: "subscription",
      subscription: { duration: "P1M" },
      app_id: "realmheart",
      created_at: null,
    });
    expect(first.body.next_page).toBe(`${P}/products?limit=1&starting_after=premium_realm_monthly`);
    const second = await merchantCall(server, "GET", first.body.next_page, { key: reader });
    expect(second.body.items.map((p: { id: string }) => p.id)).toEqual(["premium_realm_annual"]);
    const one = await merchantCall(server, "GET", `${P}/products/premium_realm_annual`, { key: reader });
    expect(one.body.purchase_options).toEqual(second.body.items[0].purchase_options);
  });

  it("refuses a key without catalogue:read (403), a public key (403) and an unknown product (404)", async () => {
    const noScope = await merchantCall(server, "GET", `${P}/products`, { key: customersOnly });
    expect(noScope.status).toBe(403);
    expect(noScope.body.message).toContain("catalogue:read");
    expect((await merchantCall(server, "GET", `${P}/products`, { key: KEYS.test })).status).toBe(403);
    const unknown = await merchantCall(server, "GET", `${P}/products/nope`, { key: reader });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ type: "resource_missing", param: "product_id" });
    const badCursor = await merchantCall(server, "GET", `${P}/products?starting_after=nope`, { key: reader });
    expect(badCursor.body).toMatchObject({ type: "resource_missing", param: "starting_after" });
  });

  it("creates a product as a new catalogue version that the SDK is served, with an audit entry; a retry changes nothing", async () => {
    const before = await versions();
    const created = await merchantCall(server, "POST", `${P}/products`, { key: writer, body: gems });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "product",
      id: "gems_500",
      type: "consumable",
      title: "500 gems",
    });
    expect(created.body.one_time).toEqual({});
    const [newest] = await catalogueVersionList(server.database.db);
    expect(await versions()).toBe(before + 1);
    expect(newest!.source).toBe("merchant API create-product");
    expect(newest!.actor).toMatch(/^secret_key key_/);
    const sdk = await call(server, "GET", "/rcbilling/v1/subscribers/u_gems/products?id=gems_500", {
      key: KEYS.test,
    });
    expect(sdk.body.product_details[0]).toMatchObject({ identifier: "gems_500", title: "500 gems" });
    const [entry] = await auditEntries(server.database.db, {
      projectId: "realmheart",
      targetType: "product",
      targetId: "gems_500",
      limit: 5,
    });
    expect(entry).toMatchObject({
      action: "product.create",
      before: null,
      after: { identifier: "gems_500" },
    });

    const retried = await merchantCall(server, "POST", `${P}/products`, { key: writer, body: gems });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(created.body);
    expect(await versions()).toBe(before + 1);
    const other = { ...gems, display_name: "Five hundred gems" };
    const conflict = await merchantCall(server, "POST", `${P}/products`, { key: writer, body: other });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ type: "resource_already_exists", param: "store_identifier" });
  });

  it("refuses a write with a read-only key or a public key, and bad input naming the field, changing nothing", async () => {
    const before = await versions();
    const readOnly = await merchantCall(server, "POST", `${P}/products`, { key: reader, body: gems });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.message).toContain("catalogue:write");
    expect(
      (await merchantCall(server, "POST", `${P}/products`, { key: KEYS.sandbox, body: gems })).status,
    ).toBe(403);
    const lowerCurrency = {
      ...gems,
      store_identifier: "gems_bad",
      purchase_options: {
        base: { id: "base", price_id: "p", base_price: { amount_micros: 1, currency: "usd" } },
      },
    };
    const bad = await merchantCall(server, "POST", `${P}/products`, { key: writer, body: lowerCurrency });
    expect(bad.status).toBe(400);
    expect(bad.body.param).toMatch(/^purchase_options\.base/);
    const noTitle = await merchantCall(server, "POST", `${P}/products`, {
      key: writer,
      body: { ...gems, store_identifier: "gems_untitled", display_name: undefined },
    });
    expect(noTitle.body).toMatchObject({ type: "parameter_error", param: "display_name" });
    const otherApp = await merchantCall(server, "POST", `${P}/products`, {
      key: writer,
      body: { ...gems, store_identifier: "gems_app", app_id: "app1a2b3c4" },
    });
    expect(otherApp.body).toMatchObject({ type: "resource_missing", param: "app_id" });
    expect(await versions()).toBe(before);
  });

  it("refuses (422) deleting a product that packages and an entitlement name, naming it, and deletes an unnamed one", async () => {
    const before = await versions();
    const refused = await merchantCall(server, "DELETE", `${P}/products/premium_realm_monthly`, {
      key: writer,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      type: "unprocessable_entity_error",
      param: "product_id",
      retryable: false,
    });
    expect(refused.body.message).toContain("names unknown product premium_realm_monthly");
    expect(await versions()).toBe(before);
    await merchantCall(server, "POST", `${P}/products`, {
      key: writer,
      body: { ...gems, store_identifier: "gems_doomed" },
    });
    const gone = await merchantCall(server, "DELETE", `${P}/products/gems_doomed`, { key: writer });
    expect(gone.body).toMatchObject({ object: "product", id: "gems_doomed" });
    expect((await merchantCall(server, "GET", `${P}/products/gems_doomed`, { key: reader })).status).toBe(
      404,
    );
    expect((await merchantCall(server, "DELETE", `${P}/products/gems_doomed`, { key: writer })).status).toBe(
      404,
    );
  });

  it("updates a product's title and prices, and refuses an option the product lacks", async () => {
    const updated = await merchantCall(server, "POST", `${P}/products/gems_500`, {
      key: writer,
      body: { display_name: "500 shiny gems" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ display_name: "500 shiny gems", title: "500 shiny gems" });
    const wrong = await merchantCall(server, "POST", `${P}/products/gems_500`, {
      key: writer,
      body: { default_purchase_option_id: "missing" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.param).toBe("default_purchase_option_id");
    expect(
      (await realmheart()).products.find((p) => p.identifier === "gems_500")!.default_purchase_option_id,
    ).toBe("base");
  });

  it("creates an entitlement, attaches and detaches products, and refuses detaching its last", async () => {
    const created = await merchantCall(server, "POST", `${P}/entitlements`, {
      key: writer,
      body: { lookup_key: "gem_buyer", display_name: "Gem buyer", product_ids: ["gems_500"] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "entitlement",
      id: "gem_buyer",
      lookup_key: "gem_buyer",
      products: null,
    });
    const attached = await merchantCall(
      server,
      "POST",
      `${P}/entitlements/gem_buyer/actions/attach_products`,
      {
        key: writer,
        body: { product_ids: ["premium_realm_annual", "gems_500"] },
      },
    );
    expect(attached.body.product_ids).toEqual(["gems_500", "premium_realm_annual"]);
    const expanded = await merchantCall(server, "GET", `${P}/entitlements/gem_buyer?expand=product`, {
      key: reader,
    });
    expect(expanded.body.products.items.map((p: { id: string }) => p.id)).toEqual([
      "gems_500",
      "premium_realm_annual",
    ]);
    const detached = await merchantCall(
      server,
      "POST",
      `${P}/entitlements/gem_buyer/actions/detach_products`,
      {
        key: writer,
        body: { product_ids: ["premium_realm_annual"] },
      },
    );
    expect(detached.body.product_ids).toEqual(["gems_500"]);
    const last = await merchantCall(server, "POST", `${P}/entitlements/gem_buyer/actions/detach_products`, {
      key: writer,
      body: { product_ids: ["gems_500"] },
    });
    expect(last.status).toBe(422);
    expect(last.body.param).toBe("product_ids");
    const unknown = await merchantCall(
      server,
      "POST",
      `${P}/entitlements/gem_buyer/actions/attach_products`,
      {
        key: writer,
        body: { product_ids: ["nope"] },
      },
    );
    expect(unknown.body).toMatchObject({ type: "resource_missing", param: "product_ids" });
    const empty = await merchantCall(server, "POST", `${P}/entitlements/gem_buyer/actions/attach_products`, {
      key: writer,
      body: { product_ids: [] },
    });
    expect(empty.body).toMatchObject({ type: "parameter_error", param: "product_ids" });
    expect((await merchantCall(server, "GET", `${P}/entitlements/nope`, { key: reader })).status).toBe(404);
    const deleted = await merchantCall(server, "DELETE", `${P}/entitlements/gem_buyer`, { key: writer });
    expect(deleted.body).toMatchObject({ object: "entitlement", id: "gem_buyer" });
  });

  it("creates an offering with packages, makes it current, and refuses deleting it while it is", async () => {
    const created = await merchantCall(server, "POST", `${P}/offerings`, {
      key: writer,
      body: {
        lookup_key: "gem_shop",
        display_name: "Gems",
        metadata: { colour: "blue" },
        packages: [{ lookup_key: "small", product_id: "gems_500" }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "offering",
      id: "gem_shop",
      display_name: "Gems",
      is_current: false,
    });
    expect(created.body.packages.items[0]).toMatchObject({
      id: "gem_shop:small",
      product_id: "gems_500",
      position: 1,
    });
    const current = await merchantCall(server, "POST", `${P}/offerings/gem_shop`, {
      key: writer,
      body: { is_current: true },
    });
    expect(current.body.is_current).toBe(true);
    expect((await realmheart()).current_offering_id).toBe("gem_shop");
    const refused = await merchantCall(server, "DELETE", `${P}/offerings/gem_shop`, { key: writer });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain("unknown offering gem_shop");
    await merchantCall(server, "POST", `${P}/offerings/default`, { key: writer, body: { is_current: true } });
    const list = await merchantCall(server, "GET", `${P}/offerings?expand=items.package.product`, {
      key: reader,
    });
    const shop = list.body.items.find((o: { id: string }) => o.id === "gem_shop");
    expect(shop.packages.items[0].products.items[0].product.id).toBe("gems_500");
    const deleted = await merchantCall(server, "DELETE", `${P}/offerings/gem_shop`, { key: writer });
    expect(deleted.status).toBe(200);
    expect((await merchantCall(server, "GET", `${P}/offerings/gem_shop`, { key: reader })).status).toBe(404);
  });

  it("adds, moves and re-points packages by their offering-qualified ids, and refuses removing what a paywall names", async () => {
    const id = encodeURIComponent("default:$rc_lifetime");
    const created = await merchantCall(server, "POST", `${P}/offerings/default/packages`, {
      key: writer,
      body: { lookup_key: "$rc_lifetime", display_name: "Lifetime", position: 1, product_id: "gems_500" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: "default:$rc_lifetime", position: 1, offering_id: "default" });
    const retried = await merchantCall(server, "POST", `${P}/offerings/default/packages`, {
      key: writer,
      body: { lookup_key: "$rc_lifetime", product_id: "gems_500" },
    });
    expect(retried.body).toEqual(created.body);
    const moved = await merchantCall(server, "POST", `${P}/packages/${id}`, {
      key: writer,
      body: { position: 3 },
    });
    expect(moved.body.position).toBe(3);
    const repointed = await merchantCall(server, "POST", `${P}/packages/${id}/actions/attach_products`, {
      key: writer,
      body: { products: [{ product_id: "premium_realm_annual", eligibility_criteria: "all" }] },
    });
    expect(repointed.body.product_id).toBe("premium_realm_annual");
    const detach = await merchantCall(server, "POST", `${P}/packages/${id}/actions/detach_products`, {
      key: writer,
      body: { product_ids: ["premium_realm_annual"] },
    });
    expect(detach.status).toBe(422);
    const listed = await merchantCall(server, "GET", `${P}/offerings/default/packages`, { key: reader });
    expect(listed.body.items.map((p: { lookup_key: string }) => p.lookup_key)).toEqual([
      "$rc_monthly",
      "$rc_annual",
      "$rc_lifetime",
    ]);
    const named = await merchantCall(
      server,
      "DELETE",
      `${P}/packages/${encodeURIComponent("default:$rc_monthly")}`,
      {
        key: writer,
      },
    );
    expect(named.status).toBe(422);
    expect(named.body.param).toBe("package_id");
    expect((await merchantCall(server, "DELETE", `${P}/packages/${id}`, { key: writer })).status).toBe(200);
    expect((await merchantCall(server, "GET", `${P}/packages/${id}`, { key: reader })).status).toBe(404);
  });

  it("keeps both of two writes made at once: each edits the version the other made", async () => {
    const before = await versions();
    const [a, b] = await Promise.all(
      ["gems_a", "gems_b"].map((store_identifier) =>
        merchantCall(server, "POST", `${P}/products`, {
          key: writer,
          body: { ...gems, store_identifier },
        }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(await versions()).toBe(before + 2);
    const ids = (await realmheart()).products.map((p) => p.identifier);
    expect(ids).toEqual(expect.arrayContaining(["gems_a", "gems_b"]));
  });
});
