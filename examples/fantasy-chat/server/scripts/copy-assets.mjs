// Copies what tsc does not emit (the SQL migrations) next to the compiled server.
import { cpSync } from "node:fs";

const root = new URL("../../", import.meta.url);
cpSync(new URL("server/src/db/migrations", root), new URL("dist/server/db/migrations", root), {
  recursive: true,
});
