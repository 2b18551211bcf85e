// Issue #46: the catalogue's JSON Schema and reference page are generated from the server's own schema and shipped;
// a JSON Schema validator (Ajv, draft 2020-12) takes the shipped catalogue and refuses a wrong one at the path of
// the mistake; and the server's own check names the path and the expected shape, a purchase option's too.
import { Ajv2020 } from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { catalogueDigest } from "../src/catalogue/catalogue-versions.js";
import { catalogueJsonSchema } from "../src/catalogue/catalogue-json-schema.js";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { defaultCataloguePath, loadCatalogueFile } from "../src/catalogue/load-catalogue.js";
// @ts-expect-error a script of this package, without types
import { catalogueReference } from "../scripts/catalogue-reference.mjs";

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), "utf8");
const shipped = () =>
  JSON.parse(read("../src/catalogue/realmheart.json")) as { $schema?: string; projects: any[] };

function validator() {
  // The server accepts `null` where JSON Schema's "date-time", "email" and "uri" formats apply, and checks the
  // formats itself; the schema is compiled as an editor would, with formats as annotations.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  return ajv.compile(catalogueJsonSchema());
}

describe("the catalogue's JSON Schema", () => {
  it("is the committed src/catalogue/catalogue.schema.json (npm run catalogue:schema writes it)", () => {
    expect(JSON.parse(read("../src/catalogue/catalogue.schema.json"))).toEqual(catalogueJsonSchema());
  });

  it("is shipped in the package and named by the shipped catalogue's $schema", () => {
    const manifest = JSON.parse(read("../package.json"));
    expect(manifest.exports["./catalogue.schema.json"]).toBe("./dist/catalogue/catalogue.schema.json");
    expect(read("../scripts/copy-assets.mjs")).toContain('"dist/catalogue/catalogue.schema.json"');
    expect(shipped().$schema).toBe("./catalogue.schema.json");
  });

  it("takes the shipped catalogue, $schema included, which the server reads with the same digest as without it", async () => {
    const validate = validator();
    expect(validate(shipped()), JSON.stringify(validate.errors)).toBe(true);
    const { $schema: _ignored, ...withoutSchema } = shipped();
    expect(catalogueDigest(await loadCatalogueFile(defaultCataloguePath))).toBe(
      catalogueDigest(parseCatalogue(withoutSchema)),
    );
  });

  it("refuses a wrong catalogue at the path of each mistake", () => {
    const validate = validator();
    const catalogue = shipped();
    const product = catalogue.projects[0].products[0];
    product.product_type = "weekly";
    product.title = 7;
    catalogue.projects[0].api_keys = [];
    expect(validate(catalogue)).toBe(false);
    const paths = new Set(validate.errors!.map((error) => error.instancePath));
    expect([...paths]).toEqual(
      expect.arrayContaining([
        "/projects/0/products/0/product_type",
        "/projects/0/products/0/title",
        "/projects/0/api_keys",
      ]),
    );
  });

  it("describes every field in docs/catalogue.md, which is the page the schema gives", async () => {
    const path = new URL("../../../docs/catalogue.md", import.meta.url);
    const page = readFileSync(path, "utf8");
    const options = await resolveConfig(path);
    expect(page).toBe(
      await format(catalogueReference(catalogueJsonSchema()), { ...options, parser: "markdown" }),
    );
    for (const field of [
      "amount_micros",
      "subscription_group",
      "trial_eligibility",
      "offering_ids_by_placement",
      "max_redemptions",
      "trigger_actions",
      "components_localizations",
    ]) {
      expect(page).toContain(`| \`${field}\``);
    }
  });
});

describe("the server's check of a catalogue", () => {
  it("names a purchase option that fits neither shape, and what each shape lacked", () => {
    const catalogue = shipped();
    const options = catalogue.projects[0].products[0].purchase_options;
    const [id] = Object.keys(options);
    delete options[id!].base;
    delete options[id!].base_price;
    expect(() => parseCatalogue(catalogue)).toThrow(
      new RegExp(
        `- projects\\.0\\.products\\.0\\.purchase_options\\.${id}: a purchase option is a subscription's \\{ id, price_id, base, trial\\?, intro_price\\? \\} or a one-time product's \\{ id, price_id, base_price \\}; as each shape: 1\\) base: Invalid input: expected object, received undefined; 2\\) base_price: Invalid input: expected object, received undefined`,
      ),
    );
  });
});
