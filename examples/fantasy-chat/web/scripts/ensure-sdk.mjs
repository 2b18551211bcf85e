// The client imports the purchases-web SDK as a package (the repository root, built to dist/). `npm start` and the
// root `npm test` build it first; this builds it when a workspace command runs on a fresh clone without it.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
if (!existsSync(`${root}dist/index.mjs`)) {
  console.log("> Building the purchases-web SDK (dist/ is missing)");
  const { status } = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
