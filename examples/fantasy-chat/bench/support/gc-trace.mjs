// The V8 heap of a server started with `--trace-gc`, read from its own trace: the heap left after each full
// (mark-compact) collection is what the program still holds, so its trend tells a leak from the collector's rhythm,
// which RSS alone cannot (RSS also holds freed pages V8 has not returned, and, on PGlite, the WebAssembly memory).

/** The Node flag (an argument before the script: NODE_OPTIONS refuses it) that prints what {@link GcTrace} reads. */
export const TRACE_GC_OPTION = "--trace-gc";

const TRACE_LINE = /: (?:Scavenge|Mark-Compact|Mark-Sweep|Minor Mark-Sweep|Minor Mark-Compact)\b/;
const FULL_COLLECTION =
  /: Mark-(?:Compact|Sweep)(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/**
 * Whether `line` is a `--trace-gc` line (to leave out of a server log shown to a person).
 *
 * @example
 * log.split("\n").filter((line) => !isGcTraceLine(line));
 */
export function isGcTraceLine(line) {
  return TRACE_LINE.test(line);
}

/**
 * Collects the heap after each full collection from a server's output, fed chunk by chunk (lines may be split
 * across chunks). `samples` are `{ atS, rss }` with the heap in bytes under `rss`, so that `memoryTrend` reads
 * them as it reads RSS samples; `atS` is when the line arrived, from `startedAt` (a `performance.now()` time).
 *
 * @example
 * const trace = new GcTrace();
 * startAppServer({ nodeArgs: [TRACE_GC_OPTION], onOutput: (chunk) => trace.feed(chunk) });
 */
export class GcTrace {
  constructor() {
    this.startedAt = performance.now();
    this.pending = "";
    this.samples = [];
  }

  /** Restarts the clock, and forgets what was collected so far (the server's start-up). */
  restart() {
    this.startedAt = performance.now();
    this.samples = [];
  }

  feed(chunk) {
    const lines = (this.pending + chunk).split("\n");
    this.pending = lines.pop() ?? "";
    for (const line of lines) {
      const full = FULL_COLLECTION.exec(line);
      if (full) {
        const atS = Math.round((performance.now() - this.startedAt) / 100) / 10;
        this.samples.push({ atS, rss: Number(full[1]) * 2 ** 20 });
      }
    }
  }
}
