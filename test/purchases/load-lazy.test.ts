// The SDK's lazy parts (the checkout, the paywall, the customer-info normaliser) are loaded once: callers that ask
// while a part is on its way share its one import and are answered in the order they asked, so that a purchase
// asked for while the checkout's chunk loads is begun before the warm-up that asked first goes on (issue #45's cold
// path: a second import of the same chunk answered a task later, and the warm-up drew its modal meanwhile).
import { describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../../src/index";
import { loadLazy } from "../../src/load-lazy";

/** A load that answers when told to. */
function pending<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { load, answer: (value: T) => answer(value), fail: (error: unknown) => fail(error) };
}

describe("loadLazy", () => {
  it("shares one import between the callers that ask while it loads, answering them in order", async () => {
    const part = { name: "checkout" };
    const { load, answer } = pending<typeof part>();
    const order: string[] = [];
    const first = Promise.resolve(loadLazy("shared part", load)).then((p) => order.push(`first ${p.name}`));
    const second = Promise.resolve(loadLazy("shared part", load)).then((p) => order.push(`second ${p.name}`));
    answer(part);
    await Promise.all([first, second]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(order).toEqual(["first checkout", "second checkout"]);
    // Once loaded, the part itself is returned, without a promise to wait for.
    expect(loadLazy("shared part", load)).toBe(part);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a part that could not be fetched is a NetworkError naming it for every waiting caller, and is tried again", async () => {
    const { load, fail, answer } = pending<string>();
    const waiting = [loadLazy("failing part", load), loadLazy("failing part", load)];
    fail(new TypeError("Failed to fetch dynamically imported module"));
    for (const call of waiting) {
      await expect(call).rejects.toMatchObject({
        errorCode: ErrorCode.NetworkError,
        message: expect.stringContaining("The failing part could not be loaded."),
      });
    }
    expect(load).toHaveBeenCalledTimes(1);
    const retry = loadLazy("failing part", load);
    expect(load).toHaveBeenCalledTimes(2);
    answer("loaded");
    await expect(retry).resolves.toBe("loaded");
  });
});
