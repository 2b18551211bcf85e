import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "coverage/",
      "examples/*/dist/",
      "examples/*/data/",
      "examples/*/web/dist/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ["**/test/**/*.ts", "**/*.e2e-test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The core must stay importable in Node: browser globals are reached only through the injected environment.
    files: ["src/**/*.ts"],
    ignores: ["src/ui/**", "src/paywall/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        "window",
        "document",
        "navigator",
        "location",
        "localStorage",
        "sessionStorage",
      ],
    },
  },
  {
    // The Realmheart web client runs in the browser (its build scripts and browser tests run in Node).
    files: ["examples/fantasy-chat/web/**/*.{ts,tsx}"],
    ignores: ["examples/fantasy-chat/web/scripts/**", "examples/fantasy-chat/web/browser/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
