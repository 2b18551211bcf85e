// `purchases-billing-server catalogue …`: check a catalogue file, import it as the served version, list the
// versions, export one (issue #46). The database is the CLI's own (DATABASE_URL, else PGlite in DATA_DIR).
import { resolve } from "node:path";
import type { CliEnv } from "./cli-env.js";
import { cliStep } from "./cli-step.js";
import { cliActor, openCliDatabase as openDatabase } from "./cli-database.js";
import { describeStartupFailure } from "./startup-failure.js";
import {
  catalogueDigest,
  catalogueDocument,
  catalogueVersionList,
  describeCatalogueVersion,
  importCatalogue,
} from "./catalogue/catalogue-versions.js";
import { loadCatalogueFile } from "./catalogue/load-catalogue.js";
import { REVENUECAT_USAGE, fromRevenueCatCommand } from "./revenuecat-cli.js";

export const CATALOGUE_USAGE = `Usage: purchases-billing-server catalogue <command>
  check FILE     Checks a catalogue file and lists every problem (opens no database).
  import FILE    Makes FILE the catalogue every server on the database serves: a new version when it differs.
  versions       Lists the database's catalogue versions, newest (served) first.
  export [N]     Prints version N as JSON (the served one by default): to edit, or to import again (roll back).
${REVENUECAT_USAGE}
import, versions and export use DATABASE_URL's database, else the PGlite directory DATA_DIR (./data/billing);
PGlite is one process's: stop the server before running them on it.`;

/**
 * Runs `catalogue <command> …` and resolves with the exit code; what it did is printed on standard output, a
 * refusal on standard error.
 *
 * @example
 * process.exitCode = await catalogueCommand(["import", "./catalogue.json"], env);
 */
export async function catalogueCommand(args: string[], env: CliEnv): Promise<number> {
  const [command, argument, ...rest] = args;
  if (command === "from-revenuecat") return fromRevenueCatCommand(args.slice(1), CATALOGUE_USAGE);
  const fileArgument = command === "check" || command === "import";
  if (
    !["check", "import", "versions", "export"].includes(command ?? "") ||
    (fileArgument && (argument === undefined || rest.length > 0)) ||
    (command === "versions" && argument !== undefined) ||
    (command === "export" && (rest.length > 0 || (argument !== undefined && !/^[1-9]\d*$/.test(argument))))
  ) {
    console.error(CATALOGUE_USAGE);
    return 2;
  }

  if (command === "check") {
    const path = resolve(argument!);
    try {
      const catalogue = await loadCatalogueFile(path);
      const projects = catalogue.projects.map((p) => p.id).join(", ");
      console.log(
        `${path} is a valid catalogue (projects: ${projects}; sha256 ${catalogueDigest(catalogue)}).`,
      );
      return 0;
    } catch (error) {
      console.error(describeStartupFailure({ step: "catalogue", path, setting: "FILE" }, error));
      return 1;
    }
  }

  if (command === "import") {
    const path = resolve(argument!);
    const what = "cannot import the catalogue";
    const catalogue = await cliStep(
      { step: "catalogue", path, setting: "FILE" },
      () => loadCatalogueFile(path),
      { what },
    );
    const database = await openDatabase(env, what);
    try {
      const { version, changed } = await importCatalogue(database.db, catalogue, {
        source: `file ${path}`,
        actor: cliActor(),
      });
      console.log(
        changed
          ? `Imported ${describeCatalogueVersion(version)}: every server on this database serves it now.`
          : `Nothing to import: ${path} is the database's ${describeCatalogueVersion(version)} already.`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }

  const database = await openDatabase(env, `cannot ${command} the catalogue`);
  try {
    if (command === "versions") {
      const versions = await catalogueVersionList(database.db);
      if (versions.length === 0) console.log("The database has no catalogue yet.");
      for (const v of versions) console.log(`${describeCatalogueVersion(v)} sha256 ${v.digest}`);
      return 0;
    }
    const version = argument === undefined ? undefined : Number(argument);
    const document = await catalogueDocument(database.db, version);
    if (!document) {
      console.error(
        version === undefined
          ? "The database has no catalogue yet."
          : `The database has no catalogue version ${version}.`,
      );
      return 1;
    }
    console.log(JSON.stringify(document, null, 2));
    return 0;
  } finally {
    await database.close();
  }
}
