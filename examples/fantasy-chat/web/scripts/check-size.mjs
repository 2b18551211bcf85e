// Budget: the landing page's initial JavaScript (entry + static imports) must stay within 120 KB gzip, and must not
// contain the purchases-web SDK (only /subscribe loads it). Run after `npm run build:web`; exits non-zero otherwise.
import { fileURLToPath } from "node:url";
import { initialJavaScript } from "./initial-js.mjs";

export const BUDGET_BYTES = 120 * 1024;

const dist = fileURLToPath(new URL("../dist", import.meta.url));
const { files, totalGzip } = initialJavaScript(dist);
for (const f of files) console.log(`  ${f.file}: ${(f.gzip / 1024).toFixed(1)} KB gzip`);
const verdict = totalGzip <= BUDGET_BYTES ? "within" : "OVER";
console.log(
  `Landing page initial JavaScript: ${(totalGzip / 1024).toFixed(1)} KB gzip, ${verdict} the ${BUDGET_BYTES / 1024} KB budget`,
);
// A string only the SDK's core has (its anonymous user id prefix).
const sdkInside = files.filter((f) => f.text.includes("$RCAnonymousID:")).map((f) => f.file);
if (sdkInside.length > 0)
  console.log(`The purchases-web SDK is in the initial JavaScript: ${sdkInside.join(", ")}`);
if (totalGzip > BUDGET_BYTES || sdkInside.length > 0) process.exit(1);
