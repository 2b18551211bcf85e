// What every benchmark shares: where the repository is, how a table is printed and where results are written.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RESULTS = new URL("../results/", import.meta.url);

/** Prints rows under a header as an aligned plain-text table (numbers right-aligned). */
export function printTable(header, rows) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells
      .map((cell, i) => {
        const text = String(cell);
        return i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]);
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
