// Long components hide state that belongs in hooks and views: no function of the SDK (src/) or of Realmheart's
// web client (examples/fantasy-chat/web/src) may run over MAX_LINES lines.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./built-package";

const MAX_LINES = 120;
const ROOTS = [
  "src",
  "examples/fantasy-chat/web/src",
  "examples/fantasy-chat/server/src",
  "examples/billing-server/src",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every function, method and arrow function of a file with its length in lines. */
function functionLengths(file: string): { name: string; lines: number }[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, kind);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : "(anonymous)";
      found.push({ name: `${relative(ROOT, file)}:${first + 1} ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("function length", () => {
  const functions = ROOTS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(functionLengths);

  it("measures the functions of the SDK, the web client and both servers", () => {
    expect(functions.length).toBeGreaterThan(500);
    expect(functions.some((f) => f.name.includes("PaymentEntry"))).toBe(true);
  });

  it(`keeps every function at ${MAX_LINES} lines or fewer`, () => {
    const long = functions.filter((f) => f.lines > MAX_LINES).map((f) => `${f.name}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
