// Issue #22's acceptance test: both packages installed the way docs/getting-started.md says, outside the repository.
// It packs the SDK and the billing server (`npm pack` builds each), installs the two tarballs in a new app directory
// under the system's temporary directory, starts the billing server from the tarball's `bin` on PGlite, and in
// Chromium buys with the Test Store (1) on the page getting-started.md shows, its marked snippets bundled as they are
// written, and (2) in examples/vite-react built by `vite build`.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openLoopbackPage } from "../../scripts/chromium.mjs";
import { REPO_ROOT, startSdkHostServer, type SdkHostServer } from "../../scripts/sdk-host-server.mjs";
import { fencedBlocks, markedSnippets, snippet } from "./support/doc-snippets";
import { startPackedBillingServer, type PackedBillingServer } from "./support/packed-billing-server";
import { outsideEnv, run } from "./support/run-command";

const EXAMPLE_DIR = join(REPO_ROOT, "examples/vite-react");
/** Where getting-started.md's page sends the SDK; the test's billing server listens on another port. */
const DOCUMENTED_BILLING_URL = "http://127.0.0.1:4000";
const STEP_TIMEOUT = 15_000;

/**
 * What the guide's shorter snippets take from the reader's own app (a configured instance, a signed-in user, the
 * app's functions); each is declared for the type check unless the snippet declares it itself.
 */
const READER_APP: Record<string, string> = {
  purchases: 'declare const purchases: import("purchases-web").Purchases;',
  user: "declare const user: { email: string };",
  showPremium: "declare function showPremium(): void;",
  restore: "declare function restore(): void;",
  track: "declare function track(event: string, detail?: string): void;",
  retryLater: "declare function retryLater(): void;",
};

/** A snippet of the guide as a module of its own, with the reader's app declared around it. */
function asModule(code: string): string {
  const declared = (name: string) => new RegExp(`\\b(const|let|function)\\s+${name}\\b`).test(code);
  const context = Object.entries(READER_APP)
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(code) && !declared(name))
    .map(([, declaration]) => declaration);
  return [code, ...context, "export {};", ""].join("\n");
}

/** A port nobody listens on now, for the billing server (the pages are bundled with its URL before it starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every file under `dir`, by the URL path it is served at (`/assets/index-….js`). */
async function filesByUrl(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .map((path) => [`/${relative(dir, path).split("\\").join("/")}`, path]),
  );
}

