// The server's Node flags are spelled in two places a launcher reads: node-flags.mjs (npm start at the root, the
// benches) and the workspace's own `start` script. They must say the same, or one way of starting differs.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../../node-flags.mjs";

describe("the server's Node flags", () => {
  it("are the ones the workspace's start script passes", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.js`);
  });

  it("are accepted by this Node (an unknown flag stops it before the script)", () => {
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-p", "process.execArgv.join(' ')"], {
      encoding: "utf8",
    });
    expect(out.trim().startsWith(SERVER_NODE_FLAGS.join(" "))).toBe(true);
  });
});
