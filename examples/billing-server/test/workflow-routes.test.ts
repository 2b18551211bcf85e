// Multi-page paywalls (workflows): the catalogue refuses a workflow whose links lead nowhere, and the two routes
// purchases-js's presentPaywall calls answer in the shape it reads (list, then the workflow), per project.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { arcadeWorkflow } from "./support/arcade-workflow.js";
import { KEYS, testCatalogue } from "./support/catalogue.js";
import { changedTables, snapshotTables } from "./support/table-snapshot.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";

/** The test catalogue with the arcade project changed by `change`; calling the result parses it. */
function withArcade(change: (arcade: any) => void) {
  const catalogue = structuredClone(testCatalogue()) as any;
  change(catalogue.projects.find((p: { id: string }) => p.id === "arcade"));
  return () => parseCatalogue(catalogue);
}

/** The test catalogue with the arcade store's workflow changed by `change`. */
const withWorkflow = (change: (workflow: any) => void) => withArcade((a) => change(a.offerings[0].workflow));

describe("workflows in the catalogue", () => {
  it("keeps the arcade store's workflow exactly as written", () => {
    const arcade = testCatalogue().projects.find((p) => p.id === "arcade");
    expect(arcade?.offerings[0]?.workflow).toEqual(arcadeWorkflow);
  });

  it("refuses a workflow whose initial step does not exist", () => {
    expect(withWorkflow((w) => (w.initial_step_id = "step_missing"))).toThrow(
      /project arcade: offering store: workflow wf_arcade_store starts at unknown step step_missing/,
    );
  });

  it("refuses a workflow whose initial step shows no screen", () => {
    expect(withWorkflow((w) => (w.steps.step_intro.screen_id = null))).toThrow(
      /workflow wf_arcade_store starts at step step_intro, which has no screen/,
    );
  });

  it("refuses a step that shows a screen the workflow lacks", () => {
    expect(withWorkflow((w) => (w.steps.step_offers.screen_id = "screen_gone"))).toThrow(
      /step step_offers of workflow wf_arcade_store shows unknown screen screen_gone/,
    );
  });

  it("refuses a trigger whose action is not among its step's trigger actions", () => {
    expect(withWorkflow((w) => (w.steps.step_intro.triggers[0].action_id = "to_nowhere"))).toThrow(
      /step step_intro of workflow wf_arcade_store triggers unknown action to_nowhere/,
    );
  });

  it("refuses a step action that goes to a step the workflow lacks, or names none", () => {
    expect(withWorkflow((w) => (w.steps.step_intro.trigger_actions.to_offers.step_id = "step_gone"))).toThrow(
      /action to_offers of step step_intro in workflow wf_arcade_store goes to unknown step step_gone/,
    );
    expect(withWorkflow((w) => (w.steps.step_intro.trigger_actions.to_offers = { type: "step" }))).toThrow(
      /a step action names its step_id/,
    );
    // Only the workflow's own steps count, not what every object inherits.
    expect(
      withWorkflow((w) => (w.steps.step_intro.trigger_actions.to_offers.step_id = "constructor")),
    ).toThrow(/goes to unknown step constructor/);
  });

  it("refuses a screen that names a package its offering lacks", () => {
    expect(
      withWorkflow(
        (w) => (w.screens.screen_offers.components_config.base.stack.components[1].package_id = "x"),
      ),
    ).toThrow(/screen screen_offers of workflow wf_arcade_store names unknown package x/);
  });

  it("refuses a screen that is not a valid paywall document", () => {
    expect(withWorkflow((w) => delete w.screens.screen_intro.components_localizations.en_US.not_now)).toThrow(
      /workflow\.screens\.screen_intro: the text not_now is missing in en_US/,
    );
  });

  it("refuses a workflow id used twice in a project, but not the same id in two projects", () => {
    /** A one-screen workflow: the arcade intro alone. */
    const introOnly = (id: string) => ({
      id,
      initial_step_id: "step_intro",
      steps: { step_intro: { type: "screen", screen_id: "screen_intro" } },
      screens: { screen_intro: arcadeWorkflow.screens.screen_intro },
    });
    const twin = (id: string) => ({
      identifier: "twin",
      description: "Gems again",
      packages: [{ identifier: "gems_100", platform_product_identifier: "gems_100" }],
      workflow: introOnly(id),
    });
    expect(withArcade((a) => a.offerings.push(twin(arcadeWorkflow.id)))).toThrow(
      /project arcade: a workflow id is used twice/,
    );
    expect(withArcade((a) => a.offerings.push(twin("wf_arcade_twin")))).not.toThrow();
    const catalogue = structuredClone(testCatalogue()) as any;
    catalogue.projects.find((p: { id: string }) => p.id === "other").offerings[0].workflow = introOnly(
      arcadeWorkflow.id,
    );
    expect(() => parseCatalogue(catalogue)).not.toThrow();
  });

  it("refuses a workflow id that is not 1-100 letters, digits, _ or -", () => {
    expect(withWorkflow((w) => (w.id = "wf/arcade"))).toThrow(/workflow ids are 1-100 letters/);
    expect(withWorkflow((w) => (w.id = "w".repeat(101)))).toThrow(/workflow ids are 1-100 letters/);
  });

  it("always gives a step its triggers, trigger actions and screen (purchases-js reads them unchecked)", () => {
    const parsed = withWorkflow(
      (w) => (w.steps.step_offers = { type: "screen", screen_id: "screen_offers" }),
    )();
    expect(parsed.projects.find((p) => p.id === "arcade")?.offerings[0]?.workflow?.steps.step_offers).toEqual(
      {
        type: "screen",
        screen_id: "screen_offers",
        triggers: [],
        trigger_actions: {},
      },
    );
  });
});

