// Builds dist/ once when a test of the published artefacts runs without it (npm test builds first).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function ensureBuilt(): void {
  if (!existsSync(`${ROOT}/dist/index.mjs`) || !existsSync(`${ROOT}/dist/index.d.ts`)) {
    execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
  }
}
