// Builds the SDK: ESM and CJS with lazy chunks, a single-file UMD for <script> users, and bundled types.
import { readFileSync, rmSync } from "node:fs";
import typescript from "@rollup/plugin-typescript";
import { parse as parseIcu } from "@formatjs/icu-messageformat-parser";
import resolve from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { dts } from "rollup-plugin-dts";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const input = "src/index.ts";

// The version is injected at build time so the core never imports package.json.
const replaceVersion = {
  name: "sdk-version",
  transform(code) {
    return code.includes("__SDK_VERSION__")
      ? { code: code.replaceAll("__SDK_VERSION__", JSON.stringify(version)), map: null }
      : null;
  },
};

// The locales are compiled at build time: each locales/{code}.json becomes a module of parsed ICU messages
// (its own lazy chunk), so the widget ships intl-messageformat's formatter without its parser (~7 KB gzip).
// The parser left in the bundle is a stub; tests and the parity check use the real one on the JSON texts.
const PARSER_STUB = "\0icu-parser-stub";
const precompiledLocales = {
  name: "precompiled-locales",
  resolveId(source, importer) {
    return source === "@formatjs/icu-messageformat-parser" && importer?.includes("intl-messageformat")
      ? PARSER_STUB
      : null;
  },
  load(id) {
    if (id !== PARSER_STUB) return null;
    return (
      'export * from "@formatjs/icu-messageformat-parser/lib/types.js";\n' +
      'export function parse() { throw new Error("The checkout texts are compiled at build time."); }'
    );
  },
  transform(code, id) {
    if (!/[\\/]locales[\\/][\w-]+\.json$/.test(id)) return null;
    // A message that is plain text stays a string (the translator shows such strings as they are); the rest
    // become parsed messages.
    const compile = (text) => {
      const ast = parseIcu(text, { requiresOtherClause: true });
      const plain = ast.length === 1 && ast[0].type === 0 && ast[0].value === text && !/[{}#']/.test(text);
      return plain ? text : ast;
    };
    const messages = Object.fromEntries(
      Object.entries(JSON.parse(code)).map(([key, text]) => [key, compile(text)]),
    );
    return { code: `export default ${JSON.stringify(messages)};`, map: { mappings: "" } };
  },
};

// dist/ is rebuilt from scratch so that chunks of earlier builds (their names carry a hash) do not linger.
const cleanDist = {
  name: "clean-dist",
  buildStart() {
    rmSync("dist", { recursive: true, force: true });
  },
};

const plugins = () => [
  precompiledLocales,
  replaceVersion,
  resolve({ browser: true }),
  typescript({ tsconfig: "./tsconfig.json", noEmit: false, declaration: false, include: ["src/**/*"] }),
];

/** The modules `from` imports statically, itself included, not looking past those in `stop`. */
function reach(from, getModuleInfo, stop = new Set()) {
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id) || stop.has(id)) return;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  return seen;
}

/**
 * The checkout's first paint in two chunks fetched side by side (issue #45's cold path): `present-purchase`, what
 * only a purchase draws (the Test Store modal, the parameter checks), and `ui-shared`, what it shares with the
 * paywall (Preact, the widget's mount and styles, the translator), instead of a chunk, then the six it imports. A
 * manual chunk takes in what it imports unless that has a chunk of its own, so the core's modules are named as the
 * core's chunk, and the modules the core loads by themselves (the identify call, a custom paywall impression's
 * checks) keep chunks of their own, with what they import.
 */
function checkoutChunks() {
  let chunkOf = null;
  return (id, { getModuleInfo }) => {
    if (!chunkOf) {
      const src = `${process.cwd()}/src`;
      const core = reach(`${src}/index.ts`, getModuleInfo);
      core.delete(`${src}/index.ts`);
      const paywall = reach(`${src}/paywall/present-paywall.tsx`, getModuleInfo, core);
      const ownChunk = (m) => getModuleInfo(m).dynamicImporters.some((importer) => core.has(importer));
      chunkOf = new Map([...core].map((m) => [m, "index"]));
      const ownName = (m) => (m.split("/").pop() ?? m).replace(/\.tsx?$/, "");
      const checkout = `${src}/ui/present-purchase.tsx`;
      const checkoutModules = reach(checkout, getModuleInfo, core);
      for (const m of checkoutModules) {
        const name = paywall.has(m) ? "ui-shared" : "present-purchase";
        chunkOf.set(m, ownChunk(m) && m !== checkout ? ownName(m) : name);
      }
      // Such a module takes what it imports with it (a custom paywall impression's checks), so that the core loading
      // it does not download a UI chunk.
      for (const m of new Set([...checkoutModules, ...paywall])) {
        if (m === checkout || m.endsWith("/present-paywall.tsx") || !ownChunk(m)) continue;
        for (const dependency of reach(m, getModuleInfo, core)) chunkOf.set(dependency, ownName(m));
      }
    }
    return chunkOf.get(id);
  };
}

