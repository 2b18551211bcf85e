// `npm run bench`: runs every benchmark in turn, each in its own process (so one's servers and heap cannot
// disturb the next), then prints where the results are. Build first: `npm run build`,
// `npm run build -w @purchases-web/billing-server`, `npm run build:server -w realmheart`.
// `node bench/run-all.mjs size replies` runs only the named ones. The SDK's benches (size, checkout) are in
// bench/, Realmheart's (server, replies, memory, persona, and the soak) in examples/fantasy-chat/bench/.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { APP_MAIN } from "../examples/fantasy-chat/bench/support/app-server.mjs";
import { BILLING_CLI } from "./support/processes.mjs";
import { ROOT } from "./support/report.mjs";

const ALL = ["size", "checkout", "server", "replies", "memory", "persona", "safety"];
/** The SDK's benches live here; Realmheart's beside its code. */
const FOLDER = {
  size: "bench",
  checkout: "bench",
  server: "examples/fantasy-chat/bench",
  replies: "examples/fantasy-chat/bench",
  memory: "examples/fantasy-chat/bench",
  persona: "examples/fantasy-chat/bench",
  safety: "examples/fantasy-chat/bench",
};
const NEEDS = {
  size: [[join(ROOT, "dist/index.mjs"), "npm run build"]],
  checkout: [
    [join(ROOT, "dist/index.mjs"), "npm run build"],
    [BILLING_CLI, "npm run build -w @purchases-web/billing-server"],
  ],
  server: [[APP_MAIN, "npm run build:server -w realmheart"]],
  replies: [[APP_MAIN, "npm run build:server -w realmheart"]],
  memory: [[APP_MAIN, "npm run build:server -w realmheart"]],
  persona: [[APP_MAIN, "npm run build:server -w realmheart"]],
  safety: [[APP_MAIN, "npm run build:server -w realmheart"]],
};

const chosen = process.argv.length > 2 ? process.argv.slice(2) : ALL;
const unknown = chosen.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; choose from ${ALL.join(", ")}.`);
  process.exit(2);
}
const unbuilt = chosen.flatMap((name) =>
  NEEDS[name].filter(([file]) => !existsSync(file)).map(([, command]) => command),
);
if (unbuilt.length > 0) {
  console.error(`Build first: ${[...new Set(unbuilt)].join(" && ")}`);
  process.exit(2);
}

let failed = 0;
for (const name of chosen) {
  console.log(`\n## ${name}\n`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(ROOT, FOLDER[name], `${name}.mjs`)], {
    cwd: ROOT,
    stdio: "inherit",
  });
  console.log(`(${name}: ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status})`);
  if (run.status !== 0) failed++;
}
console.log(
  `\nResults in bench/results/; check them against bench/budgets.json with \`npm run bench:check\`.`,
);
process.exit(failed > 0 ? 1 : 0);
