/** What the CLI was doing when it failed to start. */
export type StartupStage =
  | { step: "catalogue"; path: string; setting?: string }
  | { step: "database"; databaseUrl?: string; dataDir: string }
  | { step: "listen"; host: string; port: number };

/** The first `code` (errno or SQLSTATE) in an error's cause chain or aggregate. */
function codeOf(error: unknown): string | undefined {
  const pending: unknown[] = [error];
  for (
    let next = pending.shift(), seen = 0;
    next !== undefined && seen < 20;
    next = pending.shift(), seen++
  ) {
    if (typeof next !== "object" || next === null) continue;
    const { code, cause, errors } = next as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string") return code;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A PostgreSQL URL without its password, for messages. */
function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "DATABASE_URL";
  }
}

function databaseFailure(stage: Extract<StartupStage, { step: "database" }>, error: unknown): string {
  if (!stage.databaseUrl) {
    return `Cannot open the PGlite database in DATA_DIR ${stage.dataDir}: ${messageOf(error)}.`;
  }
  const where = withoutPassword(stage.databaseUrl);
  switch (codeOf(error)) {
    case "ECONNREFUSED":
      return `Cannot reach PostgreSQL at ${where}: the connection was refused (ECONNREFUSED). Is the database running, and is DATABASE_URL's host and port right?`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `Cannot reach PostgreSQL at ${where}: its host name does not resolve (check DATABASE_URL).`;
    case "ETIMEDOUT":
      return `Cannot reach PostgreSQL at ${where}: the connection timed out.`;
    case "3D000":
      return `The database named in DATABASE_URL (${where}) does not exist: create it first (createdb).`;
    case "28P01":
    case "28000":
      return `PostgreSQL at ${where} refused the user or password of DATABASE_URL.`;
    default:
      return `Cannot open the PostgreSQL database at ${where}: ${messageOf(error)}.`;
  }
}

/**
 * The one sentence the CLI prints (instead of a stack trace) when it cannot start: what failed and why, naming
 * the setting to fix. Passwords in `DATABASE_URL` are never shown.
 *
 * @example
 * describeStartupFailure({ step: "listen", host: "127.0.0.1", port: 4000 }, Object.assign(new Error(), { code: "EADDRINUSE" }));
 * // "Cannot listen on 127.0.0.1:4000: the port is already in use (EADDRINUSE); stop the other server or set PORT."
 */
export function describeStartupFailure(stage: StartupStage, error: unknown): string {
  const code = codeOf(error);
  switch (stage.step) {
    case "catalogue":
      if (code === "ENOENT")
        return `The catalogue file ${stage.path} does not exist (check ${stage.setting ?? "CATALOGUE"}).`;
      if (code === "EACCES") return `The catalogue file ${stage.path} cannot be read (permission denied).`;
      if (error instanceof SyntaxError) {
        return `The catalogue file ${stage.path} is not valid JSON: ${error.message}.`;
      }
      return `The catalogue file ${stage.path} was refused. ${messageOf(error)}`;
    case "database":
      return databaseFailure(stage, error);
    case "listen":
      if (code === "EADDRINUSE") {
        return `Cannot listen on ${stage.host}:${stage.port}: the port is already in use (EADDRINUSE); stop the other server or set PORT.`;
      }
      if (code === "EACCES") {
        return `Cannot listen on ${stage.host}:${stage.port}: permission denied (ports below 1024 need privileges; set PORT).`;
      }
      if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
        return `Cannot listen on ${stage.host}:${stage.port}: this machine has no such address (check HOST).`;
      }
      return `Cannot listen on ${stage.host}:${stage.port}: ${messageOf(error)}.`;
  }
}
