// The const objects that stand for purchases-js's enums (OfferingKeyword, ReservedCustomerAttribute) each have a
// `declare namespace` of the same name that gives every member a type, so `ReservedCustomerAttribute.Email` works in
// type position as the peer's enum member does. The namespace is written by hand: this holds it to the object, a
// member for each key and each member the type of its own key.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OfferingKeyword, ReservedCustomerAttribute } from "../../src/index";

const SOURCES = {
  OfferingKeyword: { file: "src/model/types.ts", object: OfferingKeyword },
  ReservedCustomerAttribute: {
    file: "src/model/reserved-customer-attribute.ts",
    object: ReservedCustomerAttribute,
  },
};

/** The `type Member = typeof Name.Key;` lines of `declare namespace Name { … }` in `file`. */
function namespaceMembers(file: string, name: string): [member: string, key: string][] {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
  const body = new RegExp(`export declare namespace ${name} \\{([^}]*)\\}`).exec(text)?.[1];
  if (body === undefined) throw new Error(`no namespace ${name} in ${file}`);
  const lines = body
    .split(";")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.map((line) => {
    const match = new RegExp(`^type (\\w+) = typeof ${name}\\.(\\w+)$`).exec(line);
    if (!match) throw new Error(`not a member alias of ${name}: ${line}`);
    return [match[1]!, match[2]!];
  });
}

describe.each(Object.entries(SOURCES))("the %s namespace", (name, { file, object }) => {
  it("has one type per key of the object, each the type of its own key", () => {
    const members = namespaceMembers(file, name);
    expect(members.map(([member]) => member).sort()).toEqual(Object.keys(object).sort());
    for (const [member, key] of members) expect(key).toBe(member);
  });
});
