// Whether a server's memory stayed flat across a run, from RSS samples taken at regular intervals. RSS moves in a
// sawtooth as V8 and PGlite collect, so single samples (start, end) mislead: the verdict compares medians of
// windows after the warm-up, and fits a line to everything after the warm-up. (A fit over a shorter window, such
// as the second half, follows the sawtooth: on PostgreSQL the server's RSS rises ~30 MiB between full collections
// a few minutes apart, and a 5-minute fit read that rise as a trend of 6 MiB/min while the heap stayed flat.)

/** How much the median RSS may grow from the warm window to the final window before it counts as a leak. */
export const MEMORY_GROWTH_LIMIT_MIB = 64;
/** How steep the RSS trend after the warm-up may be: growth that the two medians happen to miss is a leak too. */
export const MEMORY_SLOPE_LIMIT_MIB_PER_MIN = 5;

const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Least-squares slope of `points` ({x, y}); 0 for fewer than two distinct x. */
function slope(points) {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  const sxy = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/**
 * Summarises RSS `samples` ({atS, rss in bytes}) of a run lasting `durationS`: the warm window is the run's second
 * tenth (minute 2 of a 10-minute run: sign-ups and first chats are over), the final window its last tenth. Flat
 * means both: the final window's median is at most {@link MEMORY_GROWTH_LIMIT_MIB} above the warm window's, and the
 * least-squares slope from the warm window's start to the end is at most {@link MEMORY_SLOPE_LIMIT_MIB_PER_MIN}.
 * (The slope catches growth the medians miss when the warm window was inflated, e.g. by PGlite's initdb peak
 * before it is returned.)
 *
 * @example
 * memoryTrend([{ atS: 0, rss: 5e8 }, …], 600); // → { warmMedianMiB, finalMedianMiB, growthMiB, slopeMiBPerMin, flat, … }
 */
export function memoryTrend(samples, durationS) {
  const within = (from, to) => samples.filter((s) => s.atS >= from && s.atS <= to).map((s) => s.rss);
  const warm = within(durationS * 0.1, durationS * 0.2);
  const final = within(durationS * 0.9, durationS);
  const afterWarmUp = samples.filter((s) => s.atS >= durationS * 0.1);
  const warmMedian = median(warm);
  const finalMedian = median(final);
  const growthMiB = mib(finalMedian - warmMedian);
  const slopeMiBPerMin = mib(slope(afterWarmUp.map((s) => ({ x: s.atS / 60, y: s.rss }))));
  const all = samples.map((s) => s.rss);
  return {
    samples: samples.length,
    startMiB: mib(all[0]),
    endMiB: mib(all.at(-1)),
    minMiB: mib(Math.min(...all)),
    maxMiB: mib(Math.max(...all)),
    warmMedianMiB: mib(warmMedian),
    finalMedianMiB: mib(finalMedian),
    growthMiB,
    slopeMiBPerMin,
    limitMiB: MEMORY_GROWTH_LIMIT_MIB,
    slopeLimitMiBPerMin: MEMORY_SLOPE_LIMIT_MIB_PER_MIN,
    flat:
      warm.length > 0 &&
      final.length > 0 &&
      growthMiB <= MEMORY_GROWTH_LIMIT_MIB &&
      slopeMiBPerMin <= MEMORY_SLOPE_LIMIT_MIB_PER_MIN,
  };
}
