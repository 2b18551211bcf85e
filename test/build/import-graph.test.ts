// The SDK's import graph: no circles, no arrow that runs back up the layers, and the lazy UI reached from the
// core only through dynamic import(). The billing server's, Realmheart's server's and its web client's sources have
// no circle and no arrow back up their own layers either.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./built-package";

const SRC = join(ROOT, "src");

/** Layers from the top, each a list of folders (`http/`) and root files (`index.ts`). */
type Layers = readonly (readonly string[])[];

/**
 * The layers from the top; a file may import from its own layer or any layer below. Root files: `index.ts` is
 * the public door, `purchases.ts` the facade, and the platform pieces every layer may use (the injected
 * environment, the Stripe.js shapes it can load, the logger, the version) sit just above `errors/`.
 */
const LAYERS: Layers = [
  ["index.ts"],
  ["purchases.ts"],
  ["paywall/"],
  ["ui/"],
  ["checkout/"],
  ["model/", "analytics/", "virtual-currencies/", "format/"],
  ["http/", "config/", "i18n/"],
  ["environment.ts", "stripe-like.ts", "logger.ts", "version.ts", "load-lazy.ts"],
  ["errors/"],
];

/** Folders the core may load only with dynamic import(), so that they stay out of its bundle. */
const LAZY = ["ui/", "paywall/", "virtual-currencies/"];

/**
 * The index of `file`'s layer: the layer of the longest entry that names it, so a folder declared on its own
 * (`payments/gateways/`) sits apart from its parent's. `where` says where a file with no layer is to be added.
 */
function layerOf(layers: Layers, file: string, where: string): number {
  let index = -1;
  let longest = -1;
  layers.forEach((layer, i) => {
    for (const part of layer) {
      if ((file === part || file.startsWith(part)) && part.length > longest)
        [index, longest] = [i, part.length];
    }
  });
  if (index < 0) throw new Error(`${file} has no layer: add it to ${where} in import-graph.test.ts`);
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

/** The static and type imports that run from a layer up to one above it, each as `from → to`. */
function upwardArrows(arrows: readonly Arrow[], layers: Layers, where: string): string[] {
  return arrows
    .filter((a) => a.kind !== "dynamic" && layerOf(layers, a.to, where) < layerOf(layers, a.from, where))
    .map((a) => `${a.from} → ${a.to}`);
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
    expect(upwardArrows(arrows, LAYERS, "LAYERS")).toEqual([]);
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

/**
 * The other packages' sources: each with at least this many import arrows (so an unread tree cannot pass) and its
 * layers from the top, by folder (or root file) as for the SDK.
 */
const PACKAGES: readonly { name: string; src: string; arrows: number; layers: Layers }[] = [
  {
    name: "the billing server",
    src: "examples/billing-server/src",
    arrows: 200,
    // The doors (the package's exports, the CLI) and what they wire; the protocol's routes; the merchant API's
    // declarations and answer shapes; the hosted Manage pages
    // with the mails that carry their links; the lifecycle workers; the domain's rules; the ways out (webhook
    // delivery, the Stripe gateway, the mail transport) and the catalogue file; http's errors and hooks; the context
    // every part is handed; the tables; the kinds of keys and stores.
    layers: [
      ["index.ts", "cli.ts"],
      [
        "plugin.ts",
        "cli-env.ts",
        "startup-failure.ts",
        "cli-step.ts",
        "catalogue-cli.ts",
        "revenuecat-cli.ts",
        "secret-key-cli.ts",
        "cli-database.ts",
      ],
      ["routes/"],
      // The merchant API's route declarations, answer shapes, OpenAPI document and metrics.
      ["merchant/"],
      ["manage/"],
      ["lifecycle/"],
      ["domain/"],
      ["webhooks/", "gateway/", "mail/", "catalogue/"],
      ["http/"],
      // Who may act and what they did: secret keys, their scopes, the audit log.
      ["access/"],
      ["context.ts"],
      ["db/"],
      // What each kind of API key and each store means, read by the tables' column types and every layer above.
      ["kinds/"],
    ],
  },
  {
    name: "Realmheart's server",
    src: "examples/fantasy-chat/server/src",
    arrows: 400,
    // The process and the app's wiring; the folders whose route modules are handed the app's context, each over the
    // ones it calls; `context.ts` itself; the stores and engines it holds; the parts that never ask for it: the payment gateways, users, premium's pure
    // rules (prices, periods, the subscription machine), memory, safety, mail; http's hooks, crypto, the tables and
    // the root pieces.
    layers: [
      ["main.ts"],
      // The test-only control routes drive the whole app (its clock, the renewal pass), as its wiring does.
      ["app.ts", "system/test-control-routes.ts"],
      ["admin/"],
      ["subscription/"],
      ["billing/"],
      ["payments/"],
      ["chats/"],
      ["profile/"],
      ["auth/"],
      ["replies/"],
      ["characters/"],
      ["system/", "web/"],
      ["context.ts"],
      // The stores and engines the context holds, and what they are made of: below it, though their folders' route
      // modules are above it.
      [
        "auth/session-store.ts",
        "characters/character-snapshot.ts",
        "characters/character-store.ts",
        "chats/send-store.ts",
        "chats/send-groups.ts",
        "chats/chat-context-cache.ts",
        "chats/chat-page-cache.ts",
        "chats/chat-change-notices.ts",
        "chats/chat-store.ts",
        "chats/chat-title.ts",
        "chats/reply-context.ts",
        "chats/started-reply.ts",
        "profile/profile-store.ts",
        "profile/profile-schema.ts",
        "characters/archetypes.ts",
        "replies/reply-engine.ts",
      ],
      ["payments/gateways/", "users/"],
      ["premium/", "memory/", "safety/", "mail/"],
      ["http/"],
      ["crypto/"],
      ["db/"],
      ["config.ts", "clock.ts", "paths.ts", "remember-last.ts"],
    ],
  },
  {
    name: "Realmheart's web client",
    src: "examples/fantasy-chat/web/src",
    arrows: 100,
    // The entry and the router; the screens; the features they show, each over the ones it uses; the app's shared
    // components, toasts and native shell; the API client.
    layers: [
      ["main.tsx"],
      ["App.tsx"],
      ["pages/", "account/"],
      ["admin/", "chat/"],
      ["subscription/"],
      ["subscribe/"],
      ["auth/"],
      ["ui/"],
      ["toast/", "native/"],
      ["api/"],
    ],
  },
];

describe.each(PACKAGES)("$name's import graph", ({ name, src, arrows: least, layers }) => {
  const graph = importArrows(join(ROOT, src));

  it("is read from the sources", () => {
    expect(graph.length).toBeGreaterThan(least);
  });

  it("has no arrow that runs back up the layers", () => {
    expect(upwardArrows(graph, layers, `the layers of ${name} in PACKAGES`)).toEqual([]);
  });

  it("has no circle, counting type imports too", () => {
    expect(circlesOf(graph)).toEqual([]);
  });
});
