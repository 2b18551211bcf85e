// drizzle-kit writes `"public".` before referenced tables; the server runs its migrations in whatever schema
// the connection's search_path names (one per test file, or a host app's own), so the qualifier is removed.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const dir = "src/db/migrations";
for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
  const path = `${dir}/${file}`;
  const sql = readFileSync(path, "utf8");
  const unqualified = sql.replaceAll('"public".', "");
  if (unqualified !== sql) writeFileSync(path, unqualified);
}
