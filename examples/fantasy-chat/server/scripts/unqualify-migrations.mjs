// drizzle-kit writes `"public".` before referenced tables; the app runs its migrations in whatever schema the
// connection's search_path names (one per test server, or a deployment's own), so the qualifier is removed.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const dir = new URL("../src/db/migrations/", import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
  const path = new URL(file, dir);
  const sql = readFileSync(path, "utf8");
  const unqualified = sql.replaceAll('"public".', "");
  if (unqualified !== sql) writeFileSync(path, unqualified);
}
