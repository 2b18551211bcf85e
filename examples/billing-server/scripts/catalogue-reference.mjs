// The catalogue's reference page (docs/catalogue.md) and JSON Schema file (src/catalogue/catalogue.schema.json),
// both written from the schema the server validates with (issue #46). `npm run catalogue:schema` (after a build)
// writes them; test/catalogue-json-schema.test.ts fails when either differs from what the schema gives.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The node a `$ref` names in `root` (`#/$defs/…`), or the node itself. */
function resolved(node, root) {
  if (typeof node?.$ref !== "string") return node;
  return node.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((at, key) => at?.[key], root);
}

/** The non-null branches of a node (`anyOf` / `type` arrays with "null" taken out), and whether null is allowed. */
function branches(node, root) {
  node = resolved(node, root);
  if (Array.isArray(node.anyOf)) {
    const all = node.anyOf.map((branch) => resolved(branch, root));
    const nonNull = all.filter((branch) => branch.type !== "null");
    return { list: nonNull, nullable: nonNull.length < all.length };
  }
  if (Array.isArray(node.type) && node.type.includes("null")) {
    const types = node.type.filter((type) => type !== "null");
    return { list: [{ ...node, type: types.length === 1 ? types[0] : types }], nullable: true };
  }
  return { list: [node], nullable: false };
}

const isObject = (node) => node.type === "object" && node.properties !== undefined;
const code = (value) => `\`${String(value).replace(/\|/g, "\\|")}\``;

/** A node's type in words: `string`, `array of Price`, `map of string to number`, `"a" or "b"`. */
function typeName(node, root) {
  const { list, nullable } = branches(node, root);
  const names = list.map((branch) => {
    if (branch.const !== undefined) return code(JSON.stringify(branch.const));
    if (Array.isArray(branch.enum))
      return branch.enum.map((value) => code(JSON.stringify(value))).join(" or ");
    if (branch.type === "array") return `array of ${typeName(branch.items ?? {}, root)}`;
    if (branch.type === "object" && !branch.properties && branch.additionalProperties) {
      const values = branch.additionalProperties === true ? {} : branch.additionalProperties;
      return `map of ${typeName(values, root)}`;
    }
    if (Array.isArray(branch.type)) return branch.type.join(" or ");
    if (branch.type) return branch.format ? `${branch.type} (${branch.format})` : branch.type;
    return "any JSON";
  });
  return [...names, ...(nullable ? ["null"] : [])].join(" or ");
}

/** A node's limits in words: length, pattern, range, items. */
function rules(node, root) {
  const { list } = branches(node, root);
  const out = [];
  for (const branch of list) {
    if (branch.minLength !== undefined)
      out.push(`at least ${branch.minLength} character${branch.minLength === 1 ? "" : "s"}`);
    if (branch.maxLength !== undefined) out.push(`at most ${branch.maxLength} characters`);
    if (branch.pattern !== undefined && branch.format === undefined)
      out.push(`matches ${code(branch.pattern)}`);
    if (branch.minimum !== undefined) out.push(`≥ ${branch.minimum}`);
    if (branch.maximum !== undefined) out.push(`≤ ${branch.maximum}`);
    if (branch.exclusiveMinimum !== undefined) out.push(`> ${branch.exclusiveMinimum}`);
    if (branch.minItems !== undefined)
      out.push(`at least ${branch.minItems} item${branch.minItems === 1 ? "" : "s"}`);
    if (branch.type === "integer") out.push("a whole number");
  }
  return out.join("; ");
}

/** Where a property's value holds objects, with the path suffix each is found under. */
function childObjects(node, root) {
  const found = [];
  const visit = (value, suffix) => {
    for (const branch of branches(value, root).list) {
      if (isObject(branch)) found.push({ node: branch, suffix });
      else if (branch.type === "array" && branch.items) visit(branch.items, `${suffix}[]`);
      else if (
        branch.type === "object" &&
        branch.additionalProperties &&
        branch.additionalProperties !== true
      )
        visit(branch.additionalProperties, `${suffix}{…}`);
    }
  };
  visit(node, "");
  return found;
}

/**
 * The reference page: one table per object of the catalogue (every field, its type, whether it is required, its
 * default, its limits and what it is), from the JSON Schema `schema`.
 *
 * @example
 * writeFileSync("docs/catalogue.md", catalogueReference(catalogueJsonSchema()));
 */
