// `npm run bench:check`: reads bench/results/*.json (written by `npm run bench`) and checks every budget in
// bench/budgets.json. Prints one line per budget; exits 1 with a line per missed budget (or missing result).
// `node bench/check.mjs --markdown` prints the same as the Markdown table of docs/benchmarks.md.
import { existsSync, readFileSync } from "node:fs";

const { budgets } = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8"));
const results = new Map();

function resultOf(name) {
  if (!results.has(name)) {
    const file = new URL(`./results/${name}.json`, import.meta.url);
    results.set(name, existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
  }
  return results.get(name);
}

/** `a.b.c` of an object. */
const pathOf = (value, path) =>
  path.split(".").reduce((at, key) => (at == null ? undefined : at[key]), value);

/** A `where` value matches equal scalars; a string starting with ^ is a regular expression. */
const matches = (row, where) =>
  Object.entries(where).every(([key, expected]) =>
    typeof expected === "string" && expected.startsWith("^")
      ? new RegExp(expected).test(String(row[key]))
      : row[key] === expected,
  );

/** The measured value for a budget, or an explanation of why there is none. */
function measured(budget) {
  const result = resultOf(budget.result);
  if (!result) return { missing: `no bench/results/${budget.result}.json: run \`npm run bench\` first` };
  if (budget.field === "rows[].non2xx+errors") {
    return { value: result.rows.reduce((sum, row) => sum + row.non2xx + row.errors, 0) };
  }
  let source = result;
  if (budget.where) {
    source = result.rows?.find((row) => matches(row, budget.where));
    if (!source) return { missing: `no row ${JSON.stringify(budget.where)} in ${budget.result}.json` };
  }
  const value = pathOf(source, budget.field);
  if (typeof value !== "number" || Number.isNaN(value)) {
    return { missing: `no number at ${budget.field} in ${budget.result}.json` };
  }
  return { value };
}

const markdown = process.argv.includes("--markdown");
if (markdown) console.log("| budget | measured | limit | |\n|---|---:|---:|---|");
const failures = [];
for (const budget of budgets) {
  const { value, missing } = measured(budget);
  const limit = budget.max !== undefined ? `≤ ${budget.max}` : `≥ ${budget.min}`;
  let ok;
  let line;
  if (missing) {
    ok = false;
    line = `${budget.what}: ${missing}`;
  } else {
    ok = budget.max !== undefined ? value <= budget.max : value >= budget.min;
    const shown = Number.isInteger(value) ? value : value.toFixed(3);
    line = `${budget.what}: ${shown} (budget ${limit})`;
  }
  if (markdown) {
    const shown = missing ?? (Number.isInteger(value) ? value : value.toFixed(3));
    console.log(`| ${budget.what} | ${shown} | ${limit} | ${ok ? "met" : "**missed**"} |`);
  } else {
    console.log(`${ok ? "ok  " : "MISS"} ${budget.id.padEnd(38)} ${line}`);
  }
  if (!ok) failures.push(`${budget.id}: ${line}`);
}

if (failures.length > 0) {
  console.error(
    `\n${failures.length} of ${budgets.length} budgets missed:\n${failures.map((f) => `- ${f}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(`\nAll ${budgets.length} budgets met.`);
