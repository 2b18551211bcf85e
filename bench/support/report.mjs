// What every benchmark shares: where the repository is, how a table is printed and where results are written.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RESULTS = new URL("../results/", import.meta.url);

/** Prints rows under a header as an aligned plain-text table (numbers right-aligned, text left-aligned). */
export function printTable(header, rows) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells
      .map((cell, i) => {
        const text = String(cell);
        return /^[-\d.,/ ×%]+$/.test(text) && i > 0 ? text.padStart(widths[i]) : text.padEnd(widths[i]);
      })
      .join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** The machine a result was measured on, recorded with it. */
export function machine() {
  return {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** Writes `bench/results/<name>.json` with the measurement time and the machine. */
export function writeResult(name, data) {
  mkdirSync(RESULTS, { recursive: true });
  const file = new URL(`${name}.json`, RESULTS);
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), ...data }, null, 2)}\n`,
  );
  console.log(`\nWrote ${fileURLToPath(file)}`);
}

/** The `p`th percentile (0–100) of `values` by the nearest-rank method. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/** Median, p90, min and max of a sample of times, rounded to 0.1. */
export function summarize(values) {
  const round = (n) => Math.round(n * 10) / 10;
  return {
    runs: values.length,
    median: round(percentile(values, 50)),
    p90: round(percentile(values, 90)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  };
}

/** How many answers of each HTTP status an autocannon result saw, e.g. `{ "200": 1200, "429": 3 }`. */
export function statusCounts(result) {
  return Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
  );
}
