// One msw server per test file: `const server = useMswServer();` then `server.use(...)` per test.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/** The base URL tests configure the SDK with (`httpConfig.proxyURL`). */
export const TEST_BASE_URL = "https://billing.test";

export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
