import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, ensureBuilt } from "./built-package";

beforeAll(() => ensureBuilt(), 120_000);

/** The value exports the reviewed API report declares (type-only exports have no runtime name). */
function reportedValueExports(): string[] {
  const path = join(ROOT, "api/purchases-web.api.d.ts");
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    const clause = statement.exportClause;
    if (clause && ts.isNamedExports(clause)) {
      for (const element of clause.elements) if (!element.isTypeOnly) names.push(element.name.text);
    }
  }
  return names.sort();
}

/** The names a built file exports, read in a separate Node process as a consumer would load it. */
function builtExports(loader: string): string[] {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", loader], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return (JSON.parse(out) as string[]).sort();
}

describe("built entry points", () => {
  const reported = reportedValueExports();

  it("reads the value exports of the API report", () => {
    expect(reported).toContain("Purchases");
    expect(reported).toContain("isPurchasesError");
  });

  it("export exactly the API report's names from the ESM entry", () => {
    const names = builtExports(
      `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(join(ROOT, "dist/index.mjs"))}))))`,
    );
    expect(names).toEqual(reported);
  });

  it("export exactly the API report's names from the CommonJS entry", () => {
    const names = builtExports(
      `import { createRequire } from "node:module";
       const load = createRequire(import.meta.url);
       console.log(JSON.stringify(Object.keys(load(${JSON.stringify(join(ROOT, "dist/index.cjs"))}))))`,
    );
    expect(names).toEqual(reported);
  });

  it("export exactly the API report's names on the UMD global", () => {
    const names = builtExports(
      `import { readFileSync } from "node:fs";
       import { runInNewContext } from "node:vm";
       const sandbox = {};
       runInNewContext(readFileSync(${JSON.stringify(join(ROOT, "dist/purchases-web.umd.js"))}, "utf8"), sandbox);
       console.log(JSON.stringify(Object.keys(sandbox.PurchasesWeb)))`,
    );
    expect(names).toEqual(reported);
  });
});

describe("the published package", () => {
  it("ships the built files only, and names its UMD build for CDNs", () => {
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: ROOT,
        encoding: "utf8",
      }),
    ) as { files: { path: string }[] }[];
    const paths = packed[0]!.files.map((file) => file.path);
    expect(paths.filter((path) => !path.startsWith("dist/"))).toEqual(
      expect.arrayContaining(["package.json", "README.md"]),
    );
    expect(paths.filter((path) => !/^dist\/|^(package\.json|README\.md|LICENSE)$/.test(path))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<string, string>;
    expect(pkg.jsdelivr).toBe("./dist/purchases-web.umd.js");
    expect(pkg.unpkg).toBe(pkg.jsdelivr);
    expect(paths).toContain(pkg.jsdelivr!.slice(2));
  });
});
