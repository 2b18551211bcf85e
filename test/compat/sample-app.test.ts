// The type half of the compatibility suite: the sample app written for @revenuecat/purchases-js (sample-app.ts) and
// the peer-style code around it (peer-style.ts: mutating answers, enum members as types, errors, literal models)
// compile against the peer's own published .d.ts, and unchanged against purchases-web's public entry.
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const CHECKED = ["./sample-app.ts", "./peer-style.ts"].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

/** The checked files' type errors under one of the two tsconfig files beside them, formatted as tsc prints them. */
function typeErrors(tsconfig: string): string[] {
  const path = fileURLToPath(new URL(tsconfig, import.meta.url));
  const parsed = ts.getParsedCommandLineOfConfigFile(path, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  // Only the checked files' own errors: the SDK's sources are type-checked by `npm run typecheck`.
  const diagnostics = CHECKED.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${tsconfig} does not include ${file}`);
    return ts.getPreEmitDiagnostics(program, source);
  });
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${basename(diagnostic.file.fileName)}(${line + 1},${character + 1}): ${message}`;
  });
}

describe("a sample app and peer-style code written for @revenuecat/purchases-js", () => {
  it("type-checks against the peer's own published .d.ts", () => {
    expect(typeErrors("tsconfig.peer.json")).toEqual([]);
  }, 60_000);

  it("type-checks unchanged against purchases-web's public entry", () => {
    expect(typeErrors("tsconfig.ours.json")).toEqual([]);
  }, 60_000);
});