describe.each(DATABASES)("workflow routes on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const list = { workflows: [{ id: "wf_arcade_store", type: "paywall", offering_id: "store" }] };

  /** Calls, expecting `status` with `{ code, message }` and no table changed. */
  async function refused(status: number, path: string, key: string | null = KEYS.arcadeTest) {
    const before = await snapshotTables(server.database.db);
    const answer = await call(server, "GET", path, { key });
    expect(answer.status, path).toBe(status);
    expect(answer.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
    expect(changedTables(before, await snapshotTables(server.database.db))).toEqual([]);
    return answer.body as { code: number; message: string };
  }

  it("lists the project's paywall workflows for Test Store and Web Billing keys, creating no customer", async () => {
    const before = await snapshotTables(server.database.db);
    for (const key of [KEYS.arcadeTest, KEYS.arcadeSandbox]) {
      const asked = await call(server, "GET", "/v1/subscribers/wf_user/workflows?type=paywall", { key });
      expect(asked).toMatchObject({ status: 200, body: list });
      const untyped = await call(server, "GET", "/v1/subscribers/wf_user/workflows", { key });
      expect(untyped).toMatchObject({ status: 200, body: list });
    }
    expect(changedTables(before, await snapshotTables(server.database.db))).toEqual([]);
  });

  it("lists no workflow of another type, and none for a project without workflows", async () => {
    const other = await call(server, "GET", "/v1/subscribers/wf_user/workflows?type=other", {
      key: KEYS.arcadeTest,
    });
    expect(other).toMatchObject({ status: 200, body: { workflows: [] } });
    const realmheart = await call(server, "GET", "/v1/subscribers/wf_user/workflows?type=paywall");
    expect(realmheart).toMatchObject({ status: 200, body: { workflows: [] } });
  });

  it("answers the workflow as the catalogue holds it, with its offering", async () => {
    for (const key of [KEYS.arcadeTest, KEYS.arcadeSandbox]) {
      const answer = await call(server, "GET", "/v1/subscribers/wf_user/workflows/wf_arcade_store", { key });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        ...arcadeWorkflow,
        offering_id: "store",
        // The arcade project sets no ui_config: the empty one, as in its offerings answer.
        ui_config: { app: { colors: {}, fonts: {} }, custom_variables: {} },
      });
    }
  });

  it("answers 404 for an unknown workflow and for another project's workflow", async () => {
    expect(await refused(404, "/v1/subscribers/wf_user/workflows/wf_unknown")).toEqual({
      code: 7226,
      message: "Unknown workflow wf_unknown.",
    });
    const elsewhere = await refused(404, "/v1/subscribers/wf_user/workflows/wf_arcade_store", KEYS.test);
    expect(elsewhere.code).toBe(7226);
    const otherProject = "/v1/subscribers/wf_user/workflows/wf_arcade_store";
    expect((await refused(404, otherProject, KEYS.otherProject)).code).toBe(7226);
  });

  it("answers 401 without a key or with an unknown one", async () => {
    for (const path of [
      "/v1/subscribers/wf_user/workflows",
      "/v1/subscribers/wf_user/workflows/wf_arcade_store",
    ]) {
      expect(await refused(401, path, null)).toEqual({ code: 7225, message: "Invalid API key." });
      expect((await refused(401, path, "rcb_sb_not_a_key")).code).toBe(7225);
    }
  });

  it("refuses a bad app user id, an overlong workflow id and a repeated type with 400, changing nothing", async () => {
    expect((await refused(400, `/v1/subscribers/${encodeURIComponent(" null ")}/workflows`)).code).toBe(7220);
    expect((await refused(400, `/v1/subscribers/${"x".repeat(257)}/workflows/wf_arcade_store`)).code).toBe(
      7220,
    );
    expect((await refused(400, `/v1/subscribers/wf_user/workflows/${"w".repeat(101)}`)).code).toBe(7226);
    expect((await refused(400, "/v1/subscribers/wf_user/workflows?type=paywall&type=other")).code).toBe(7226);
    expect((await refused(400, "/v1/subscribers/wf_user/workflows/wf%00store")).code).toBe(7226);
  });
});
