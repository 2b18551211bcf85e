// The standalone CLI, as an operator runs it: the built dist/cli.js on an embedded database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCliEnv } from "../src/cli-env.js";
import { runCli, startCli } from "./support/cli-process.js";

/** The output is one line naming the cause, without a stack trace. */
function expectOneSentence(output: string, cause: RegExp) {
  const lines = output.trim().split("\n");
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(/^purchases-billing-server cannot start\. /);
  expect(lines[0]).toMatch(cause);
  expect(output).not.toMatch(/\n\s+at /);
}

describe("ALLOWED_ORIGINS", () => {
  const origins = (value: string) => {
    const parsed = parseCliEnv({ ALLOWED_ORIGINS: value });
    return parsed.ok ? parsed.env.ALLOWED_ORIGINS : parsed.message;
  };

  it("reads origins separated by commas, normalised as browsers send them", () => {
    expect(origins("https://app.example/, http://localhost:5173 ,https://App.Example:443")).toEqual([
      "https://app.example",
      "http://localhost:5173",
      "https://app.example",
    ]);
    expect(origins("*")).toBeNull();
    expect(origins("")).toBeUndefined();
  });

  it("refuses a URL with a path, a query or credentials, another scheme, or no origin at all, naming the value", () => {
    for (const value of [
      "https://app.example/app",
      "https://app.example?x=1",
      "https://u:p@app.example",
      "ftp://app.example",
      "app.example",
      ",",
    ]) {
      expect(origins(value), value).toMatch(/^Invalid configuration:\n- ALLOWED_ORIGINS/);
    }
    expect(origins("https://app.example/app")).toContain('"https://app.example/app" is not an origin');
  });

  it("refuses a wildcard origin, which would never match a page, naming what to write instead", () => {
    for (const value of ["https://*.example.com", "https://app.example, http://*.test:5173"]) {
      expect(origins(value), value).toMatch(
        /^Invalid configuration:\n- ALLOWED_ORIGINS.*has a wildcard, which origins cannot have: list each origin .*, or \* alone for any/,
      );
    }
    expect(origins("*")).toBeNull();
  });
});

