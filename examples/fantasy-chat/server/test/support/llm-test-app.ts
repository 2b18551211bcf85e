import { afterAll, beforeAll, beforeEach } from "vitest";
import { FakeLlm } from "./fake-llm.js";
import { startTestApp, type DatabaseKind, type TestApp } from "./test-app.js";

/** The fake model server and the app configured to use it, for the suite that called {@link useLlmTestApp}. */
export interface LlmTestApp {
  readonly llm: FakeLlm;
  readonly server: TestApp;
}

/**
 * Starts a fake OpenAI-compatible model server and an app using it (model `realm-13b`, key `sk-realm`, 5 s
 * timeout, plus `env`) before the suite's tests, closes both after them, and forgets the fake's requests and
 * queued answers before each test. Call inside a `describe`.
 *
 * @example
 * const setup = useLlmTestApp(kind, { LLM_MODERATION: "1" });
 * it("…", () => expect(setup.llm.completions).toHaveLength(0));
 */
export function useLlmTestApp(kind: DatabaseKind, env: Record<string, string> = {}): LlmTestApp {
  const started: { llm?: FakeLlm; server?: TestApp } = {};
  beforeAll(async () => {
    started.llm = await FakeLlm.start();
    started.server = await startTestApp(kind, {
      env: {
        LLM_BASE_URL: started.llm.baseUrl,
        LLM_API_KEY: "sk-realm",
        LLM_MODEL: "realm-13b",
        LLM_TIMEOUT_MS: "5000",
        ...env,
      },
    });
  });
  afterAll(async () => {
    await started.server?.close();
    await started.llm?.close();
  });
  beforeEach(() => {
    started.llm?.requests.splice(0);
    started.llm?.answers.splice(0);
    if (started.llm) started.llm.closedEarly = 0;
  });
  return {
    get llm() {
      return started.llm as FakeLlm;
    },
    get server() {
      return started.server as TestApp;
    },
  };
}
