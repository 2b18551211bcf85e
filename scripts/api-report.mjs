// The public API report: the bundled type declarations of every entry point, printed without comments so
// that only the shape of the API counts. `--check` fails when the build differs from the committed report.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";

const entries = [{ name: "purchases-web", types: "dist/index.d.ts" }];
const reportPath = "api/purchases-web.api.d.ts";
const check = process.argv.includes("--check");

function report() {
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  return entries
    .map(({ name, types }) => {
      if (!existsSync(types)) throw new Error(`${types} is missing: run "npm run build" first.`);
      const source = ts.createSourceFile(types, readFileSync(types, "utf8"), ts.ScriptTarget.Latest, false);
      return `// ${name}\n${printer.printFile(source)}`;
    })
    .join("\n");
}

const current = report();
if (check) {
  const committed = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "";
  if (committed !== current) {
    console.error(
      `The public API changed: ${reportPath} differs from the build.\n` +
        `Review the change, then run "npm run build && npm run api:report" and commit ${reportPath}.`,
    );
    process.exit(1);
  }
  console.log(`API report matches ${reportPath}.`);
} else {
  writeFileSync(reportPath, current);
  console.log(`Wrote ${reportPath}.`);
}
