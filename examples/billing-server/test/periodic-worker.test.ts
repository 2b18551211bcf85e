import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicWorker, type PeriodicWorker } from "../src/lifecycle/periodic-worker.js";

/** A pass that waits until the test lets it finish. */
function heldPass() {
  const releases: (() => void)[] = [];
  let calls = 0;
  const pass = () => {
    calls++;
    return new Promise<number>((resolve) => releases.push(() => resolve(calls)));
  };
  return { pass, calls: () => calls, release: () => releases.shift()?.() };
}

describe("startPeriodicWorker", () => {
  let worker: PeriodicWorker<unknown> | null = null;
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });

  it("joins a pass already running instead of starting a second one", async () => {
    const held = heldPass();
    worker = startPeriodicWorker(60_000, held.pass, () => {});
    const first = worker.tick();
    const second = worker.tick();
    expect(second).toBe(first);
    expect(held.calls()).toBe(1);
    held.release();
    await expect(first).resolves.toBe(1);
    const third = worker.tick();
    expect(held.calls()).toBe(2);
    held.release();
    await expect(third).resolves.toBe(2);
  });

  it("hands a failed pass to onError, answers null, and runs the next pass", async () => {
    const errors: unknown[] = [];
    let fail = true;
    worker = startPeriodicWorker(
      60_000,
      async () => {
        if (fail) throw new Error("database down");
        return "ok";
      },
      (error) => errors.push(error),
    );
    await expect(worker.tick()).resolves.toBeNull();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("database down");
    fail = false;
    await expect(worker.tick()).resolves.toBe("ok");
    expect(errors).toHaveLength(1);
  });

  it("runs by itself every interval", async () => {
    let passes = 0;
    worker = startPeriodicWorker(
      10,
      async () => ++passes,
      () => {},
    );
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3), { timeout: 5000 });
  });

  it("stops its timer and waits for the pass in progress", async () => {
    const held = heldPass();
    const local = startPeriodicWorker(10, held.pass, () => {});
    await vi.waitFor(() => expect(held.calls()).toBe(1), { timeout: 5000 });
    let stopped = false;
    const stopping = local.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.calls()).toBe(1);
  });
});