export function catalogueReference(schema) {
  const sections = [];
  // An object met again (a workflow's screens are paywall documents) is described once and named after that.
  const described = new Map();
  const describe = (node, path, label = "") => {
    const heading = `### ${code(path)}${label ? ` (${label})` : ""}`;
    const shape = JSON.stringify(node);
    if (described.has(shape)) {
      sections.push(`${heading}\n\nThe same fields as ${code(described.get(shape))}.`);
      return;
    }
    if (Object.keys(node.properties).length >= 3) described.set(shape, path);
    const required = new Set(node.required ?? []);
    const rows = Object.entries(node.properties).map(([name, property]) => {
      const resolvedProperty = resolved(property, schema);
      const defaultValue =
        resolvedProperty.default === undefined ? "" : code(JSON.stringify(resolvedProperty.default));
      return `| ${code(name)} | ${typeName(property, schema)} | ${required.has(name) ? "yes" : "no"} | ${defaultValue} | ${rules(property, schema)} | ${(resolvedProperty.description ?? "").replace(/\|/g, "\\|")} |`;
    });
    const loose = node.additionalProperties !== undefined && node.additionalProperties !== false;
    sections.push(
      [
        heading,
        "",
        ...(node.description && path !== "(the file)" ? [node.description, ""] : []),
        "| field | type | required | default | limits | what it is |",
        "|---|---|---|---|---|---|",
        ...rows,
        ...(loose ? ["", "Other fields are kept as they are and served to the SDK."] : []),
      ].join("\n"),
    );
    for (const [name, property] of Object.entries(node.properties)) {
      const children = childObjects(property, schema);
      for (const child of children) {
        // Objects of a union (a subscription's or a one-time product's option) are told apart by their description.
        const label = children.length > 1 ? (child.node.description ?? "").replace(/[:.].*$/, "") : "";
        describe(child.node, `${path === "(the file)" ? "" : `${path}.`}${name}${child.suffix}`, label);
      }
    }
  };
  describe(schema, "(the file)");
  return `<!-- Written by \`npm run catalogue:schema -w @purchases-web/billing-server\` from the server's own schema; do not edit. -->

# The catalogue file

A catalogue is a JSON file that lists the projects a billing server bills: their API keys, products, entitlements,
offerings and packages, paywalls, virtual currencies and promotion codes. The server keeps it in its database,
versioned (examples/billing-server/README.md, "Catalogue"). Start from the shipped one
(\`examples/billing-server/src/catalogue/realmheart.json\`) and check yours before importing it:

\`\`\`sh
npx purchases-billing-server catalogue check ./catalogue.json
npx purchases-billing-server catalogue import ./catalogue.json
\`\`\`

Editors check and complete the file from its JSON Schema: begin it with
\`"$schema": "./node_modules/@purchases-web/billing-server/dist/catalogue/catalogue.schema.json"\` (the package
also exports it as \`@purchases-web/billing-server/catalogue.schema.json\`). The schema says what each part may
hold; \`catalogue check\` also checks what parts say of each other: a package, entitlement or promotion code naming
a product of its project, \`current_offering_id\` and placements naming offerings, a default purchase option that
exists, a virtual currency a grant names, a paywall text missing in its default locale, a paywall or workflow
naming a package or step that does not exist, and API keys or codes used twice.

Prices are in micros (millionths of the currency's unit: \`99000000\` is 99.00) with an ISO 4217 currency. Every
field below is listed with its path: \`[]\` is an item of an array, \`{…}\` a value of a map.

## Fields

${sections.join("\n\n")}
`;
}

// Run as a script: writes both files from the built server (dist/).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { catalogueJsonSchema } = await import("../dist/catalogue/catalogue-json-schema.js");
  const schema = catalogueJsonSchema();
  writeFileSync(
    new URL("../src/catalogue/catalogue.schema.json", import.meta.url),
    `${JSON.stringify(schema, null, 2)}\n`,
  );
  writeFileSync(new URL("../../../docs/catalogue.md", import.meta.url), catalogueReference(schema));
  console.log("Wrote src/catalogue/catalogue.schema.json and docs/catalogue.md.");
}
