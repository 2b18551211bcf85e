// Builds the SDK: ESM and CJS with lazy chunks, a single-file UMD for <script> users, and bundled types.
import { readFileSync } from "node:fs";
import typescript from "@rollup/plugin-typescript";
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

const plugins = () => [
  replaceVersion,
  resolve({ browser: true }),
  typescript({ tsconfig: "./tsconfig.json", noEmit: false, declaration: false, include: ["src/**/*"] }),
];

export default [
  {
    input,
    plugins: plugins(),
    output: [
      { dir: "dist", format: "es", entryFileNames: "index.mjs", chunkFileNames: "chunks/[name]-[hash].mjs" },
      { dir: "dist", format: "cjs", entryFileNames: "index.cjs", chunkFileNames: "chunks/[name]-[hash].cjs" },
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
