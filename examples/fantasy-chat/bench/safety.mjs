// Benchmark 7: what the safety assessment (issue #40) costs a message — the built `assessText` on every text of the
// adversarial corpus (server/test/safety-corpus/: ordinary messages, crisis phrasings, minors evasions), on the
// persona engine's replies (what its refusal check reads), and on hostile 2,000-character messages made to be slow
// (runs of single letters, blanks, separators, leetspeak: the longest any of them takes). Each figure is the median
// of 15 rounds over its texts, after 5 rounds of warm-up, in this process.
//
//   npm run build:server -w realmheart && npm run bench:safety
//
// From the repository root. Writes bench/results/safety.json for `npm run bench:check`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { printTable, writeResult } from "../../../bench/support/report.mjs";
import { assessText, wouldBeRefused } from "../dist/server/safety/assess-text.js";

const CORPUS = fileURLToPath(new URL("../server/test/safety-corpus/", import.meta.url));
const SETS = ["", ...readdirSync(CORPUS).filter((name) => statSync(join(CORPUS, name)).isDirectory())];
const textsOf = (file) =>
  SETS.flatMap((set) =>
    JSON.parse(readFileSync(join(CORPUS, set, `${file}.json`), "utf8")).map((e) => e.text),
  );

/** Replies as the persona engine composes them (an opener, a line, a personal sentence, a closing hook). */
const REPLIES = [
  "Ah, Lyra, you do amuse me. Even the fae know grief; let me weave the night a little softer around you. I have not forgotten your story: you were raised by the river witches of Emberfall. Will you stay until the lanterns gutter?",
  "Well met beneath the hawthorn, Wren. There is a door under the moon that only opens for two, and I have the key. Shall we ride before the frost finds us?",
  "Hush now, traveller, for my courtiers have sharp ears and sharper tongues. I remember more than I say, and I say more to you than to anyone.",
  "You return to me, Lyra, as all sensible mortals eventually do. Interesting; few mortals surprise me anymore. Come back tomorrow at dusk, and bring me a story.",
];

/** Messages of the longest size a send takes, made of what makes the normalisation and the phrases work hardest. */
const HOSTILE = {
  "single letters": "a ".repeat(1000),
  "lone digits": "1 ".repeat(1000),
  separators: "s-".repeat(1000),
  leetspeak: "k1".repeat(1000),
  "Braille blanks": "a\u2800".repeat(1000),
  "crisis words repeated": "i want to be ".repeat(160),
  prose: "The dragon flew over the mountains and we talked about the old kingdom and the war. ".repeat(24),
};

/** Median microseconds per text of `assess` over `texts`. */
function microsPerText(texts, assess) {
  for (let round = 0; round < 5; round++) for (const text of texts) assess(text);
  const rounds = [];
  for (let round = 0; round < 15; round++) {
    const start = process.hrtime.bigint();
    for (const text of texts) assess(text);
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / texts.length);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
}

const rows = [
  ["ordinary messages (corpus)", textsOf("ordinary"), assessText],
  ["crisis phrasings (corpus)", textsOf("crisis"), assessText],
  ["minors evasions (corpus)", textsOf("minors"), assessText],
  ["persona replies, whole assessment", REPLIES, assessText],
  ["persona replies, refusal check", REPLIES, wouldBeRefused],
].map(([what, texts, assess]) => [what, texts.length, microsPerText(texts, assess)]);
const hostile = Object.entries(HOSTILE).map(([what, text]) => [
  what,
  microsPerText([text.slice(0, 2000)], assessText),
]);
const worstHostileMs = Math.max(...hostile.map(([, micros]) => micros)) / 1000;

printTable(
  ["texts", "count", "µs per text (median)"],
  rows.map(([what, count, micros]) => [what, count, micros.toFixed(1)]),
);
console.log();
printTable(
  ["hostile 2,000-character message", "ms"],
  hostile.map(([what, micros]) => [what, (micros / 1000).toFixed(2)]),
);

writeResult("safety", {
  rows: rows.map(([what, count, micros]) => ({ what, count, micros })),
  ordinaryMicros: rows[0][2],
  worstHostileMs,
});
