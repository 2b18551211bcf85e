// scripts/audit-check.mjs judges `npm audit --omit=dev --json` reports: these feed it saved reports in the shapes
// npm prints (findings, a clean tree, the registry's error) and check its verdict and exit code.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./built-package.js";

const folder = mkdtempSync(join(tmpdir(), "audit-check-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function counts(partial: Record<string, number>) {
  const all = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...partial };
  return { ...all, total: Object.values(all).reduce((sum, n) => sum + n, 0) };
}

function judge(report: unknown, ...flags: string[]) {
  const file = join(folder, `report-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof report === "string" ? report : JSON.stringify(report));
  const run = spawnSync(process.execPath, ["scripts/audit-check.mjs", "--from", file, ...flags], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

// What npm 11 prints when the registry refuses the bulk advisory endpoint (as this machine's registry does).
const REGISTRY_ERROR = {
  message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  method: "POST",
  statusCode: 405,
  body: "",
};

describe("audit-check", () => {
  it("passes a tree with only low and moderate advisories, saying how many there were", () => {
    const result = judge({
      vulnerabilities: { "left-pad": { name: "left-pad", severity: "moderate", via: ["x"] } },
      metadata: { vulnerabilities: counts({ moderate: 1, low: 2 }) },
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain("no high or critical advisories");
    expect(result.out).toContain("1 moderate, 2 low");
  });

  it("fails on a high or a critical advisory and names the package, its advisory and whether a fix exists", () => {
    for (const severity of ["high", "critical"]) {
      const result = judge({
        vulnerabilities: {
          "evil-dep": {
            name: "evil-dep",
            severity,
            range: "<2.0.1",
            via: [{ title: "Prototype pollution in evil-dep" }],
            fixAvailable: true,
          },
        },
        metadata: { vulnerabilities: counts({ [severity]: 1 }) },
      });
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        `evil-dep (${severity}, <2.0.1): Prototype pollution in evil-dep [fix available]`,
      );
    }
  });

  it("fails (exit 2) when the registry answered an error instead of advisories: unchecked is not clean", () => {
    const result = judge(REGISTRY_ERROR);
    expect(result.code).toBe(2);
    expect(result.err).toContain("405 Method Not Allowed");
    expect(result.err).toContain("nothing was verified");
  });

  it("with --offline-ok, lets an unreachable endpoint pass but says loudly that nothing was checked", () => {
    const result = judge(REGISTRY_ERROR, "--offline-ok");
    expect(result.code).toBe(0);
    expect(result.err).toContain("NOT CHECKED");
  });

  it("--offline-ok never hides real findings", () => {
    const result = judge(
      {
        vulnerabilities: { bad: { name: "bad", severity: "critical", via: ["worse"] } },
        metadata: { vulnerabilities: counts({ critical: 1 }) },
      },
      "--offline-ok",
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain("bad (critical");
  });

  it("fails (exit 2) on an answer that is not JSON", () => {
    const result = judge("<html>gateway timeout</html>");
    expect(result.code).toBe(2);
    expect(result.err).toContain("did not answer JSON");
  });
});
