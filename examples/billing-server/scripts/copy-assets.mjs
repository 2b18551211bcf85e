// Copies what tsc does not emit next to the compiled code: the SQL migrations with the journal the migrator reads
// (not drizzle-kit's snapshots, which only `db:generate` needs), the default catalogue and the catalogue's JSON
// Schema. It also marks the CLI
// executable, so `dist/cli.js` runs as it is as well as through the `bin` link npm makes.
import { chmodSync, cpSync } from "node:fs";
import { basename } from "node:path";

cpSync("src/db/migrations", "dist/db/migrations", {
  recursive: true,
  filter: (source) => !basename(source).endsWith("_snapshot.json"),
});
cpSync("src/catalogue/realmheart.json", "dist/catalogue/realmheart.json");
cpSync("src/catalogue/catalogue.schema.json", "dist/catalogue/catalogue.schema.json");
chmodSync("dist/cli.js", 0o755);
