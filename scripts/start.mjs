// `npm start`: builds what the Realmheart app needs (the SDK, the billing server, the app), then serves the app on
// PORT (default 3000) with embedded databases in DATA_DIR (default ./data), or PostgreSQL when DATABASE_URL is set.
// Environment variables are passed through; see examples/fantasy-chat/README.md for the list.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../examples/fantasy-chat/node-flags.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const steps = [
  ["the purchases-web SDK", ["run", "build"]],
  ["the billing server", ["run", "build", "-w", "@purchases-web/billing-server"]],
  ["the Realmheart app", ["run", "build", "-w", "realmheart"]],
];

for (const [what, args] of steps) {
  console.log(`\n> Building ${what}: npm ${args.join(" ")}`);
  const { status } = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  if (status !== 0) {
    console.error(`\nBuilding ${what} failed (exit ${status}); nothing is served.`);
    process.exit(status ?? 1);
  }
}

console.log("\n> Starting Realmheart");
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "examples/fantasy-chat/dist/server/main.js"], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
// The server shuts down gracefully (closing its databases) on SIGINT/SIGTERM; pass them on and wait for it.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
