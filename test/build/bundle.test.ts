import { build } from "esbuild";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, ensureBuilt } from "./built-package";

/**
 * Bundles an app that imports only `Purchases`, the way a host app's bundler would, and returns what loads
 * before it runs: its entry chunk and the chunks that imports statically (code it shares with the lazy UI).
 */
async function bundleSingleImport(): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), "pw-size-"));
  try {
    const result = await build({
      stdin: {
        contents: 'import { Purchases } from "purchases-web"; globalThis.P = Purchases;',
        resolveDir: ROOT,
      },
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      write: false,
      metafile: true,
      outdir,
      platform: "browser",
      logLevel: "silent",
    });
    const outputs = result.metafile.outputs;
    const entryPath = Object.keys(outputs).find((path) => path.endsWith("stdin.js"));
    if (!entryPath) throw new Error("esbuild produced no entry chunk");
    const loaded = new Set<string>();
    const visit = (path: string) => {
      if (loaded.has(path)) return;
      loaded.add(path);
      for (const imported of outputs[path]?.imports ?? []) {
        if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
      }
    };
    visit(entryPath);
    return result.outputFiles
      .filter((file) => [...loaded].some((path) => resolve(path) === file.path))
      .map((file) => file.text)
      .join("\n");
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

let core = "";
beforeAll(async () => {
  ensureBuilt();
  core = await bundleSingleImport();
}, 120_000);

describe("the core bundle of `import { Purchases }`", () => {
  it("resolves through the package exports map and costs at most 12 KB min+gzip", () => {
    const gzipped = gzipSync(core, { level: 9 }).length;
    expect(gzipped).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThanOrEqual(12 * 1024);
  });

  it("contains no UI, Stripe or locale code", () => {
    expect(core).not.toMatch(/preact/i);
    expect(core).not.toMatch(/stripe\.com|loadStripe|@stripe/i);
    expect(core).not.toMatch(/intl-messageformat/);
    expect(core).not.toContain("Test Store Purchase");
    expect(core).not.toContain("or pay with card");
  });

  it("contains none of the paywall renderer, only the call that loads it", () => {
    expect(core).not.toMatch(/pw-pwl|pw-paywall|components_localizations|sticky_footer|radiogroup/);
    expect(core).not.toContain("Invalid paywall");
    expect(core).not.toContain("sub_relative_discount");
    expect(core).toMatch(/import\(["'][^"']*present-paywall[^"']*["']\)/);
  });
});

/** The chunk named `file` (in dist/chunks) and those it loads before it runs: its static imports, theirs, and so on. */
function staticChunksOf(file: string): string[] {
  const seen = new Set<string>();
  const visit = (chunk: string) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    const code = readFileSync(join(ROOT, "dist/chunks", chunk), "utf8");
    // Static imports only (`import{a as b}from"./x.mjs"`, `import "./x.mjs"`), minified or not; not `import("./x.mjs")`.
    const statics = /\bimport\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+|[\w$]+)?\s*(?:from\s*)?["']\.\/([^"']+)["']/g;
    for (const [, imported] of code.matchAll(statics)) visit(imported!);
  };
  visit(chunkFile(file));
  return [...seen];
}
const chunkFile = (pattern: string) => {
  const found = readdirSync(join(ROOT, "dist/chunks")).find((file) =>
    new RegExp(`^${pattern}-[\\w-]+\\.mjs$`).test(file),
  );
  if (!found) throw new Error(`no chunk ${pattern} in dist/chunks`);
  return found;
};

describe("the lazy chunks (issue #45's cold path)", () => {
  it("fetch the chunks they import beside them: the core's import() of the checkout asks for its shared chunks too", () => {
    const core = readFileSync(join(ROOT, "dist/chunks", chunkFile("core")), "utf8");
    const checkoutImport = new RegExp(
      `Promise\\.all\\(\\[import\\('\\./${chunkFile("present-purchase")}'\\)[^\\]]*\\]`,
    ).exec(core);
    expect(checkoutImport?.[0]).toContain(chunkFile("ui-shared"));
    expect(checkoutImport?.[0]).toContain(chunkFile("checkout-calls"));
    // The core's own chunk is loaded already: a host's bundler meeting an import() of it would keep all its exports.
    expect(core).not.toContain(`import('./${chunkFile("core")}')`);
  });

  it("leave the customer-info normaliser out of the core: the first customer-info request fetches it beside itself", () => {
    expect(core).not.toContain("Could not find entitlement product in subscriptions or non-subscriptions.");
    const chunk = readFileSync(join(ROOT, "dist/chunks", chunkFile("customer-info")), "utf8");
    expect(chunk).toContain("Could not find entitlement product in subscriptions or non-subscriptions.");
    const coreChunk = readFileSync(join(ROOT, "dist/chunks", chunkFile("core")), "utf8");
    expect(coreChunk).toMatch(
      new RegExp(
        `Promise\\.all\\(\\[\\s*this\\.backend\\.getCustomerInfo\\(appUserId\\),\\s*loadCustomerInfo\\(\\)`,
      ),
    );
    expect(coreChunk).toContain(`import('./${chunkFile("customer-info")}')`);
  });

  it("load a custom paywall impression's checks without the widget's code", () => {
    const loaded = staticChunksOf("presented-offering-context");
    expect(loaded.some((file) => /^(ui-shared|present-purchase|present-paywall)-/.test(file))).toBe(false);
    const code = loaded.map((file) => readFileSync(join(ROOT, "dist/chunks", file), "utf8")).join("\n");
    expect(code).toContain("trackCustomPaywallImpression needs an object of parameters or none.");
    expect(code).not.toMatch(/preact/i);
  });
});
