// The catalogue's versions (issue #46): the database is the source of truth. A catalogue becomes a new version only
// by an explicit import (the CLI's `catalogue import`, an app's own call, or the first start of an empty database);
// a server started with a file that differs serves the database's version and says so.
import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { catalogueVersions } from "../db/schema.js";
import type { Catalogue } from "./catalogue-schema.js";
import { seedCatalogue } from "./seed-catalogue.js";
import { recordAudit } from "../access/audit-log.js";

/** A version of the catalogue as the database keeps it, without its document. */
export interface CatalogueVersion {
  version: number;
  digest: string;
  source: string;
  actor: string;
  createdAt: Date;
}

/** Where an import comes from and who asks for it, as the version records them. */
export interface CatalogueImportOrigin {
  /** "file /srv/catalogue.json", "the shipped Realmheart catalogue"… */
  source: string;
  /** "cli alice@billing-1", "billing server start", an app's name… */
  actor: string;
}

/** What an import did: the version now served, and whether the import made it. */
export interface CatalogueImport {
  version: CatalogueVersion;
  changed: boolean;
}

/** Serialises with object keys sorted, so that equal catalogues give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The SHA-256 (hex) of a validated catalogue's canonical JSON: two catalogues with the same content have the same
 * digest, whatever the order of their keys.
 *
 * @example
 * catalogueDigest(await loadCatalogueFile()); // "3f0c…"
 */
export function catalogueDigest(catalogue: Catalogue): string {
  return createHash("sha256").update(canonicalJson(catalogue)).digest("hex");
}

const versionColumns = {
  version: catalogueVersions.version,
  digest: catalogueVersions.digest,
  source: catalogueVersions.source,
  actor: catalogueVersions.actor,
  createdAt: catalogueVersions.createdAt,
};

/**
 * The version the database serves (its newest), or null when no catalogue was ever imported.
 *
 * @example
 * const current = await currentCatalogueVersion(database.db); // { version: 3, digest, source, actor, createdAt }
 */
export async function currentCatalogueVersion(db: BillingDb): Promise<CatalogueVersion | null> {
  const [row] = await db
    .select(versionColumns)
    .from(catalogueVersions)
    .orderBy(desc(catalogueVersions.version))
    .limit(1);
  return row ?? null;
}

/**
 * Every version, newest first.
 *
 * @example
 * for (const v of await catalogueVersionList(db)) console.log(v.version, v.source);
 */
export function catalogueVersionList(db: BillingDb): Promise<CatalogueVersion[]> {
  return db.select(versionColumns).from(catalogueVersions).orderBy(desc(catalogueVersions.version));
}

/**
 * The document of `version` (the newest when omitted), or null when there is no such version.
 *
 * @example
 * const previous = await catalogueDocument(db, 2);
 */
export async function catalogueDocument(db: BillingDb, version?: number): Promise<Catalogue | null> {
  const [row] = await db
    .select({ document: catalogueVersions.document })
    .from(catalogueVersions)
    .where(version === undefined ? undefined : eq(catalogueVersions.version, version))
    .orderBy(desc(catalogueVersions.version))
    .limit(1);
  return (row?.document as Catalogue | undefined) ?? null;
}

/**
 * Imports a validated catalogue as the newest version and serves it, in one transaction that other imports wait
 * for: keys, products, offerings, virtual currencies and promotion codes become the catalogue's (customers,
 * purchases and sessions are kept), and each of its projects' audit log records the new version. A catalogue equal to the newest version (same digest) adds nothing. With
 * `onlyIfEmpty`, it is imported only when the database has no version yet (a server's first start).
 *
 * @example
 * const { version, changed } = await importCatalogue(db, catalogue, { source: "file ./c.json", actor: "cli" });
 */
