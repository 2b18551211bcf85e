// Issue #46: `purchases-billing-server catalogue check|import|versions|export`, run as an operator runs them (the built
// dist/cli.js), and two server processes on one PostgreSQL started with different catalogue files: nothing served
// changes without an explicit import, and an import is served by both.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { defaultCataloguePath } from "../src/catalogue/load-catalogue.js";
import { runCli, startCli, stopCli } from "./support/cli-process.js";

const shipped = () => JSON.parse(readFileSync(defaultCataloguePath, "utf8")) as { projects: any[] };

/** The shipped catalogue with its current offering's description changed. */
function catalogueSaying(description: string): string {
  const catalogue = shipped();
  const project = catalogue.projects[0];
  project.offerings.find((o: any) => o.identifier === project.current_offering_id).description = description;
  return JSON.stringify(catalogue, null, 2);
}

/** The current offering's description a server serves (the shipped catalogue's sandbox key). */
async function servedDescription(url: string): Promise<string> {
  const project = shipped().projects[0];
  const key = project.api_keys.find((k: string) => k.startsWith("rcb_sb_"));
  const response = await fetch(`${url}/v1/subscribers/cli_reader/offerings`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { current_offering_id: string; offerings: any[] };
  return body.offerings.find((o) => o.identifier === body.current_offering_id).description;
}

describe("purchases-billing-server catalogue", () => {
  const dir = mkdtempSync(join(tmpdir(), "billing-cli-catalogue-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it("check: says a valid file is valid, with its projects and digest, and opens no database", async () => {
    const { code, stdout } = await runCli(["catalogue", "check", defaultCataloguePath], {
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /realmheart\.json is a valid catalogue \(projects: realmheart; sha256 [0-9a-f]{64}\)\./,
    );
  });

  it("check: lists every problem of an invalid file by its path, and exits with 1", async () => {
    const catalogue = shipped();
    catalogue.projects[0].products[0].title = 42;
    catalogue.projects[0].name = "";
    const { code, stderr } = await runCli(
      ["catalogue", "check", file("invalid.json", JSON.stringify(catalogue))],
      {},
    );
    expect(code).toBe(1);
    expect(stderr).toContain("invalid.json was refused");
    expect(stderr).toMatch(/- projects\.0\.products\.0\.title: .*expected string, received number/);
    expect(stderr).toMatch(/- projects\.0\.name: /);
    // What one part says of another is checked once every part has its shape.
    const dangling = shipped();
    dangling.projects[0].current_offering_id = "nowhere";
    const refused = await runCli(["catalogue", "check", file("dangling.json", JSON.stringify(dangling))], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/- projects\.0: project realmheart: unknown offering nowhere/);
  });

  it("check: names a missing file and a file that is not JSON", async () => {
    const missing = await runCli(["catalogue", "check", join(dir, "missing.json")], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/missing\.json does not exist \(check FILE\)/);
    const broken = await runCli(["catalogue", "check", file("broken.json", "{ nope")], {});
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken\.json is not valid JSON/);
  });

  it("refuses a command it does not know, or one without its file, with the usage (exit 2)", async () => {
    for (const args of [
      ["catalogue"],
      ["catalogue", "import"],
      ["catalogue", "publish", "x"],
      ["catalogue", "export", "two"],
      ["serve"],
    ]) {
      const { code, stderr } = await runCli(args, {});
      expect(code, args.join(" ")).toBe(2);
      expect(stderr).toContain("purchases-billing-server catalogue");
    }
  });

  it("import, versions and export on a PGlite directory: a new version only when the file differs", async () => {
    const env = { DATA_DIR: join(dir, "pglite") };
    const first = file("first.json", catalogueSaying("first"));
    const imported = await runCli(["catalogue", "import", first], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(
      /^Imported catalogue version 1 \(file .*first\.json, imported \S+ by cli \S+@\S+\): every server on this database serves it now\.\n$/,
    );

    const again = await runCli(["catalogue", "import", first], env);
    expect(again.stdout).toMatch(/^Nothing to import: .*first\.json is the database's catalogue version 1 /);

    await runCli(["catalogue", "import", file("second.json", catalogueSaying("second"))], env);
    const versions = await runCli(["catalogue", "versions"], env);
    expect(
      versions.stdout
        .trim()
        .split("\n")
        .map((line) => /^catalogue version (\d+)/.exec(line)?.[1]),
    ).toEqual(["2", "1"]);

    const exported = await runCli(["catalogue", "export", "1"], env);
    expect(exported.code).toBe(0);
    const document = JSON.parse(exported.stdout);
    expect(document.projects[0].offerings.map((o: any) => o.description)).toContain("first");
    // Importing an export rolls back: version 3 has version 1's content.
    const rollBack = await runCli(["catalogue", "import", file("exported.json", exported.stdout)], env);
    expect(rollBack.stdout).toMatch(/^Imported catalogue version 3 /);
    const served = JSON.parse((await runCli(["catalogue", "export"], env)).stdout);
    expect(served).toEqual(document);

    const none = await runCli(["catalogue", "export", "9"], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("The database has no catalogue version 9.");
  });

  it("from-revenuecat: prints a catalogue made from a saved RevenueCat project, which check and import take", async () => {
    const saved = fileURLToPath(new URL("./fixtures/revenuecat", import.meta.url));
    const made = await runCli(
      [
        "catalogue",
        "from-revenuecat",
        saved,
        "--project",
        "shop",
        "--key",
        "rcb_sb_shop_local",
        "--key",
        "test_shop_local",
      ],
      {},
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/^note: /m);
    const catalogue = JSON.parse(made.stdout);
    expect(catalogue.$schema).toBe(
      "./node_modules/@purchases-web/billing-server/dist/catalogue/catalogue.schema.json",
    );
    expect(catalogue.projects[0]).toMatchObject({
      id: "shop",
      api_keys: ["rcb_sb_shop_local", "test_shop_local"],
    });
    const path = file("from-revenuecat.json", made.stdout);
    expect((await runCli(["catalogue", "check", path], {})).code).toBe(0);
    const imported = await runCli(["catalogue", "import", path], {
      DATA_DIR: join(dir, "pglite-revenuecat"),
    });
    expect(imported.stdout).toMatch(/^Imported catalogue version 1 /);
  });

  it("from-revenuecat: refuses missing options (2), a missing folder or answer, and a product without a price (1)", async () => {
    const saved = fileURLToPath(new URL("./fixtures/revenuecat", import.meta.url));
    const noKey = await runCli(["catalogue", "from-revenuecat", saved, "--project", "shop"], {});
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("from-revenuecat needs the folder, --project and at least one --key.");
    const key = ["--project", "shop", "--key", "rcb_sb_shop_local"];
    const nowhere = await runCli(["catalogue", "from-revenuecat", join(dir, "nowhere"), ...key], {});
    expect(nowhere).toMatchObject({ code: 1 });
    expect(nowhere.stderr).toMatch(/nowhere does not exist: give the folder the answers were saved in\./);

    const partial = join(dir, "partial-export");
    mkdirSync(partial);
    cpSync(saved, partial, { recursive: true });
    rmSync(join(partial, "offerings.json"));
    const lacking = await runCli(["catalogue", "from-revenuecat", partial, ...key], {});
    expect(lacking.code).toBe(1);
    expect(lacking.stderr).toMatch(
      /partial-export lacks offerings\.json: save those API answers there first\./,
    );

    cpSync(join(saved, "offerings.json"), join(partial, "offerings.json"));
    rmSync(join(partial, "prices.json"));
    const unpriced = await runCli(["catalogue", "from-revenuecat", partial, ...key], {});
    expect(unpriced.code).toBe(1);
    expect(unpriced.stderr).toMatch(
      /^The RevenueCat project cannot be converted: the export has no price for /,
    );
    expect(unpriced.stdout).toBe("");
  });

  it("import refuses an invalid file in one message and imports nothing", async () => {
    const env = { DATA_DIR: join(dir, "pglite-refused") };
    const catalogue = shipped();
    catalogue.projects[0].api_keys = [];
    const { code, stderr } = await runCli(
      ["catalogue", "import", file("no-keys.json", JSON.stringify(catalogue))],
      env,
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^purchases-billing-server cannot import the catalogue\. The catalogue file .*no-keys\.json was refused\./,
    );
    expect((await runCli(["catalogue", "versions"], env)).stdout).toBe(
      "The database has no catalogue yet.\n",
    );
  });
});

// Two processes on one PostgreSQL need a PostgreSQL (CI sets TEST_DATABASE_URL); PGlite is one process's.
const POSTGRES = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
for (const adminUrl of POSTGRES) {
  describe("two billing servers on one PostgreSQL, started with different catalogue files", () => {
    it("serve the first start's catalogue until one is imported, then both serve the import", async () => {
      const name = `billing_cli_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const DATABASE_URL = url.toString();
      const dir = mkdtempSync(join(tmpdir(), "billing-cli-pg-"));
      const fileA = join(dir, "a.json");
      const fileB = join(dir, "b.json");
      writeFileSync(fileA, catalogueSaying("from file A"));
      writeFileSync(fileB, catalogueSaying("from file B"));
      const servers: ChildProcess[] = [];
      try {
        const a = await startCli({ PORT: "0", WORKER_INTERVAL_MS: "60000", DATABASE_URL, CATALOGUE: fileA });
        servers.push(a.child);
        const b = await startCli({ PORT: "0", WORKER_INTERVAL_MS: "60000", DATABASE_URL, CATALOGUE: fileB });
        servers.push(b.child);
        expect(b.output()).toContain("differs from it and was not applied");
        expect(await servedDescription(a.url)).toBe("from file A");
        expect(await servedDescription(b.url)).toBe("from file A");

        // A restart of either with its own file changes nothing either.
        await stopCli(b.child);
        const b2 = await startCli({ PORT: "0", WORKER_INTERVAL_MS: "60000", DATABASE_URL, CATALOGUE: fileB });
        servers.push(b2.child);
        expect(await servedDescription(a.url)).toBe("from file A");

        const imported = await runCli(["catalogue", "import", fileB], { DATABASE_URL });
        expect(imported.stdout).toMatch(/^Imported catalogue version 2 /);
        expect(await servedDescription(a.url)).toBe("from file B");
        expect(await servedDescription(b2.url)).toBe("from file B");
      } finally {
        await Promise.all(servers.map(stopCli));
        rmSync(dir, { recursive: true, force: true });
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  });
}
