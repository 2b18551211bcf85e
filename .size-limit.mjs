// Size budgets (min+gzip). Each check measures what one download costs: dynamic imports stay outside (as code
// splitting in a host app's bundler leaves them), so the core is measured without the lazy UI, the widget chunk
// without the core it shares and without Stripe's loader and the locales, and each locale alone.
import { readdirSync } from "node:fs";

const lazyImportsOutside = {
  name: "lazy-imports-outside",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
    );
  },
};
const split = (config) => ({ ...config, plugins: [...(config.plugins ?? []), lazyImportsOutside] });
// English is part of the shared widget chunk (src/i18n/load-messages.ts); every other locale is a chunk of its own.
const locales = readdirSync(new URL("./locales", import.meta.url)).filter(
  (file) => file.endsWith(".json") && file !== "en.json",
);

export default [
  {
    // 12,288 B, issue #45's limit. Its cold path added ~330 B (the lazy chunks' own imports fetched beside them, the
    // number formats kept and Intl's first one made early, the products and the branding taken from the offerings'
    // answer), paid for by the customer-info normaliser becoming a chunk of its own (~1 KB, below).
    name: "import { Purchases } (core)",
    path: "dist/index.mjs",
    import: "{ Purchases }",
    gzip: true,
    limit: "12288 B",
    modifyEsbuildConfig: split,
  },
  {
    // 13,440 B (was 13,312) since issue #22's public formatPrice and formatPeriod (~320 B): exported from the entry
    // for hosts, tree-shaken out of `import { Purchases }`.
    name: "whole core entry",
    path: "dist/index.mjs",
    gzip: true,
    limit: "13440 B",
    modifyEsbuildConfig: split,
  },
  {
    // One chunk since issue #45 (rollup.config.mjs, checkoutChunk): what every purchase draws first — Preact, the
    // widget's mount and styles, the translator, the parameter checks and the Test Store modal.
    name: "checkout widget chunk (lazy; with Preact and intl-messageformat)",
    path: "dist/chunks/present-purchase-*.mjs",
    ignore: ["./core-*.mjs"],
    gzip: true,
    limit: "30 KB",
    modifyEsbuildConfig: split,
  },
  {
    // The card checkout (issue #45): loaded beside the checkout widget chunk for Web Billing keys, never for test_.
    name: "card checkout chunk (lazy; without the checkout widget chunk it builds on)",
    path: "dist/chunks/checkout-app-*.mjs",
    ignore: [
      "./core-*.mjs",
      "./present-purchase-*.mjs",
      "./ui-shared-*.mjs",
      "./checkout-calls-*.mjs",
      "./presented-offering-context-*.mjs",
    ],
    gzip: true,
    limit: "12 KB",
    modifyEsbuildConfig: split,
  },
  {
    // Issue #45: what turns a customer-info answer into CustomerInfo, fetched beside the first customer-info request
    // (and beside a Test Store purchase's receipt).
    name: "customer info chunk (lazy; fetched beside the first customer-info request)",
    path: "dist/chunks/customer-info-*.mjs",
    ignore: ["./core-*.mjs"],
    gzip: true,
    limit: "1.5 KB",
    modifyEsbuildConfig: split,
  },
  {
    // 28 KB (was 25) since issue #45: the English texts (every translator's last fallback, so always loaded) are
    // part of what the paywall shares with the checkout instead of a request after it (~2.1 KB), and that shared
    // chunk is made of whole modules (rollup.config.mjs) so that a purchase loads two chunks at once, not a tree.
    name: "paywall chunk (lazy; with what it shares with the checkout widget)",
    path: "dist/chunks/present-paywall-*.mjs",
    ignore: ["./core-*.mjs"],
    gzip: true,
    limit: "28 KB",
    modifyEsbuildConfig: split,
  },
  {
    // Only what a paywall with tabs, a carousel, a countdown or a rarer component adds: every chunk it imports
    // is already loaded by the paywall chunk. 6 KB (was 5) since its wallet buttons draw the express purchase
    // button (issue #20).
    name: "paywall extras chunk (lazy; loaded before a paywall that uses its components)",
    path: "dist/chunks/paywall-extras-*.mjs",
    ignore: ["./*.mjs"],
    gzip: true,
    limit: "6 KB",
    modifyEsbuildConfig: split,
  },
  ...locales.map((file) => ({
    name: `locale ${file}`,
    path: `dist/chunks/${file.replace(/\.json$/, "")}-*.mjs`,
    gzip: true,
    // 3 KB until the promotion code field and the terms link (issue #20) added 13 texts: ~230 B in Greek,
    // Russian and Ukrainian, whose chunks had ~160 B left.
    limit: "3.2 KB",
    // Measured as shipped: UTF-8 text, not the \u escapes esbuild's default ASCII output would add.
    modifyEsbuildConfig: (config) => ({ ...config, charset: "utf8" }),
  })),
];
