import { z } from "zod";
import { catalogueSchema } from "./catalogue-schema.js";

/**
 * The catalogue file's JSON Schema (draft 2020-12), generated from the schema the server validates with (issue #46):
 * what a file may hold, with defaults and descriptions, for editors and other tools. Checks that span parts (a
 * package naming a product of its project, a paywall text missing in its default locale…) are the server's:
 * `purchases-billing-server catalogue check FILE` runs them all. The package ships it as
 * `@purchases-web/billing-server/catalogue.schema.json`; src/catalogue/catalogue.schema.json is this function's
 * output (`npm run catalogue:schema` writes it, and a test compares them).
 *
 * @example
 * writeFileSync("catalogue.schema.json", JSON.stringify(catalogueJsonSchema(), null, 2));
 */
export function catalogueJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(catalogueSchema, {
    io: "input",
    target: "draft-2020-12",
    // An API key's shape is a function (a refinement); JSON Schema says what it can and the server checks the rest.
    unrepresentable: "any",
  }) as Record<string, unknown> & { properties: Record<string, unknown> };
  const { $schema, ...rest } = generated;
  return {
    $schema,
    title: "purchases-web billing server catalogue",
    description:
      "Projects with their API keys, products, entitlements, offerings, paywalls, virtual currencies and promotion codes. `purchases-billing-server catalogue check FILE` checks a file fully; `catalogue import FILE` makes it the served version.",
    ...rest,
    properties: {
      $schema: { type: "string", description: "This schema's location, for editors; ignored by the server." },
      ...rest.properties,
    },
  };
}
