import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { resetToasts } from "../../src/toast/toast-store";
import { server } from "./server";

// findBy*/waitFor give up after 1 s by default; a lazy route chunk can take longer on a busy machine. The
// conditions stay the same, only the deadline is longer.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  resetToasts();
  // Each test starts with an empty tab session (the chat keeps drafts there).
  window.sessionStorage.clear();
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());
