import { fileURLToPath } from "node:url";

// This file is two folders below the package root both as source (server/src/paths.ts) and compiled
// (dist/server/paths.js), so the same relative URL finds the package root from either.
const packageRoot = new URL("../../", import.meta.url);

/** Folders the server reads from, relative to the `realmheart` package. */
export const appPaths = {
  /** The built React client. */
  webDist: fileURLToPath(new URL("web/dist", packageRoot)),
  /** Portraits and other files shipped with the server. */
  public: fileURLToPath(new URL("server/public", packageRoot)),
};
