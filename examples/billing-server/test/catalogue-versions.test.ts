// Issue #46: the database is the catalogue's source of truth. A catalogue is imported into an empty database at the
// first start, and afterwards only by an explicit import, which makes a new version that every server on the
// database serves at once; a server started with a different catalogue serves the database's and says so.
import { afterEach, describe, expect, it } from "vitest";
import type { Catalogue } from "../src/catalogue/catalogue-schema.js";
import {
  catalogueDigest,
  catalogueDocument,
  catalogueVersionList,
  currentCatalogueVersion,
  importCatalogue,
} from "../src/catalogue/catalogue-versions.js";
import { catalogueVersions } from "../src/db/schema.js";
import { auditEntries } from "../src/access/audit-log.js";
import { KEYS, testCatalogue } from "./support/catalogue.js";
import { DATABASES, call, startPeerServer, startTestServer, type TestServer } from "./support/test-server.js";

const OPERATOR = { source: "file /srv/catalogue.json", actor: "cli ops@billing-1" };

/** Realmheart's current offering in `catalogue`. */
function currentOffering(catalogue: Catalogue) {
  const realmheart = catalogue.projects.find((p) => p.id === "realmheart")!;
  return realmheart.offerings.find((o) => o.identifier === realmheart.current_offering_id)!;
}

/** The test catalogue with the current offering's description changed: a catalogue that differs. */
function changedCatalogue(description: string): Catalogue {
  const catalogue = testCatalogue();
  currentOffering(catalogue).description = description;
  return catalogue;
}

/** The current offering's description as `server` serves it. */
async function servedDescription(server: TestServer): Promise<string> {
  const { status, body } = await call(server, "GET", "/v1/subscribers/catalogue_reader/offerings", {
    key: KEYS.sandbox,
  });
  expect(status).toBe(200);
  return body.offerings.find((o: { identifier: string }) => o.identifier === body.current_offering_id)
    .description;
}

for (const kind of DATABASES) {
  describe(`catalogue versions (${kind})`, () => {
    const open: TestServer[] = [];
    afterEach(async () => {
      // Peers first: they share the first server's database.
      for (const server of open.reverse()) await server.close();
      open.length = 0;
    });
    const logged = (lines: string[]) => ({ write: (line: string) => void lines.push(line) });

    it("imports the catalogue into an empty database at the first start, as version 1, and says so", async () => {
      const lines: string[] = [];
      const server = await startTestServer(
        kind,
        { catalogue: testCatalogue(), catalogueSource: "file ./first.json" },
        { logStream: logged(lines) },
      );
      open.push(server);
      const current = await currentCatalogueVersion(server.database.db);
      expect(current).toMatchObject({
        version: 1,
        source: "first start: file ./first.json",
        actor: "billing server start",
        digest: catalogueDigest(testCatalogue()),
      });
      expect(lines.join("")).toContain("Imported catalogue version 1 (first start: file ./first.json");
      expect(await catalogueDocument(server.database.db)).toEqual(testCatalogue());
    });

    it("a server started with a different catalogue serves the database's version, warns, and changes nothing", async () => {
      const first = await startTestServer(kind, { catalogue: testCatalogue() });
      open.push(first);
      const served = await servedDescription(first);
      const lines: string[] = [];
      const second = await startPeerServer(
        first,
        { catalogue: changedCatalogue("from another file"), catalogueSource: "file ./other.json" },
        { logStream: logged(lines) },
      );
      open.push(second);
      expect(await servedDescription(second)).toBe(served);
      expect(await servedDescription(first)).toBe(served);
      expect(await catalogueVersionList(first.database.db)).toHaveLength(1);
      const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
      expect(warning?.msg).toMatch(
        /^Serving the database's catalogue version 1 \(.*\)\. The catalogue this server was started with \(file \.\/other\.json\) differs from it and was not applied; to serve it, import it: purchases-billing-server catalogue import FILE\.$/,
      );
    });

    it("an import through one server's database is served by every server on it at once, as a new version", async () => {
      const first = await startTestServer(kind, { catalogue: testCatalogue() });
      open.push(first);
      const second = await startPeerServer(first, {});
      open.push(second);
      const result = await importCatalogue(second.database.db, changedCatalogue("version two"), OPERATOR);
      expect(result).toMatchObject({ changed: true, version: { version: 2, ...OPERATOR } });
      expect(await servedDescription(first)).toBe("version two");
      expect(await servedDescription(second)).toBe("version two");
    });

    it("records each import in every project's audit log, by whom, from which version to which", async () => {
      const server = await startTestServer(kind, { catalogue: testCatalogue() });
      open.push(server);
      await importCatalogue(server.database.db, changedCatalogue("audited"), OPERATOR);
      await importCatalogue(server.database.db, changedCatalogue("audited"), OPERATOR);
      for (const projectId of testCatalogue().projects.map((p) => p.id)) {
        const entries = await auditEntries(server.database.db, {
          projectId,
          targetType: "catalogue_version",
          limit: 10,
        });
        expect(entries.map((e) => [e.action, e.targetId, e.actor])).toEqual([
          ["catalogue.import", "2", OPERATOR.actor],
          ["catalogue.import", "1", "billing server start"],
        ]);
        expect(entries[0]).toMatchObject({
          before: { version: 1 },
          after: { version: 2, source: OPERATOR.source },
        });
      }
    });

    it("an import equal to the served version adds none, whatever the order of its keys", async () => {
      const server = await startTestServer(kind, { catalogue: testCatalogue() });
      open.push(server);
      const reordered = JSON.parse(
        JSON.stringify(testCatalogue(), (_key, value: unknown) =>
          value && typeof value === "object" && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).reverse())
            : value,
        ),
      ) as Catalogue;
      expect(Object.keys(reordered.projects[0]!)).not.toEqual(Object.keys(testCatalogue().projects[0]!));
      const result = await importCatalogue(server.database.db, reordered, OPERATOR);
      expect(result).toMatchObject({ changed: false, version: { version: 1 } });
      expect(await catalogueVersionList(server.database.db)).toHaveLength(1);
    });

    it("keeps every version: an earlier one imported again is a new version with the earlier content (a roll back)", async () => {
      const server = await startTestServer(kind, { catalogue: testCatalogue() });
      open.push(server);
      await importCatalogue(server.database.db, changedCatalogue("version two"), OPERATOR);
      const first = await catalogueDocument(server.database.db, 1);
      const rolledBack = await importCatalogue(server.database.db, first!, {
        source: "version 1",
        actor: "test",
      });
      expect(rolledBack).toMatchObject({ changed: true, version: { version: 3 } });
      expect(rolledBack.version.digest).toBe(catalogueDigest(testCatalogue()));
      expect(await servedDescription(server)).toBe(currentOffering(testCatalogue()).description);
      expect((await catalogueVersionList(server.database.db)).map((v) => v.version)).toEqual([3, 2, 1]);
      expect(await catalogueDocument(server.database.db, 4)).toBeNull();
    });

    it("two imports at once make two versions, one after the other", async () => {
      const server = await startTestServer(kind, { catalogue: testCatalogue() });
      open.push(server);
      const peer = await startPeerServer(server, {});
      open.push(peer);
      const results = await Promise.all([
        importCatalogue(server.database.db, changedCatalogue("a"), OPERATOR),
        importCatalogue(peer.database.db, changedCatalogue("b"), OPERATOR),
      ]);
      expect(results.map((r) => r.version.version).sort()).toEqual([2, 3]);
      const rows = await server.database.db.select().from(catalogueVersions);
      expect(rows).toHaveLength(3);
    });
  });
}