/** The files in a tarball, without npm's `package/` prefix. */
async function tarballFiles(tarball: string): Promise<string[]> {
  const listing = await run("tar", ["-tzf", tarball], { cwd: tmpdir() });
  return listing
    .split("\n")
    .filter(Boolean)
    .map((line) => line.replace(/^package\//, ""));
}

/** Clicks the upgrade button, then "Test valid purchase" in the Test Store modal, and waits for premium. */
async function buyWithTestStore(page: Page) {
  const upgrade = page.getByRole("button", { name: /^Upgrade/ });
  await expect.poll(() => upgrade.isEnabled(), { timeout: STEP_TIMEOUT }).toBe(true);
  await upgrade.click();
  await page.getByRole("button", { name: "Test valid purchase" }).click();
  await expect
    .poll(() => page.getByRole("status").textContent(), { timeout: STEP_TIMEOUT })
    .toBe("Premium is active");
}

describe("purchases-web and its billing server, installed from their tarballs outside the repository", () => {
  let workDir: string;
  /** The new folder both tarballs are installed in, as a reader of getting-started.md makes it. */
  let appDir: string;
  let sdkFiles: string[];
  let serverFiles: string[];
  let browser: Browser;
  let billing: PackedBillingServer | undefined;
  const pages: SdkHostServer[] = [];
  let guidePage: SdkHostServer;
  let examplePage: SdkHostServer;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), "purchases-web-pack-"));
    const tarballs = join(workDir, "tarballs");
    appDir = join(workDir, "app");
    const billingUrl = `http://127.0.0.1:${await freePort()}`;
    // Assigned as soon as it runs, so that afterAll closes it even when a later step of this setup fails.
    const browserStarted = launchChromium().then((started) => (browser = started));
    await Promise.all([mkdir(tarballs), mkdir(join(appDir, "src"), { recursive: true })]);

    // `npm pack` runs each package's prepack (its build); the two builds are independent.
    await Promise.all([
      run("npm", ["pack", "--pack-destination", tarballs], { cwd: REPO_ROOT }),
      run("npm", ["pack", "--pack-destination", tarballs], {
        cwd: join(REPO_ROOT, "examples/billing-server"),
      }),
    ]);
    const sdkTarball = join(tarballs, "purchases-web-0.1.0.tgz");
    const serverTarball = join(tarballs, "purchases-web-billing-server-0.1.0.tgz");
    [sdkFiles, serverFiles] = await Promise.all([tarballFiles(sdkTarball), tarballFiles(serverTarball)]);

    const guide = await readFile(join(REPO_ROOT, "docs/getting-started.md"), "utf8");
    const snippets = markedSnippets(guide);
    const mainTs = snippet(snippets, "main.ts");
    expect(mainTs, "the page's proxyURL is the documented address").toContain(`"${DOCUMENTED_BILLING_URL}"`);
    await writeFile(
      join(appDir, "package.json"),
      JSON.stringify({ name: "pack-install-app", private: true, type: "module" }, null, 2),
    );
    await writeFile(join(appDir, "src/main.ts"), mainTs.replace(DOCUMENTED_BILLING_URL, billingUrl));
    // The guide's other TypeScript snippets are type-checked with the page's script (not run: they need an app).
    await Promise.all(
      fencedBlocks(guide, "ts")
        .filter((code) => code !== mainTs)
        .map((code, i) => writeFile(join(appDir, `src/snippet-${i + 1}.ts`), asModule(code))),
    );
    await writeFile(
      join(appDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022", "DOM", "DOM.Iterable"],
          module: "ESNext",
          moduleResolution: "Bundler",
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          types: [],
        },
        include: ["src"],
      }),
    );

    // The example is built in the workspace (after the packs: the SDK's prepack rewrites dist/, which it imports).
    const exampleOut = join(workDir, "vite-react-dist");
    await Promise.all([
      run("npm", ["install", sdkTarball, serverTarball, "--prefer-offline", "--no-audit", "--no-fund"], {
        cwd: appDir,
        env: outsideEnv(),
      }),
      run("npx", ["vite", "build", "--outDir", exampleOut, "--emptyOutDir", "--logLevel", "warn"], {
        cwd: EXAMPLE_DIR,
        env: { ...process.env, VITE_BILLING_URL: billingUrl },
      }),
    ]);

    // The guide's page: its script type-checked strictly against the installed package's types, then bundled.
    await run(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", appDir], {
      cwd: appDir,
    });
    const { build } = await import("esbuild");
    const guideOut = join(workDir, "guide-dist");
    await build({
      absWorkingDir: appDir,
      entryPoints: { main: "src/main.ts" },
      bundle: true,
      splitting: true,
      format: "esm",
      target: "es2022",
      outdir: guideOut,
      chunkNames: "chunks/[name]-[hash]",
      logLevel: "error",
    });
    const guideHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>getting-started</title><link rel="icon" href="data:,"></head><body>\n${snippet(snippets, "page.html")}<script type="module" src="/main.js"></script></body></html>`;
    guidePage = await startSdkHostServer(guideHtml, await filesByUrl(guideOut));
    examplePage = await startSdkHostServer(
      await readFile(join(exampleOut, "index.html"), "utf8"),
      await filesByUrl(exampleOut),
    );
    pages.push(guidePage, examplePage);

    billing = await startPackedBillingServer(appDir, {
      PORT: new URL(billingUrl).port,
      HOST: "127.0.0.1",
      DATA_DIR: join(workDir, "billing-data"),
      ALLOWED_ORIGINS: `${guidePage.url},${examplePage.url}`,
    });
    await browserStarted;
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(pages.map((page) => page.close()));
    await billing?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("packs the SDK as its built dist/ alone: entries, types, lazy chunks and every locale", () => {
    expect(sdkFiles).toEqual(expect.arrayContaining(["package.json", "dist/index.mjs", "dist/index.d.ts"]));
    expect(sdkFiles.filter((f) => /^dist\/chunks\/present-purchase-.+\.mjs$/.test(f))).toHaveLength(1);
    expect(sdkFiles.filter((f) => /^dist\/chunks\/(de|ja|zh_Hant)-.+\.mjs$/.test(f))).toHaveLength(3);
    expect(sdkFiles).toContain("LICENSE");
    expect(sdkFiles.filter((f) => !/^(dist\/|package\.json$|README\.md$|LICENSE$)/.test(f))).toEqual([]);
  });

  it("packs the billing server with its CLI, default catalogue and migrations, and no sources or tests", () => {
    expect(serverFiles).toEqual(
      expect.arrayContaining([
        "dist/cli.js",
        "dist/index.js",
        "dist/catalogue/realmheart.json",
        "dist/db/migrations/meta/_journal.json",
        "dist/db/migrations/0000_initial.sql",
      ]),
    );
    expect(serverFiles).toContain("LICENSE");
    expect(serverFiles.filter((f) => !/^(dist\/|package\.json$|README\.md$|LICENSE$)/.test(f))).toEqual([]);
    expect(serverFiles.filter((f) => f.endsWith("_snapshot.json"))).toEqual([]);
  });

  it("starts with no settings at all where it was installed: its database in ./data/billing, ready", async () => {
    // The documented `npx purchases-billing-server`: port 4000, the shipped catalogue, PGlite in ./data/billing,
    // whose parent ./data does not exist yet in the new app folder.
    expect(existsSync(join(appDir, "data"))).toBe(false);
    const defaults = await startPackedBillingServer(appDir, {}, { bare: true });
    try {
      expect(defaults.url).toBe(DOCUMENTED_BILLING_URL);
      const ready = await fetch(`${defaults.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready", database: "pglite" });
      expect(existsSync(join(appDir, "data/billing/PG_VERSION"))).toBe(true);
    } finally {
      await defaults.close();
    }
  });

  it("completes a Test Store purchase on getting-started's page, its snippets bundled as written", async () => {
    const { page, log } = await openLoopbackPage(browser, { stepTimeoutMs: STEP_TIMEOUT });
    await page.goto(guidePage.url);
    await buyWithTestStore(page);
    await page.context().close();
    expect(log).toEqual({ errors: [], consoleErrors: [], blocked: [] });
  });

  it("completes a Test Store purchase in the Vite + React example", async () => {
    const { page, log } = await openLoopbackPage(browser, { stepTimeoutMs: STEP_TIMEOUT });
    await page.goto(examplePage.url);
    await buyWithTestStore(page);
    await page.context().close();
    expect(log).toEqual({ errors: [], consoleErrors: [], blocked: [] });
  });
});
