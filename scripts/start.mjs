// `npm start`: until the reference app exists (issue [app-server]), build the SDK and say what was built.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const files = readdirSync("dist").filter((f) => statSync(`dist/${f}`).isFile());
console.log(`\npurchases-web is built in dist/: ${files.join(", ")}.`);
console.log(
  "The Realmheart app (examples/fantasy-chat) is not part of the repository yet; nothing is served.",
);
