// A real Backend over a real HttpClient pointed at the msw base URL, for tests of the layers above http/.
import { defaultEnvironment } from "../../src/environment";
import { Backend } from "../../src/http/backend";
import { HttpClient, type HttpClientOptions } from "../../src/http/http-client";
import { TEST_BASE_URL } from "./msw";

export function testBackend(overrides: Partial<HttpClientOptions> = {}): Backend {
  return new Backend(
    new HttpClient({
      apiKey: "rcb_sb_test",
      baseUrl: TEST_BASE_URL,
      isSandbox: true,
      additionalHeaders: {},
      platformInfo: () => null,
      env: defaultEnvironment(),
      timeoutMs: 5_000,
      ...overrides,
    }),
  );
}
