// Prints the Markdown tables of docs/benchmarks.md from bench/results/*.json, so the document quotes exactly
// what one run measured: `node bench/tables.mjs > /tmp/tables.md`.
import { existsSync, readFileSync } from "node:fs";

const read = (name) => {
  const file = new URL(`./results/${name}.json`, import.meta.url);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
};
/** A Markdown table; a column is right-aligned when every cell in it is a number. */
const table = (header, rows) => {
  const numeric = header.map((_, i) => rows.every((row) => /^[-\d.,]+$/.test(String(row[i]))));
  return [
    `| ${header.join(" | ")} |`,
    `|${numeric.map((right) => (right ? "---:" : "---")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
};
const kB = (n) => (n / 1000).toFixed(2);
const section = (title, result, body) => {
  if (!result) return;
  console.log(
    `### ${title}\n\nRun finished ${result.measuredAt} (${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node}).\n`,
  );
  console.log(`${body(result)}\n`);
};

section("size", read("size"), (r) =>
  [
    table(
      ["bundle (esbuild, minified, code splitting)", "min kB", "gzip kB", "brotli kB"],
      r.rows.map((row) => [row.what, kB(row.min), kB(row.gzip), kB(row.brotli)]),
    ),
    "",
    `Peer ÷ ours, one import: **${r.ratio.gzip.toFixed(1)}× gzip**, ${r.ratio.brotli.toFixed(1)}× brotli, ${r.ratio.min.toFixed(1)}× minified.`,
  ].join("\n"),
);

section("checkout", read("checkout"), (r) =>
  table(
    ["flow (Chromium, fresh context per run)", "runs", "median ms", "p90 ms", "min ms", "max ms"],
    r.rows.map((row) => [row.what, row.runs, row.median, row.p90, row.min, row.max]),
  ),
);

section("server", read("server"), (r) =>
  table(
    ["database", "conns", "route", "req/s", "p50 ms", "p99 ms", "req/s ÷ hello", "p99 ÷ hello", "non-2xx"],
    r.rows.map((row) => [
      row.database === "pglite" ? "PGlite" : "PostgreSQL",
      row.connections,
      row.route,
      row.reqPerSec.toLocaleString("en"),
      row.p50,
      row.p99,
      row.throughputRatio.toFixed(3),
      row.p99Ratio.toFixed(1),
      row.non2xx + row.errors,
    ]),
  ),
);

section("replies", read("replies"), (r) =>
  table(
    [
      "engine",
      "first chunk, median / p90 ms",
      "full reply, median / p90 ms",
      "fake model's own: first / full",
      "our overhead: first / full",
    ],
    r.rows.map((row) => [
      row.engine,
      `${row.firstChunk.median} / ${row.firstChunk.p90}`,
      `${row.done.median} / ${row.done.p90}`,
      row.fakeFirstToken ? `${row.fakeFirstToken.median} / ${row.fakeTotal.median}` : "—",
      row.overheadFirstChunk ? `**${row.overheadFirstChunk.median} / ${row.overheadDone.median}**` : "—",
    ]),
  ),
);

section("memory", read("memory"), (r) =>
  [
    table(
      ["server RSS (PGlite, NODE_ENV=production)", "MiB"],
      [
        ["after start", r.afterStartMiB],
        [
          `after ${r.storedMessages.toLocaleString("en")} messages (${r.sends.toLocaleString("en")} sends)`,
          r.afterMessagesMiB,
        ],
        [`soak start (${r.soak.rate} req/s)`, r.soakStartMiB],
        [`soak end (${r.soakS} s)`, r.soakEndMiB],
        ["soak max", r.soakMaxMiB],
        ["soak growth (end − start)", r.soakGrowthMiB],
      ],
    ),
    "",
    `Samples (s: MiB): ${r.samples.map((s) => `${s.atS}: ${s.rssMiB}`).join(", ")}.`,
    "",
    `Soak: ${r.soak.reqPerSec} req/s achieved, p99 ${r.soak.p99} ms, status codes ${JSON.stringify(r.soak.statusCodes)}; ` +
      `fill: ${r.fill.reqPerSec} req/s, status codes ${JSON.stringify(r.fill.statusCodes)}.`,
  ].join("\n"),
);
