import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseCatalogue, type Catalogue } from "./catalogue-schema.js";

/** The Realmheart catalogue shipped with the server. */
export const defaultCataloguePath = fileURLToPath(new URL("./realmheart.json", import.meta.url));

/** Reads and validates a catalogue JSON file. */
export async function loadCatalogueFile(path: string = defaultCataloguePath): Promise<Catalogue> {
  return parseCatalogue(JSON.parse(await readFile(path, "utf8")));
}
