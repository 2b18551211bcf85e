// Runs `npm test` in every workspace that defines one; succeeds quietly when there is none yet.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const examples = join(root, "examples");
const workspaces = existsSync(examples)
  ? readdirSync(examples)
      .map((name) => join(examples, name))
      .filter((dir) => existsSync(join(dir, "package.json")))
  : [];

for (const dir of workspaces) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  if (!pkg.scripts?.test) continue;
  console.log(`\n> ${pkg.name}: npm test`);
  const { status } = spawnSync("npm", ["test"], { cwd: dir, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
