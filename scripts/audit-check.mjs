#!/usr/bin/env node
// Fails when the production dependencies (`npm audit --omit=dev`) have a high or critical advisory.
//
//   node scripts/audit-check.mjs                 runs `npm audit --omit=dev --json` in the repo root
//   node scripts/audit-check.mjs --from r.json   checks a saved report instead
//   node scripts/audit-check.mjs --offline-ok    exits 0 (loudly NOT CHECKED) when the audit endpoint cannot
//                                                be reached; without it that case fails, because "could not
//                                                check" is not "no advisories"
//
// Exit codes: 0 no high/critical advisory (or unreachable with --offline-ok), 1 high/critical advisories,
// 2 the audit could not be run or its answer not understood.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BLOCKING = ["high", "critical"];
const args = process.argv.slice(2);
const fromIndex = args.indexOf("--from");
const offlineOk = args.includes("--offline-ok");

function runAudit() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["audit", "--omit=dev", "--json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (result.error) return { error: `could not run npm audit: ${result.error.message}` };
  // npm audit exits 1 when it finds anything at all, so the JSON, not the exit code, is the answer.
  return { text: result.stdout };
}

function fail(code, message) {
  console.error(message);
  process.exit(code);
}

const { text, error } = fromIndex >= 0 ? { text: readFileSync(args[fromIndex + 1], "utf8") } : runAudit();
if (error) fail(2, `audit-check: ${error}`);

let report;
try {
  report = JSON.parse(text);
} catch {
  fail(2, `audit-check: npm audit did not answer JSON:\n${String(text).slice(0, 500)}`);
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  // npm prints its own error object when the registry's audit endpoint fails (offline, a mirror without the
  // bulk advisory endpoint, 4xx/5xx).
  const reason = report?.message ?? report?.error?.summary ?? JSON.stringify(report).slice(0, 300);
  const message = `audit-check: the npm audit endpoint could not be reached or answered an error: ${reason}`;
  if (offlineOk) {
    console.warn(
      `${message}\naudit-check: NOT CHECKED (--offline-ok): no advisory data, nothing was verified.`,
    );
    process.exit(0);
  }
  fail(2, `${message}\naudit-check: failing because no advisory data means nothing was verified.`);
}

const blocking = Object.values(report.vulnerabilities ?? {}).filter((v) => BLOCKING.includes(v.severity));
const summary = ["critical", "high", "moderate", "low", "info"]
  .map((s) => `${counts[s] ?? 0} ${s}`)
  .join(", ");
if (blocking.length > 0 || BLOCKING.some((s) => (counts[s] ?? 0) > 0)) {
  console.error(`audit-check: high or critical advisories in production dependencies (${summary}):`);
  for (const v of blocking) {
    const titles = (v.via ?? [])
      .map((via) => (typeof via === "string" ? `via ${via}` : via.title))
      .join("; ");
    const fix = v.fixAvailable ? "fix available" : "no fix available";
    console.error(`- ${v.name} (${v.severity}, ${v.range ?? "?"}): ${titles} [${fix}]`);
  }
  process.exit(1);
}
console.log(`audit-check: no high or critical advisories in production dependencies (${summary}).`);
