import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
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
