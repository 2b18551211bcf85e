// Benchmark 1: what the SDK costs a host app, side by side with the best-known peer
// (`@revenuecat/purchases-js`, the latest version in the registry), both bundled by the same esbuild settings.
//
//   npm run build && node bench/size.mjs            # prints a table, writes bench/results/size.json
//
// "One import" is what a host app downloads before anything runs when it imports only `Purchases`: the entry
// chunk and every chunk it imports statically. The lazy parts are what each later dynamic import adds on top.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ROOT, printTable, writeResult } from "./support/report.mjs";

const PEER = "@revenuecat/purchases-js";

/** Bytes of `text` minified (as given), gzipped at level 9 and brotli-compressed at quality 11. */
function measure(text) {
  const bytes = Buffer.from(text);
  return {
    min: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * Bundles `source` (resolved from `resolveDir`) as a host app's bundler would, with code splitting, and returns the
 * output files with the static-import closure of each chunk.
 */
async function bundle(source, resolveDir) {
  const outdir = mkdtempSync(join(tmpdir(), "pw-bench-size-"));
  try {
    const result = await build({
      stdin: { contents: source, resolveDir },
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      charset: "utf8",
      write: false,
      metafile: true,
      outdir,
      platform: "browser",
      logLevel: "silent",
    });
    const outputs = result.metafile.outputs;
    const text = new Map(result.outputFiles.map((file) => [file.path, file.text]));
    const closure = (start) => {
      const seen = new Set();
      const visit = (path) => {
        if (seen.has(path)) return;
        seen.add(path);
        for (const imported of outputs[path]?.imports ?? []) {
          if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
        }
      };
      visit(start);
      return seen;
    };
    const entry = Object.keys(outputs).find((path) => path.endsWith("stdin.js"));
    if (!entry) throw new Error("esbuild produced no entry chunk");
    /** The chunk a dynamic import of a module matching `pattern` loads, plus its static imports. */
    const lazy = (pattern) => {
      const chunk = Object.keys(outputs).find((path) => pattern.test(outputs[path].entryPoint ?? ""));
      return chunk ? closure(chunk) : null;
    };
    const sizeOf = (paths, minus = new Set()) =>
      measure(
        [...paths]
          .filter((path) => !minus.has(path))
          .map((path) => text.get(resolve(path)) ?? "")
          .join("\n"),
      );
    return { entry: closure(entry), lazy, sizeOf };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Downloads the peer's latest published package into a throwaway node_modules; returns its folder and version. */
function fetchPeer() {
  const dir = mkdtempSync(join(tmpdir(), "pw-bench-peer-"));
  const packed = execFileSync("npm", ["pack", PEER, "--silent"], { cwd: dir, encoding: "utf8" }).trim();
  execFileSync("tar", ["xzf", packed], { cwd: dir });
  const target = join(dir, "node_modules", ...PEER.split("/"));
  mkdirSync(join(target, ".."), { recursive: true });
  renameSync(join(dir, "package"), target);
  const version = JSON.parse(
    execFileSync("node", ["-p", "JSON.stringify(require('./package.json').version)"], {
      cwd: target,
      encoding: "utf8",
    }),
  );
  return { dir, version };
}

const ours = await bundle('import { Purchases } from "purchases-web"; globalThis.P = Purchases;', ROOT);
const core = ours.sizeOf(ours.entry);
const rows = [{ what: "purchases-web: import { Purchases }", ...core }];
for (const [what, pattern] of [
  ["purchases-web: + checkout widget chunk", /present-purchase/],
  ["purchases-web: + checkout widget and card checkout chunks", /checkout-app/],
  ["purchases-web: + paywall chunk", /present-paywall/],
]) {
  const chunks = ours.lazy(pattern);
  if (chunks) rows.push({ what, ...ours.sizeOf(chunks, ours.entry) });
}
// English is part of the shared widget chunk (issue #45); German stands for a locale fetched on its own.
const locale = ours.lazy(/chunks[\\/]de-[^\\/]*\.mjs$/);
if (locale) rows.push({ what: "purchases-web: one locale (de)", ...ours.sizeOf(locale, ours.entry) });

const peer = fetchPeer();
try {
  const theirs = await bundle(`import { Purchases } from "${PEER}"; globalThis.P = Purchases;`, peer.dir);
  const peerCore = theirs.sizeOf(theirs.entry);
  rows.push({ what: `${PEER}@${peer.version}: import { Purchases }`, ...peerCore });
  const ratio = {
    gzip: peerCore.gzip / core.gzip,
    brotli: peerCore.brotli / core.brotli,
    min: peerCore.min / core.min,
  };
  const kb = (n) => (n / 1000).toFixed(2);
  printTable(
    ["bundle (esbuild, minified)", "min kB", "gzip kB", "brotli kB"],
    rows.map((row) => [row.what, kb(row.min), kb(row.gzip), kb(row.brotli)]),
  );
  const budget = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")).budgets.find(
    (b) => b.id === "size.peer-ratio.gzip",
  );
  console.log(
    `\nOne-import cost, peer ÷ ours: ${ratio.gzip.toFixed(1)}× gzip, ${ratio.brotli.toFixed(1)}× brotli, ` +
      `${ratio.min.toFixed(1)}× minified (budget ≥ ${budget.min}× gzip, bench/budgets.json).`,
  );
  writeResult("size", { peer: { name: PEER, version: peer.version }, rows, ratio });
} finally {
  rmSync(peer.dir, { recursive: true, force: true });
}
