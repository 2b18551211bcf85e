// What each kind of key allows is written once (src/config/api-key-kind.ts for sandbox, key-payment.ts for how it
// pays): these pin the rules and keep them from being written again elsewhere as a comparison of kinds.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { isSandboxKey, type ApiKeyKind } from "../../src/config/api-key-kind";
import { paysInTestStore, paysWithWallets } from "../../src/config/key-payment";
import { validateApiKey } from "../../src/config/validate-config";

const SRC = join(__dirname, "../../src");
const RULE_OWNERS = ["config/api-key-kind.ts", "config/key-payment.ts"];

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
  ])("%s is a %s key with its rights", (key, kind, rights) => {
    expect(validateApiKey(key, { allowPaddleAPIKey: true })).toBe(kind);
    expect({
      sandbox: isSandboxKey(kind),
      testStore: paysInTestStore(kind),
      wallets: paysWithWallets(kind),
    }).toEqual(rights);
  });

  it("is compared to a kind's name nowhere but in the rules' own modules", () => {
    const comparisons = sourceFiles(SRC)
      .filter((file) => !RULE_OWNERS.includes(relative(SRC, file).split("\\").join("/")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) =>
            /apiKeyKind\s*[!=]==|[!=]==\s*\S*apiKeyKind|\[[^\]]*"sandbox"[^\]]*\]\.includes/.test(line),
          )
          .filter((line) => !line.trim().startsWith("*"))
          .map((line) => `${relative(SRC, file)}: ${line.trim()}`),
      );
    expect(comparisons).toEqual([]);
  });
});
