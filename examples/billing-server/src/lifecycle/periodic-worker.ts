/** A job run every so often in this process. */
export interface PeriodicWorker<T> {
  /** One pass now; a pass already running is joined, not doubled. Null when the pass failed. */
  tick(): Promise<T | null>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`. Passes never overlap within a process (across processes the jobs' own row
 * claims keep them apart); a failed pass goes to `onError` and the next one tries again; the timer does not keep
 * the process alive. Nothing is held between passes: a restart picks up where the database says.
 *
 * @example
 * const worker = startPeriodicWorker(60_000, () => runRenewals(ctx), (error) => log.error({ error }, "failed"));
 * await worker.stop();
 */
export function startPeriodicWorker<T>(
  intervalMs: number,
  pass: () => Promise<T>,
  onError: (error: unknown) => void,
): PeriodicWorker<T> {
  let running: Promise<T | null> | null = null;
  const tick = () => {
    running ??= pass()
      .catch((error: unknown) => {
        onError(error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