/**
 * A lazy chunk's own imports are fetched beside it rather than once it has been parsed (issue #45's cold path): an
 * `import()` of a chunk becomes `Promise.all` of that import and of the other lazy chunks it imports (the checkout's
 * `ui-shared` and `checkout-calls`, the paywall's `ui-shared`), as a bundler's module preloading does; the result
 * is the chunk's own module, as before. The chunks the entry loads (the core) are loaded already and left out: a
 * host's bundler that met an `import()` of them would keep every export of the core.
 */
function fetchLazyImportsTogether() {
  let eager = null;
  return {
    name: "fetch-lazy-imports-together",
    renderDynamicImport({ format, chunk, targetChunk, getTargetChunkImports }) {
      if (format !== "es" || !targetChunk) return null;
      eager ??= new Set(
        [...this.getModuleIds()]
          .filter((id) => this.getModuleInfo(id)?.isEntry)
          .flatMap((entry) => [...reach(entry, (id) => this.getModuleInfo(id))]),
      );
      const beside = (getTargetChunkImports() ?? []).filter(
        (dependency) =>
          dependency.type === "internal" &&
          dependency.fileName !== chunk.fileName &&
          !dependency.chunk.moduleIds.some((id) => eager.has(id)),
      );
      if (beside.length === 0) return null;
      const others = beside.map((dependency) => `import(${dependency.resolvedImportPath})`).join(", ");
      return { left: "Promise.all([import(", right: `), ${others}]).then((modules) => modules[0])` };
    },
  };
}

/**
 * The lazy chunks minified (issue #45's cold path): a host that serves dist/ as it is then downloads and parses half
 * as much while a purchase opens (the cold Test Store modal 1.19× → 1.06× purchases-js's time in one bench run; a
 * bundler minifies them anyway). The entry and the core stay as written: they are what a host steps through.
 */
function minifyLazyChunks() {
  const minify = terser();
  return {
    name: "minify-lazy-chunks",
    renderChunk(code, chunk, options, meta) {
      return chunk.isEntry || chunk.name === "index"
        ? null
        : minify.renderChunk.call(this, code, chunk, options, meta);
    },
  };
}

/** Chunk file names; the core's own chunk (named after the entry by default) is `core-[hash]`. */
const chunkName = (extension) => (chunk) =>
  `chunks/${chunk.name === "index" ? "core" : "[name]"}-[hash].${extension}`;

export default [
  {
    input,
    plugins: [cleanDist, ...plugins()],
    // The entries export exactly the public API (test/build/entry-exports.test.ts): the code the lazy chunks
    // share with the core lives in a chunk of its own that the entry re-exports from, instead of the entry
    // gaining internal exports for them. Bundlers inline it; unbundled ESM makes one more request.
    preserveEntrySignatures: "strict",
    output: [
      {
        dir: "dist",
        format: "es",
        entryFileNames: "index.mjs",
        chunkFileNames: chunkName("mjs"),
        manualChunks: checkoutChunks(),
        plugins: [fetchLazyImportsTogether(), minifyLazyChunks()],
      },
      { dir: "dist", format: "cjs", entryFileNames: "index.cjs", chunkFileNames: chunkName("cjs") },
    ],
  },
  {
    input,
    plugins: [...plugins(), terser()],
    output: {
      file: "dist/purchases-web.umd.js",
      format: "umd",
      name: "PurchasesWeb",
      inlineDynamicImports: true,
    },
  },
  {
    input,
    plugins: [dts({ tsconfig: "./tsconfig.json" })],
    output: [
      { file: "dist/index.d.ts", format: "es" },
      { file: "dist/index.d.cts", format: "es" },
    ],
  },
];
