// Tests never reach the network: a request no msw handler answers fails like an unreachable host.
globalThis.fetch = async (input: string | URL | Request) => {
  const url = input instanceof Request ? input.url : String(input);
  throw new TypeError(`fetch failed: network access is blocked in tests (${url})`);
};