describe("SMTP_URL and MAIL_FROM", () => {
  const parse = (env: Record<string, string>) => {
    const parsed = parseCliEnv(env);
    return parsed.ok ? parsed.env : parsed.message;
  };
  const url = "smtps://billing:hunter2-smtp@smtp.example.com:465";

  it("reads an SMTP server and its sender together", () => {
    expect(
      parse({ SMTP_URL: url, MAIL_FROM: " Realmheart Billing <billing@realmheart.example> " }),
    ).toMatchObject({
      SMTP_URL: url,
      MAIL_FROM: "Realmheart Billing <billing@realmheart.example>",
    });
    expect(
      parse({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "billing@realmheart.example" }),
    ).toMatchObject({
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    // Empty means unset, as for the other variables.
    const empty = parse({ SMTP_URL: "", MAIL_FROM: "" });
    expect(typeof empty === "object" && [empty.SMTP_URL, empty.MAIL_FROM]).toEqual([undefined, undefined]);
  });

  it("refuses one without the other, another scheme and a sender that is not an address, never echoing the URL", () => {
    expect(parse({ SMTP_URL: url })).toBe(
      "Invalid configuration:\n- MAIL_FROM: SMTP_URL and MAIL_FROM go together",
    );
    expect(parse({ MAIL_FROM: "billing@realmheart.example" })).toBe(
      "Invalid configuration:\n- SMTP_URL: SMTP_URL and MAIL_FROM go together",
    );
    const https = parse({
      SMTP_URL: "https://billing:hunter2-smtp@smtp.example.com",
      MAIL_FROM: "b@realmheart.example",
    });
    expect(https).toMatch(/^Invalid configuration:\n- SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/);
    expect(https).not.toContain("hunter2");
    expect(parse({ SMTP_URL: url, MAIL_FROM: "billing" })).toMatch(/- MAIL_FROM: a sender address/);
  });

  it("stops the CLI with the message, before it opens anything", async () => {
    const { code, output } = await runCli([], {
      SMTP_URL: url,
      DATA_DIR: join(tmpdir(), "billing-cli-never"),
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe("Invalid configuration:\n- MAIL_FROM: SMTP_URL and MAIL_FROM go together");
  });
});

describe("TEST_STORE", () => {
  const parse = (env: Record<string, string>) => {
    const parsed = parseCliEnv(env);
    return parsed.ok ? parsed.env.TEST_STORE : parsed.message;
  };

  it("reads on and off, leaves it unset when empty, and refuses anything else", () => {
    expect(parse({ TEST_STORE: "on" })).toBe("on");
    expect(parse({ TEST_STORE: "off" })).toBe("off");
    expect(parse({ TEST_STORE: "" })).toBeUndefined();
    expect(parse({ TEST_STORE: "yes" })).toBe("Invalid configuration:\n- TEST_STORE: on or off");
  });

  it("keeps Test Store keys off on NODE_ENV=production, saying so at start, and turns them on with TEST_STORE=on", async () => {
    for (const [testStore, status, line] of [
      [undefined, 401, "Test Store keys (test_…) are off"],
      ["on", 200, "Test Store keys (test_…) are on"],
    ] as const) {
      const dataDir = mkdtempSync(join(tmpdir(), "billing-cli-test-store-"));
      const cli = await startCli({
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: dataDir,
        ...(testStore ? { TEST_STORE: testStore } : {}),
      });
      try {
        expect(cli.output()).toContain(line);
        const answer = await fetch(`${cli.url}/v1/subscribers/cli_user`, {
          headers: { authorization: "Bearer test_realmheart_local" },
        });
        expect(answer.status).toBe(status);
      } finally {
        const exited = new Promise((resolve) => cli.child.once("exit", resolve));
        cli.child.kill("SIGTERM");
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    // Two servers each create a PGlite database: on a busy machine that alone can take most of 30 s.
  }, 90_000);
});

describe("purchases-billing-server CLI start-up failures", () => {
  const dir = mkdtempSync(join(tmpdir(), "billing-cli-failures-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names a missing catalogue file", async () => {
    const { code, output } = await runCli([], { CATALOGUE: join(dir, "missing.json"), DATA_DIR: dir });
    expect(code).toBe(1);
    expectOneSentence(output, /catalogue file .*missing\.json does not exist \(check CATALOGUE\)/);
  });

  it("names a catalogue file that is not JSON", async () => {
    const path = join(dir, "broken.json");
    writeFileSync(path, "{ not json");
    const { code, output } = await runCli([], { CATALOGUE: path, DATA_DIR: dir });
    expect(code).toBe(1);
    expectOneSentence(output, /catalogue file .*broken\.json is not valid JSON/);
  });

  it("names a data directory it cannot create, in one sentence without initdb's stack", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "not a directory");
    const { code, output } = await runCli([], { DATA_DIR: join(file, "billing") });
    expect(code).toBe(1);
    expectOneSentence(output, /Cannot open the PGlite database in DATA_DIR .*a-file\/billing: ENOTDIR/);
  });

  it("names a PostgreSQL that refuses connections, without the URL's password", async () => {
    const { code, output } = await runCli([], {
      DATABASE_URL: "postgres://postgres:hunter2@127.0.0.1:1/billing",
    });
    expect(code).toBe(1);
    expectOneSentence(output, /Cannot reach PostgreSQL at .*127\.0\.0\.1:1.*refused \(ECONNREFUSED\)/);
    expect(output).not.toContain("hunter2");
  });

  // Registered only where PostgreSQL is configured (CI sets TEST_DATABASE_URL), as the suites over DATABASES are.
  for (const test of process.env.TEST_DATABASE_URL ? [it] : [])
    test("names a PostgreSQL database that does not exist", async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = "/no_such_billing_database";
      const { code, output } = await runCli([], { DATABASE_URL: url.toString() });
      expect(code).toBe(1);
      expectOneSentence(output, /does not exist: create it first/);
    });

  it("names a port already in use", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const { code, output } = await runCli([], {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: join(dir, "db"),
      });
      expect(code).toBe(1);
      // Fastify logs its own start-up as JSON lines; the failure is the one plain line.
      const plain = output
        .split("\n")
        .filter((line) => line && !line.startsWith("{"))
        .join("\n");
      expectOneSentence(
        plain,
        new RegExp(`127\\.0\\.0\\.1:${port}: the port is already in use \\(EADDRINUSE\\)`),
      );
    } finally {
      taken.close();
    }
    // The server creates its PGlite database before it tries the port: slow on a busy machine.
  }, 60_000);
});

describe("purchases-billing-server CLI", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "billing-cli-"));
  let cli: Awaited<ReturnType<typeof startCli>>;
  beforeAll(async () => {
    cli = await startCli({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PREFIX: "/billing",
      ALLOWED_ORIGINS: "https://app.example/",
      SMTP_URL: "smtp://billing:hunter2-cli-smtp@127.0.0.1:1",
      MAIL_FROM: "Realmheart Billing <billing@realmheart.example>",
    });
  });
  afterAll(() => {
    cli?.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the shipped catalogue under the prefix and never logs the API key or the SMTP password", async () => {
    const response = await fetch(`${cli.url}/billing/v1/subscribers/cli_user/offerings`, {
      headers: { authorization: "Bearer test_realmheart_local" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { current_offering_id: string };
    expect(body.current_offering_id).toBe("default");
    expect(cli.output()).not.toContain("test_realmheart_local");
    expect(cli.output()).not.toContain("hunter2");
  });

  it("serves only ALLOWED_ORIGINS' pages, trailing slash or not, and tells another page why it is refused", async () => {
    const from = (origin: string) =>
      fetch(`${cli.url}/billing/v1/subscribers/cli_user`, {
        headers: { authorization: "Bearer test_realmheart_local", origin },
      });
    const allowed = await from("https://app.example");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const refused = await from("https://elsewhere.example");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 7225,
      message: expect.stringContaining("https://elsewhere.example"),
    });
  });

  it("answers the health checks without a key", async () => {
    expect((await fetch(`${cli.url}/billing/health`)).status).toBe(200);
    expect(await (await fetch(`${cli.url}/billing/health/ready`)).json()).toEqual({
      status: "ready",
      database: "pglite",
    });
  });

  it("logs request paths without their query string", async () => {
    const response = await fetch(
      `${cli.url}/billing/v1/subscribers/query_user/offerings?email=secret-in-query%40example.com`,
      { headers: { authorization: "Bearer test_realmheart_local" } },
    );
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cli.output()).toContain('"url":"/billing/v1/subscribers/query_user/offerings"');
    expect(cli.output()).not.toContain("secret-in-query");
  });

  it("exits cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => cli.child.once("exit", resolve));
    cli.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses an invalid configuration with a clear message", async () => {
    await expect(startCli({ PORT: "not-a-port", DATA_DIR: dataDir })).rejects.toThrow(
      /Invalid configuration[\s\S]*PORT/,
    );
  });
});
