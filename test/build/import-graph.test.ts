// The SDK's import graph: no circles, no arrow that runs back up the layers, and the lazy UI reached from the
// core only through dynamic import(). The billing server's, Realmheart's server's and its web client's sources have
// no circle either.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./built-package";

const SRC = join(ROOT, "src");

/**
 * The layers from the top; a file may import from its own layer or any layer below. Root files: `index.ts` is
 * the public door, `purchases.ts` the facade, and the platform pieces every layer may use (the injected
 * environment, the Stripe.js shapes it can load, the logger, the version) sit just above `errors/`.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["index.ts"],
  ["purchases.ts"],
  ["paywall/"],
  ["ui/"],
  ["checkout/"],
  ["model/", "analytics/", "virtual-currencies/", "format/"],
  ["http/", "config/", "i18n/"],
  ["environment.ts", "stripe-like.ts", "logger.ts", "version.ts"],
  ["errors/"],
];

/** Folders the core may load only with dynamic import(), so that they stay out of its bundle. */
const LAZY = ["ui/", "paywall/", "virtual-currencies/"];

function layerOf(file: string): number {
  const index = LAYERS.findIndex((layer) => layer.some((part) => file === part || file.startsWith(part)));
  if (index < 0) throw new Error(`${file} has no layer: add it to LAYERS in import-graph.test.ts`);
  return index;
}

interface Arrow {
  from: string;
  to: string;
  kind: "static" | "type" | "dynamic";
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The source file under `src` an import names (`./x`, `./x.js` as NodeNext spells it, `./dir`), or null for a package or data. */
function resolveModule(src: string, fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null; // a package
  const base = resolve(dirname(fromFile), specifier.replace(/\.js$/, ""));
  if (!base.startsWith(src)) return null; // data outside src/, such as the locale files
  if (/\.(css|json|svg|png|txt)$/.test(base)) return null; // data beside the sources
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return relative(src, candidate).split("\\").join("/");
    } catch {
      // try the next candidate
    }
  }
  throw new Error(`${relative(src, fromFile)} imports ${specifier}, which does not resolve`);
}

function arrowsOf(src: string, file: string): Arrow[] {
  const from = relative(src, file).split("\\").join("/");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const arrows: Arrow[] = [];
  const add = (specifier: string, kind: Arrow["kind"]) => {
    const to = resolveModule(src, file, specifier);
    if (to) arrows.push({ from, to, kind });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const typeOnly = ts.isImportDeclaration(node)
        ? (node.importClause?.isTypeOnly ?? false) ||
          (node.importClause !== undefined &&
            !node.importClause.name &&
            node.importClause.namedBindings !== undefined &&
            ts.isNamedImports(node.importClause.namedBindings) &&
            node.importClause.namedBindings.elements.length > 0 &&
            node.importClause.namedBindings.elements.every((element) => element.isTypeOnly))
        : node.isTypeOnly;
      add((node.moduleSpecifier as ts.StringLiteral).text, typeOnly ? "type" : "static");
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, "dynamic");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return arrows;
}

/** Every import arrow between the source files under `src`. */
function importArrows(src: string): Arrow[] {
  return sourceFiles(src).flatMap((file) => arrowsOf(src, file));
}

/** The circles of static and type imports, each as `a → b → … → a`. */
function circlesOf(arrows: readonly Arrow[]): string[] {
  const next = new Map<string, string[]>();
  for (const a of arrows) if (a.kind !== "dynamic") next.set(a.from, [...(next.get(a.from) ?? []), a.to]);
  const circles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const walk = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      circles.push([...path.slice(path.indexOf(file)), file].join(" → "));
      return;
    }
    state.set(file, "open");
    for (const to of next.get(file) ?? []) walk(to, [...path, file]);
    state.set(file, "done");
  };
  for (const file of next.keys()) walk(file, []);
  return circles;
}

const arrows = importArrows(SRC);

describe("the SDK's import graph", () => {
  it("is read from the sources", () => {
    expect(arrows.length).toBeGreaterThan(100);
    expect(arrows.some((a) => a.kind === "dynamic")).toBe(true);
  });

  it("has no arrow that runs back up the layers", () => {
    const upward = arrows
      .filter((a) => a.kind !== "dynamic" && layerOf(a.to) < layerOf(a.from))
      .map((a) => `${a.from} → ${a.to}`);
    expect(upward).toEqual([]);
  });

  it("reaches the lazy widget, paywall and virtual currencies from outside them only through dynamic import()", () => {
    const eager = arrows
      .filter((a) => a.kind === "static")
      .filter((a) => LAZY.some((dir) => a.to.startsWith(dir)) && !LAZY.some((dir) => a.from.startsWith(dir)))
      .map((a) => `${a.from} → ${a.to}`);
    expect(eager).toEqual([]);
  });

  it("has no circle, counting type imports too", () => {
    expect(circlesOf(arrows)).toEqual([]);
  });
});

/** The other packages' sources, each with at least this many import arrows (so an unread tree cannot pass). */
const PACKAGES = [
  { name: "the billing server", src: "examples/billing-server/src", arrows: 200 },
  { name: "Realmheart's server", src: "examples/fantasy-chat/server/src", arrows: 400 },
  { name: "Realmheart's web client", src: "examples/fantasy-chat/web/src", arrows: 100 },
];

describe.each(PACKAGES)("$name's import graph", ({ src, arrows: least }) => {
  const graph = importArrows(join(ROOT, src));

  it("is read from the sources", () => {
    expect(graph.length).toBeGreaterThan(least);
  });

  it("has no circle, counting type imports too", () => {
    expect(circlesOf(graph)).toEqual([]);
  });
});
