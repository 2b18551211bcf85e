// `purchases-billing-server secret-key …`: make, list and revoke the secret keys of a project's servers (issue #48).
import { parseArgs } from "node:util";
import type { CliEnv } from "./cli-env.js";
import { cliActor, openCliDatabase } from "./cli-database.js";
import { SECRET_KEY_SCOPES, parseScopes } from "./access/secret-key-scopes.js";
import {
  SecretKeyError,
  createSecretKey,
  listSecretKeys,
  revokeSecretKey,
  type SecretKeyListing,
} from "./access/secret-keys.js";

export const SECRET_KEY_USAGE = `Usage: purchases-billing-server secret-key <command>
  create --project ID [--scope SCOPE …] [--name NAME] [--expires-in DAYS]
                 Makes a secret key (sk_…) for the project's own servers and prints it on the last line, this once
                 (only its hash is kept). Without --scope it holds every scope. Scopes: ${SECRET_KEY_SCOPES.join(", ")}, all.
  list [--project ID]
                 Lists the keys (never the keys themselves): id, start, scopes, state, last use.
  revoke ID      Revokes a key by its id (key_…): it is refused from then on.
They use DATABASE_URL's database, else the PGlite directory DATA_DIR (./data/billing); PGlite is one process's:
stop the server before running them on it.`;

const DAY_MS = 86_400_000;

function describeKey(k: SecretKeyListing, now: Date): string {
  const state = k.revokedAt
    ? `revoked ${k.revokedAt.toISOString()}`
    : k.expiresAt && k.expiresAt <= now
      ? `expired ${k.expiresAt.toISOString()}`
      : k.expiresAt
        ? `active until ${k.expiresAt.toISOString()}`
        : "active";
  const used = k.lastUsedAt ? `last used ${k.lastUsedAt.toISOString()}` : "never used";
  const name = k.name ? ` "${k.name}"` : "";
  return `${k.id} ${k.prefix}… project ${k.projectId}${name} [${k.scopes.join(" ")}] ${state}, ${used}`;
}

/**
 * Runs `secret-key <command> …` and resolves with the exit code: what it did on standard output (a new key on the
 * last line), a refusal on standard error.
 *
 * @example
 * process.exitCode = await secretKeyCommand(["create", "--project", "realmheart", "--scope", "customers:read"], env);
 */
export async function secretKeyCommand(args: string[], env: CliEnv): Promise<number> {
  const [command, ...rest] = args;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: command === "revoke",
      strict: true,
      options: {
        project: { type: "string" },
        scope: { type: "string", multiple: true },
        name: { type: "string" },
        "expires-in": { type: "string" },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${SECRET_KEY_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const now = new Date();

  if (command === "create") {
    if (!values.project) {
      console.error(`secret-key create needs --project ID.\n${SECRET_KEY_USAGE}`);
      return 2;
    }
    const scopes = parseScopes(values.scope ?? ["all"]);
    if (!scopes.ok) {
      console.error(
        `Unknown scope ${scopes.unknown.map((s) => `"${s}"`).join(", ")}: the scopes are ${SECRET_KEY_SCOPES.join(", ")} and all.`,
      );
      return 2;
    }
    const days = values["expires-in"];
    if (days !== undefined && !/^[1-9]\d{0,4}$/.test(days)) {
      console.error(`--expires-in takes a number of days from 1 to 99999; got "${days}".`);
      return 2;
    }
    if (values.name !== undefined && (values.name.length === 0 || values.name.length > 100)) {
      console.error("--name takes 1 to 100 characters.");
      return 2;
    }
    const database = await openCliDatabase(env, "cannot create the secret key");
    try {
      const { key, listing } = await createSecretKey(database.db, {
        projectId: values.project,
        scopes: scopes.scopes,
        name: values.name ?? null,
        expiresAt: days ? new Date(now.getTime() + Number(days) * DAY_MS) : null,
        actor: cliActor(),
        now,
      });
      console.log(`Created ${describeKey(listing, now)}.`);
      console.log("Keep it secret: it is shown this once. The key:");
      console.log(key);
      return 0;
    } catch (error) {
      if (error instanceof SecretKeyError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    } finally {
      await database.close();
    }
  }

  if (
    command === "list" &&
    positionals.length === 0 &&
    !values.scope &&
    !values.name &&
    !values["expires-in"]
  ) {
    const database = await openCliDatabase(env, "cannot list the secret keys");
    try {
      const keys = await listSecretKeys(database.db, values.project);
      if (keys.length === 0) console.log("There are no secret keys.");
      for (const k of keys) console.log(describeKey(k, now));
      return 0;
    } finally {
      await database.close();
    }
  }

  if (command === "revoke" && positionals.length === 1 && Object.keys(values).length === 0) {
    const database = await openCliDatabase(env, "cannot revoke the secret key");
    try {
      const revoked = await revokeSecretKey(database.db, positionals[0]!, { actor: cliActor(), now });
      if (!revoked) {
        console.error(`There is no secret key ${positionals[0]}: its id starts key_ (see secret-key list).`);
        return 1;
      }
      console.log(`Revoked ${describeKey(revoked, now)}.`);
      return 0;
    } finally {
      await database.close();
    }
  }

  console.error(SECRET_KEY_USAGE);
  return 2;
}
