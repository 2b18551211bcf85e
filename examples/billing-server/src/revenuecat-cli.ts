// `purchases-billing-server catalogue from-revenuecat DIR --project ID --key KEY …` (issue #46): a RevenueCat project
// saved as REST API v2 answers, one file per answer, written out as a catalogue file to check and import.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseCatalogue } from "./catalogue/catalogue-schema.js";
import {
  catalogueFromRevenueCat,
  RevenueCatImportError,
  type PriceInput,
  type RevenueCatExport,
} from "./catalogue/revenuecat-import.js";

export const REVENUECAT_USAGE = `  from-revenuecat DIR --project ID --key KEY [--key KEY…] [--app APP_ID] [--currency CUR] [--app-name NAME]
                 Prints a catalogue made from a RevenueCat project saved in DIR as API v2 answers
                 (docs/migrating-from-purchases-js.md, "Bring your RevenueCat project"); notes go to standard error.`;

/** The files of a saved project, by the name each API answer is saved under. */
const FILES = {
  project: "project.json",
  apps: "apps.json",
  products: "products.json",
  entitlements: "entitlements.json",
  offerings: "offerings.json",
  paywalls: "paywalls.json",
  virtualCurrencies: "virtual-currencies.json",
  prices: "prices.json",
} as const;
const REQUIRED = ["products", "entitlements", "offerings"] as const;
/** Where a project that installed the package finds the catalogue's JSON Schema. */
const SCHEMA_IN_NODE_MODULES =
  "./node_modules/@purchases-web/billing-server/dist/catalogue/catalogue.schema.json";

/** A refusal of the command: its message is printed as it is, and the CLI exits with `code`. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const why = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : "cannot be read";
    throw new Refusal(`${path} ${why}.`, 1);
  }
}

/** Reads the saved answers of `dir`: the files named in FILES, and packages-<offering>.json by offering. */
function readExport(dir: string): RevenueCatExport {
  if (!existsSync(dir))
    throw new Refusal(`${dir} does not exist: give the folder the answers were saved in.`, 1);
  const missing = REQUIRED.filter((name) => !existsSync(join(dir, FILES[name])));
  if (missing.length > 0) {
    throw new Refusal(
      `${dir} lacks ${missing.map((name) => FILES[name]).join(", ")}: save those API answers there first.`,
      1,
    );
  }
  const read = (name: keyof typeof FILES) => {
    const path = join(dir, FILES[name]);
    return existsSync(path) ? readJson(path) : undefined;
  };
  const packages: Record<string, unknown> = {};
  for (const file of readdirSync(dir)) {
    const offering = /^packages-(.+)\.json$/.exec(file)?.[1];
    if (offering) packages[offering] = readJson(join(dir, file));
  }
  return {
    project: read("project"),
    apps: read("apps"),
    products: read("products"),
    entitlements: read("entitlements"),
    offerings: read("offerings"),
    paywalls: read("paywalls"),
    virtualCurrencies: read("virtualCurrencies"),
    prices: read("prices") as Record<string, PriceInput> | undefined,
    ...(Object.keys(packages).length > 0 ? { packages } : {}),
  };
}

/**
 * Runs `from-revenuecat` with its arguments (after the command's name): prints the catalogue as JSON on standard
 * output and each note on standard error, and resolves with the exit code (2 for a usage mistake, 1 when the saved
 * project cannot become a valid catalogue).
 *
 * @example
 * process.exitCode = fromRevenueCatCommand(["./rc", "--project", "shop", "--key", "rcb_sb_shop"]);
 */
export function fromRevenueCatCommand(args: string[], usage: string): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        project: { type: "string" },
        key: { type: "string", multiple: true },
        app: { type: "string" },
        currency: { type: "string" },
        "app-name": { type: "string" },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || !values.project || !values.key?.length) {
    console.error(`from-revenuecat needs the folder, --project and at least one --key.\n${usage}`);
    return 2;
  }
  try {
    const dir = resolve(positionals[0]!);
    const { catalogue, notes } = catalogueFromRevenueCat(readExport(dir), {
      projectId: values.project,
      apiKeys: values.key,
      ...(values.app ? { appId: values.app } : {}),
      ...(values.currency ? { currency: values.currency } : {}),
      ...(values["app-name"] ? { appName: values["app-name"] } : {}),
    });
    for (const note of notes) console.error(`note: ${note}`);
    try {
      parseCatalogue(catalogue);
    } catch (error) {
      throw new Refusal(
        `The catalogue made from ${dir} is not valid; fix the saved answers or the options. ${error instanceof Error ? error.message : String(error)}`,
        1,
      );
    }
    console.log(JSON.stringify({ $schema: SCHEMA_IN_NODE_MODULES, ...catalogue }, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      console.error(error.message);
      return error.code;
    }
    if (error instanceof RevenueCatImportError) {
      console.error(`The RevenueCat project cannot be converted: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
