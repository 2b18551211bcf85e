import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { resetToasts } from "../../src/toast/toast-store";
import { server } from "./server";

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  resetToasts();
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());
