// The type half of the compatibility suite: the sample app written for @revenuecat/purchases-js (sample-app.ts)
// compiles against the peer's own published .d.ts, and unchanged against purchases-web's public entry.
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SAMPLE_APP = fileURLToPath(new URL("./sample-app.ts", import.meta.url));

/** The sample app's type errors under one of the two tsconfig files beside it, formatted as tsc prints them. */
function sampleAppErrors(tsconfig: string): string[] {
  const path = fileURLToPath(new URL(tsconfig, import.meta.url));
  const parsed = ts.getParsedCommandLineOfConfigFile(path, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  // Only the sample app's own errors: the SDK's sources are type-checked by `npm run typecheck`.
  const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(SAMPLE_APP));
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `sample-app.ts(${line + 1},${character + 1}): ${message}`;
  });
}

describe("a sample app written for @revenuecat/purchases-js", () => {
  it("type-checks against the peer's own published .d.ts", () => {
    expect(sampleAppErrors("tsconfig.peer.json")).toEqual([]);
  }, 60_000);

  it("type-checks unchanged against purchases-web's public entry", () => {
    expect(sampleAppErrors("tsconfig.ours.json")).toEqual([]);
  }, 60_000);
});
