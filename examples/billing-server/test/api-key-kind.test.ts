// What an API key's kind allows is written once, in src/kinds/api-key-kind.ts (and a purchase's store in
// src/kinds/purchase-store.ts): the table is pinned here, and a scan of the sources fails on a copy of the rule.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  API_KEY_KINDS,
  API_KEY_SHAPE_RULE,
  apiKeyKind,
  environmentOf,
  isApiKeyShaped,
} from "../src/kinds/api-key-kind.js";
import { paysByCard } from "../src/kinds/purchase-store.js";

describe("the API key kinds", () => {
  it.each([
    ["rcb_realmheart_local", "production"],
    ["rcb_sb", "production"],
    ["rcb_sb_realmheart_local", "sandbox"],
    ["test_realmheart_local", "test_store"],
  ] as const)("reads %j as a %s key by its prefix", (key, kind) => {
    expect(apiKeyKind(key)).toBe(kind);
  });

  it("gives each kind its environment, store and rights: only production is real money, only test_ is the Test Store", () => {
    const meaning = Object.fromEntries(
      Object.entries(API_KEY_KINDS).map(([kind, rules]) => [
        kind,
        { ...rules, environment: environmentOf(rules.isSandbox), paysByCard: paysByCard(rules.store) },
      ]),
    );
    expect(meaning).toEqual({
      production: {
        prefix: "rcb_",
        isSandbox: false,
        environment: "PRODUCTION",
        store: "rc_billing",
        paysByCard: true,
        refusedWhenTestStoreOff: false,
        postsTestStoreReceipts: false,
      },
      sandbox: {
        prefix: "rcb_sb_",
        isSandbox: true,
        environment: "SANDBOX",
        store: "rc_billing",
        paysByCard: true,
        refusedWhenTestStoreOff: false,
        postsTestStoreReceipts: false,
      },
      test_store: {
        prefix: "test_",
        isSandbox: true,
        environment: "SANDBOX",
        store: "test_store",
        paysByCard: false,
        refusedWhenTestStoreOff: true,
        postsTestStoreReceipts: true,
      },
    });
  });

  it("accepts a prefix followed by at least one of [A-Za-z0-9_-], and names the prefixes when it refuses", () => {
    expect(["rcb_x", "rcb_sb", "rcb_sb_x", "test__", "rcb_A-b_9"].filter(isApiKeyShaped)).toHaveLength(5);
    expect(["rcb_", "rcb_sb_", "test_", "RCB_abc", "rcb_abc!", "sk_live_abc", ""].some(isApiKeyShaped)).toBe(
      false,
    );
    expect(API_KEY_SHAPE_RULE).toBe("keys start rcb_, rcb_sb_ or test_");
  });
});

/** A copy of the key-kind or store rule: a comparison with a kind or store name, a prefix test, an environment. */
const STRAY_RULES: readonly RegExp[] = [
  /[!=]==?\s*["'`](?:sandbox|test_store|rc_billing)["'`]/,
  /["'`](?:sandbox|test_store|rc_billing)["'`]\s*[!=]==?/,
  /\b(?:keyKind|kind)\s*[!=]==?\s*["'`]production["'`]/,
  /\bkeyKind\s*[!=]==?/,
  /startsWith\(\s*["'`](?:rcb_|test_)/,
  /rcb_sb_[|)]|[(|]rcb_sb_/,
  /\?\s*["'`]SANDBOX["'`]/,
];

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const RULE_OWNERS = new Set(["kinds/api-key-kind.ts", "kinds/purchase-store.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("the key-kind rule outside its module", () => {
  it("is caught by the scan in each form it used to be written", () => {
    const copies = [
      'if (caller.keyKind === "test_store") {',
      'if (keyKind !== "test_store") {',
      'isSandbox: row.kind !== "production",',
      'if (key.startsWith("rcb_sb_")) return "sandbox";',
      'if (key.startsWith("test_")) return "test_store";',
      "z.string().regex(/^(rcb_sb_|rcb_(?!sb_)|test_)[A-Za-z0-9_-]+$/)",
      'purchase.store === "test_store" ? "succeeded" : "failed"',
      'if (purchase.store !== "rc_billing" || !gateway)',
      'environment: purchase.isSandbox ? "SANDBOX" : "PRODUCTION",',
    ];
    expect(copies.filter((line) => !STRAY_RULES.some((rule) => rule.test(line)))).toEqual([]);
  });

  it("appears nowhere in the billing server's sources but api-key-kind.ts and purchase-store.ts", () => {
    const strays = sourceFiles(SRC).flatMap((path) => {
      const file = relative(SRC, path).split("\\").join("/");
      if (RULE_OWNERS.has(file)) return [];
      return readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          STRAY_RULES.some((rule) => rule.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        );
    });
    expect(strays).toEqual([]);
  });
});
