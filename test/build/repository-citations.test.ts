import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./built-package";

/** The repository's own files (a fresh clone has exactly these); binary files are skipped by their extension. */
function trackedTextFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((path) => path !== "" && !/\.(png|webp|jpe?g|gif|ico|woff2?)$/.test(path))
    .filter((path) => path !== "package-lock.json" && existsSync(join(ROOT, path)));
}

const SELF = "test/build/repository-citations.test.ts";

/** Documents that lived beside the repository while it was young; nothing may point at them any more. */
const OUTSIDE_DOCUMENT =
  /shared\/(?:spec|ARCHITECTURE|STYLE)|\b(?:billing|app)\.md\b|\b(?:STYLE|ARCHITECTURE)\.md\b/;

describe("documents the repository cites", () => {
  const files = trackedTextFiles().filter((path) => path !== SELF);

  it("never names a document outside the repository", () => {
    const offenders = files.flatMap((path) =>
      readFileSync(join(ROOT, path), "utf8")
        .split("\n")
        .flatMap((line, index) =>
          OUTSIDE_DOCUMENT.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("names only docs/*.md files that exist", () => {
    const missing = files.flatMap((path) =>
      [...readFileSync(join(ROOT, path), "utf8").matchAll(/\bdocs\/([\w-]+\.md)/g)]
        .map((match) => `docs/${match[1]}`)
        .filter((cited) => !existsSync(join(ROOT, cited)))
        .map((cited) => `${path} cites ${cited}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
