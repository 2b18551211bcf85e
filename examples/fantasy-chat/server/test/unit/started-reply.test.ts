import { describe, expect, it } from "vitest";
import { startReply } from "../../src/chats/started-reply.js";
import type { ReplyEngine, ReplyRequest } from "../../src/replies/reply-engine.js";

/** An engine that notes when it is asked and what became of its signal, and yields `chunks` one per tick. */
function recordingEngine(chunks: string[]) {
  const seen = { calls: 0, firstAskedAt: -1, signal: null as AbortSignal | null, finished: false };
  let clock = 0;
  const engine: ReplyEngine = {
    async *reply(_request, signal) {
      seen.calls += 1;
      seen.firstAskedAt = clock++;
      seen.signal = signal;
      for (const chunk of chunks) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        signal.throwIfAborted();
        yield chunk;
      }
      seen.finished = true;
    },
  };
  return { engine, seen, tick: () => clock++ };
}

const REQUEST = {} as ReplyRequest;

async function read(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of iterable) out.push(chunk);
  return out;
}

describe("a reply started before its message is stored", () => {
  it("asks the engine at once, before anyone reads it, and gives every chunk in order once read", async () => {
    const { engine, seen, tick } = recordingEngine(["Well ", "met, ", "traveller."]);
    const started = startReply(engine, REQUEST);
    expect(seen.calls).toBe(1);
    expect(seen.firstAskedAt).toBe(0);
    tick();
    expect(await read(started.chunks(new AbortController().signal))).toEqual([
      "Well ",
      "met, ",
      "traveller.",
    ]);
    expect(seen.finished).toBe(true);
    expect(seen.calls).toBe(1);
  });

  it("stops the engine when cancelled (the message was refused), without an unhandled rejection", async () => {
    const { engine, seen } = recordingEngine(["never", "read"]);
    const started = startReply(engine, REQUEST);
    const refusal = new Error("quota_exhausted");
    started.cancel(refusal);
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.signal?.reason).toBe(refusal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.finished).toBe(false);
  });

  it("passes the reader's abort (the client gone, the deadline) on to the engine", async () => {
    const { engine, seen } = recordingEngine(["one ", "two ", "three"]);
    const started = startReply(engine, REQUEST);
    const gone = new AbortController();
    const out: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of started.chunks(gone.signal)) {
          out.push(chunk);
          gone.abort(new Error("client gone"));
        }
      })(),
    ).rejects.toThrow("client gone");
    expect(out).toEqual(["one "]);
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.finished).toBe(false);
  });
});
