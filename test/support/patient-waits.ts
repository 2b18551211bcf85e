// `vi.waitFor` gives up after 1 s by default. Loading a lazy chunk (the widget, a locale) can take longer than that
// when the machine is busy with other suites, which made waits on a dialog fail that would have passed a moment
// later. Every wait keeps its condition; only the default deadline is longer. An explicit timeout still wins.
import { vi } from "vitest";

const DEFAULT_TIMEOUT_MS = 5_000;
const waitFor = vi.waitFor;

vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(
    callback,
    typeof options === "number" ? options : { timeout: DEFAULT_TIMEOUT_MS, ...options },
  )) as typeof vi.waitFor;
