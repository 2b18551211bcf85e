// Tests never leave this machine: a request no msw handler answers fails like an unreachable host, unless it
// goes to a server the test itself started on loopback (the billing server in contract tests).
const realFetch = globalThis.fetch;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (LOOPBACK.has(url.hostname)) return realFetch(input, init);
  throw new TypeError(`fetch failed: network access is blocked in tests (${url.href})`);
};
