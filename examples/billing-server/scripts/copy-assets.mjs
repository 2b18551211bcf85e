// Copies what tsc does not emit (SQL migrations, the default catalogue) next to the compiled code.
import { cpSync } from "node:fs";

cpSync("src/db/migrations", "dist/db/migrations", { recursive: true });
cpSync("src/catalogue/realmheart.json", "dist/catalogue/realmheart.json");
