// Realmheart under measurement: the built server as an operator runs it, the bare Fastify baseline every server
// figure is divided by, and a throwaway PostgreSQL database per run (other test runs use the `test` database
// concurrently). Both servers start through the SDK benches' startNodeServer, which also cleans up after a crash.
import { join } from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startNodeServer } from "../../../../bench/support/processes.mjs";
import { ROOT } from "../../../../bench/support/report.mjs";
import { SERVER_NODE_FLAGS } from "../../node-flags.mjs";

export const APP_MAIN = join(ROOT, "examples/fantasy-chat/dist/server/main.js");
/** The PostgreSQL the test suites use; a run creates its own database on it. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The bare Fastify hello-world baseline (hello-server.mjs beside this file). */
export function startHelloServer() {
  return startNodeServer(join(ROOT, "examples/fantasy-chat/bench/support/hello-server.mjs"), {}, "/");
}

/**
 * A mail sink on loopback: production mode requires SMTP_URL, and the benches' sign-ups send verification mails,
 * which are accepted and dropped here. Started once per bench process.
 */
let mailSink = null;
async function mailSinkUrl() {
  if (!mailSink) {
    mailSink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => callback());
      },
    });
    await new Promise((resolve) => mailSink.listen(0, "127.0.0.1", resolve));
    mailSink.server.unref();
  }
  return `smtp://127.0.0.1:${mailSink.server.address().port}`;
}

/** The shared secret the bench signs billing webhooks with (passed to the app as BILLING_WEBHOOK_SECRET). */
export const BILLING_WEBHOOK_SECRET = "bench-billing-webhook-secret-0123456789";

/**
 * The built Realmheart server in production mode on a fresh data directory; `databaseUrl` null means PGlite.
 * `onOutput` as for {@link startNodeServer}; `nodeArgs` go after the server's own flags (node-flags.mjs); `main` is
 * the server's entry (another build's, to compare).
 */
export async function startAppServer({
  databaseUrl = null,
  env = {},
  onOutput,
  nodeArgs,
  main = APP_MAIN,
} = {}) {
  const smtpUrl = await mailSinkUrl();
  return startNodeServer(
    main,
    {
      NODE_ENV: "production",
      // The benches pay through the sandbox gateway and the Test Store key on purpose.
      ALLOW_SANDBOX_PAYMENTS: "true",
      // Production builds return URLs from PUBLIC_URL only, never from the request's Host.
      PUBLIC_URL: "http://127.0.0.1:{port}",
      SMTP_URL: smtpUrl,
      LOG_LEVEL: "warn",
      SESSION_SECRET: "bench-session-secret-bench-session-secret",
      BILLING_WEBHOOK_SECRET,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    "/api/health",
    { onOutput, nodeArgs: [...SERVER_NODE_FLAGS, ...(nodeArgs ?? [])] },
  );
}

/**
 * The built server as the send benches run it, on `database` ("postgres": a database created for it, which `stop`
 * drops; anything else: PGlite), with the send limit lifted so that what they measure is the send itself (the
 * limit's counter is still written on every send). `postgres` is that database (null on PGlite). BENCH_APP_MAIN runs
 * another build's server instead (its dist/server/main.js), to compare.
 */
export async function startSendBenchServer(database) {
  const postgres = database === "postgres" ? await createPostgresDatabase() : null;
  const app = await startAppServer({
    databaseUrl: postgres?.url ?? null,
    env: { SEND_LIMIT_PER_MINUTE: "100000" },
    main: process.env.BENCH_APP_MAIN,
  });
  return {
    ...app,
    postgres,
    stop: async () => {
      await app.stop();
      await postgres?.drop();
    },
  };
}

/** Creates `bench_<pid>_<n>` on the test PostgreSQL (or on the server of `adminUrl`); `drop()` removes it. */
let databases = 0;
export async function createPostgresDatabase(adminUrl = POSTGRES_URL) {
  const name = `bench_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