export async function importCatalogue(
  db: BillingDb,
  catalogue: Catalogue,
  origin: CatalogueImportOrigin,
  { onlyIfEmpty = false }: { onlyIfEmpty?: boolean } = {},
): Promise<CatalogueImport> {
  const digest = catalogueDigest(catalogue);
  return db.transaction(async (tx) => {
    // One import at a time, across processes: the second sees the first's version.
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
    const current = await currentCatalogueVersion(tx as unknown as BillingDb);
    if (current && (onlyIfEmpty || current.digest === digest)) return { version: current, changed: false };
    const [version] = await tx
      .insert(catalogueVersions)
      .values({ version: (current?.version ?? 0) + 1, document: catalogue, digest, ...origin })
      .returning(versionColumns);
    await seedCatalogue(tx as unknown as BillingDb, catalogue);
    // Each project's audit log shows the version its catalogue became, whoever imported it (CLI, API, a start).
    for (const project of catalogue.projects) {
      await recordAudit(tx, {
        projectId: project.id,
        actor: origin.actor,
        action: "catalogue.import",
        targetType: "catalogue_version",
        targetId: String(version!.version),
        before: current ? { version: current.version, digest: current.digest } : null,
        after: { version: version!.version, digest, source: origin.source },
        at: version!.createdAt,
      });
    }
    return { version: version!, changed: true };
  });
}

/** The transaction {@link editCatalogue} runs in, for what must land with the new version (an audit entry). */
export type CatalogueTransaction = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/**
 * Reads the newest version, applies `change` to it and imports the result, all under the import lock: two edits at
 * once each see the other's version, so neither is lost. `change` refuses by throwing (nothing is written); `record`
 * runs in the same transaction after the import (an audit entry lands with the version, or neither does). A change
 * that gives the newest version's content again adds no version (`changed` false).
 *
 * @example
 * const { result } = await editCatalogue(db, (current) => ({ catalogue: next(current), result: 1 }), origin);
 */
export async function editCatalogue<R>(
  db: BillingDb,
  change: (current: Catalogue) => { catalogue: Catalogue; result: R },
  origin: CatalogueImportOrigin,
  record?: (tx: CatalogueTransaction, result: R, imported: CatalogueImport) => Promise<void>,
): Promise<{ result: R; imported: CatalogueImport }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
    const current = await catalogueDocument(tx as unknown as BillingDb);
    if (!current) throw new Error("There is no catalogue to edit: import one first.");
    const { catalogue, result } = change(current);
    // The lock is held and reentrant within this transaction: the import sees the version read above.
    const imported = await importCatalogue(tx as unknown as BillingDb, catalogue, origin);
    if (record) await record(tx, result, imported);
    return { result, imported };
  });
}

/** The advisory lock key of catalogue imports ("catalogue" as a number). */
const CATALOGUE_LOCK = 0x63617461;

/**
 * One line that says which version is served and where it came from, for logs and the CLI.
 *
 * @example
 * describeCatalogueVersion(v); // "catalogue version 2 (file ./c.json, imported 2026-11-28T05:00:00.000Z by cli alice@host)"
 */
export function describeCatalogueVersion(v: CatalogueVersion): string {
  return `catalogue version ${v.version} (${v.source}, imported ${v.createdAt.toISOString()} by ${v.actor})`;
}

/** Where a server's start-up says which catalogue it serves. */
export interface CatalogueLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * A server's start on the database's catalogue: `catalogue` (the file it was started with) is imported only into a
 * database that has none; otherwise the database's version is served, and a warning names both when the file
 * differs from it (it is never applied silently). Resolves with the version served.
 *
 * @example
 * await startOnCatalogue(db, catalogue, "file ./catalogue.json", app.log);
 */
export async function startOnCatalogue(
  db: BillingDb,
  catalogue: Catalogue,
  source: string,
  log: CatalogueLog,
): Promise<CatalogueVersion> {
  const { version, changed } = await importCatalogue(
    db,
    catalogue,
    { source: `first start: ${source}`, actor: "billing server start" },
    { onlyIfEmpty: true },
  );
  if (changed) log.info(`Imported ${describeCatalogueVersion(version)}: the database had no catalogue.`);
  else if (version.digest !== catalogueDigest(catalogue)) {
    log.warn(
      `Serving the database's ${describeCatalogueVersion(version)}. The catalogue this server was started with (${source}) differs from it and was not applied; to serve it, import it: purchases-billing-server catalogue import FILE.`,
    );
  } else log.info(`Serving the database's ${describeCatalogueVersion(version)}.`);
  return version;
}
