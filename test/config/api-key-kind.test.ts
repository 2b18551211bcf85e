// What each kind of key allows is written once (src/config/api-key-kind.ts): these pin the table and keep the rule
// from being written again elsewhere as a comparison of kinds.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { keyKindRules, type ApiKeyKind } from "../../src/config/api-key-kind";
import { validateApiKey } from "../../src/config/validate-config";

const SRC = join(__dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("API key kinds", () => {
  it.each<[string, ApiKeyKind, { sandbox: boolean; testStore: boolean; wallets: boolean }]>([
    ["rcb_live123", "production", { sandbox: false, testStore: false, wallets: true }],
    ["rcb_sb_abc", "sandbox", { sandbox: true, testStore: false, wallets: true }],
    ["test_abc", "test_store", { sandbox: true, testStore: true, wallets: false }],
    ["pdl_abc", "paddle", { sandbox: false, testStore: false, wallets: false }],
  ])("%s is a %s key with its rights", (key, kind, rules) => {
    expect(validateApiKey(key, { allowPaddleAPIKey: true })).toBe(kind);
    expect(keyKindRules(kind)).toEqual(rules);
  });

  it("is compared to a kind's name nowhere but in its own module", () => {
    const comparisons = sourceFiles(SRC)
      .filter((file) => !file.endsWith("api-key-kind.ts"))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => /apiKeyKind\s*[!=]==|[!=]==\s*\S*apiKeyKind|apiKeyKind\)/.test(line))
          .filter((line) => !line.trim().startsWith("*") && !line.includes("keyKindRules("))
          .map((line) => `${relative(SRC, file)}: ${line.trim()}`),
      );
    expect(comparisons).toEqual([]);
  });
});
