import type { Server } from "node:http";
import type { ReplyEngine } from "../server/src/replies/reply-engine.js";
import type { PersonaEngineOptions } from "../server/src/replies/persona-engine.js";

export interface FirstChunkSamples {
  serverMs: number[];
  engineMs: number[];
}
export interface FirstChunkProbe {
  samples: FirstChunkSamples;
  attach(httpServer: Server): void;
  engine: ReplyEngine;
}
export function median(values: readonly number[]): number;
export function firstChunkProbe(
  createPersonaEngine: (options?: PersonaEngineOptions) => ReplyEngine,
): FirstChunkProbe;
export function runFirstChunkBench(options: {
  url: string;
  probe: FirstChunkProbe;
  markPremium: (userId: string) => Promise<unknown>;
  runs?: number;
}): Promise<FirstChunkSamples & { clientMs: number[] }>;
