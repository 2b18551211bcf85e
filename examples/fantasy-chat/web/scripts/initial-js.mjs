// The JavaScript a page loads before anything else: the entry chunk of index.html and, transitively, its static
// imports, read from Vite's manifest. Dynamic imports (the other routes, the SDK's checkout) are not counted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * @param {string} distDir the built client (web/dist)
 * @returns {{ files: { file: string, gzip: number, text: string }[], totalGzip: number }}
 */
export function initialJavaScript(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8"));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith("index.html"));
  if (!entry) throw new Error("No index.html entry in the Vite manifest");
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  const files = [...seen]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith(".js"))
    .map((file) => {
      const bytes = readFileSync(join(distDir, file));
      return { file, gzip: gzipSync(bytes, { level: 9 }).length, text: bytes.toString("utf8") };
    });
  return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}
