// Issue #40: the adversarial corpus (test/safety-corpus/, written without reading the rules): crisis phrasings that
// must get the crisis reply, requests involving minors that must be refused, and ordinary messages that must pass.
// Figures per family are printed; docs/security.md quotes them.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assessText, type SafetyAssessment } from "../../src/safety/assess-text.js";

interface CorpusEntry {
  family: string;
  language: string;
  text: string;
}

const ROOT = new URL("../safety-corpus/", import.meta.url).pathname;
/** Each set of the corpus: the first one written, and the held-out ones written after it. */
const SETS = [
  "",
  ...readdirSync(ROOT)
    .filter((name) => statSync(join(ROOT, name)).isDirectory())
    .sort(),
];

const KINDS = [
  { file: "crisis", expected: "crisis", measure: "recall" },
  { file: "minors", expected: "refused", measure: "recall" },
  { file: "ordinary", expected: "ok", measure: "false assessments" },
] as const satisfies ReadonlyArray<{ file: string; expected: SafetyAssessment["verdict"]; measure: string }>;

function load(set: string, file: string): CorpusEntry[] {
  return JSON.parse(readFileSync(join(ROOT, set, `${file}.json`), "utf8")) as CorpusEntry[];
}

/** Per family: how many entries, and how many the assessment got right. */
function figures(entries: readonly CorpusEntry[], expected: SafetyAssessment["verdict"]) {
  const byFamily = new Map<string, { total: number; right: number; wrong: string[] }>();
  for (const entry of entries) {
    const family = byFamily.get(entry.family) ?? { total: 0, right: 0, wrong: [] };
    family.total += 1;
    if (assessText(entry.text).verdict === expected) family.right += 1;
    else family.wrong.push(entry.text);
    byFamily.set(entry.family, family);
  }
  const total = entries.length;
  const right = [...byFamily.values()].reduce((sum, family) => sum + family.right, 0);
  return { byFamily, total, right };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

describe("the safety assessment on the adversarial corpus", () => {
  it("holds at least 150 crisis phrasings, 150 minors evasions and 200 ordinary messages, every listed language", () => {
    const all = (file: string) => SETS.flatMap((set) => load(set, file));
    expect(all("crisis").length).toBeGreaterThanOrEqual(150);
    expect(all("minors").length).toBeGreaterThanOrEqual(150);
    expect(all("ordinary").length).toBeGreaterThanOrEqual(200);
    const languages = new Set(all("crisis").map((entry) => entry.language));
    for (const language of ["en", "af", "zu", "xh", "es", "pt", "fr", "de"])
      expect(languages).toContain(language);
  });

  describe.each(SETS.map((set) => [set === "" ? "first set" : set, set] as const))("%s", (_name, set) => {
    it.each(KINDS)(
      "$file: at least 95 % recall, or at most 1 % of ordinary messages assessed otherwise",
      ({ file, expected, measure }) => {
        const { byFamily, total, right } = figures(load(set, file), expected);
        const wrong = total - right;
        const lines = [...byFamily].map(
          ([family, f]) =>
            `  ${family.padEnd(18)} ${String(f.right).padStart(3)}/${String(f.total).padEnd(3)}`,
        );
        const headline =
          measure === "recall"
            ? `${file}: recall ${percent(right, total)} (${right}/${total})`
            : `${file}: false assessments ${percent(wrong, total)} (${wrong}/${total})`;
        console.log(`[safety corpus ${set || "first set"}] ${headline}\n${lines.join("\n")}`);
        const misses = [...byFamily.values()].flatMap((f) => f.wrong);
        if (measure === "recall") expect(right / total, misses.join("\n")).toBeGreaterThanOrEqual(0.95);
        else expect(wrong / total, misses.join("\n")).toBeLessThanOrEqual(0.01);
      },
    );
  });
});
