import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, ensureBuilt } from "./built-package";

beforeAll(() => ensureBuilt(), 120_000);

/** Runs a script in a plain Node process (no DOM) and returns what it printed. */
function node(args: string[], script: string): string {
  return execFileSync(process.execPath, [...args, "-e", script], { cwd: ROOT, encoding: "utf8" }).trim();
}

describe("published entry points", () => {
  it("imports and configures in plain Node (SSR) without touching a browser global", () => {
    const trap = ["document", "navigator", "location", "localStorage", "sessionStorage", "self"]
      .map(
        (name) =>
          `Object.defineProperty(globalThis, ${JSON.stringify(name)}, { configurable: true, get() { throw new Error("touched ${name}"); } });`,
      )
      .join("\n");
    const out = node(
      ["--input-type=module"],
      `${trap}
       const { Purchases } = await import("purchases-web");
       const id = Purchases.generateAnonymousAppUserId();
       const p = Purchases.configure({ apiKey: "rcb_sb_ssr", appUserId: id, httpConfig: { proxyURL: "http://127.0.0.1:9" } });
       console.log(JSON.stringify({ anonymous: p.isAnonymous(), sandbox: p.isSandbox() }));
       p.close();`,
    );
    expect(JSON.parse(out)).toEqual({ anonymous: true, sandbox: true });
  });

  it("requires the CommonJS build through the exports map", () => {
    const out = node(
      [],
      `const w = require("purchases-web"); console.log(typeof w.Purchases.configure, w.ErrorCode.NetworkError);`,
    );
    expect(out).toBe("function 10");
  });

  it("exposes the UMD build as the global PurchasesWeb", () => {
    const sandbox: Record<string, unknown> = { console };
    sandbox.globalThis = sandbox;
    sandbox.self = sandbox;
    runInNewContext(readFileSync(`${ROOT}/dist/purchases-web.umd.js`, "utf8"), sandbox);
    const umd = sandbox.PurchasesWeb as { Purchases: { generateAnonymousAppUserId(): string } } | undefined;
    expect(typeof umd?.Purchases.generateAnonymousAppUserId).toBe("function");
  });

  it("declares types for every export condition and no side effects", () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8"));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.exports["."].import.types).toBe("./dist/index.d.ts");
    expect(pkg.exports["."].require.types).toBe("./dist/index.d.cts");
    const require = createRequire(`${ROOT}/package.json`);
    expect(require.resolve("purchases-web")).toBe(`${ROOT}dist/index.cjs`);
  });
});
