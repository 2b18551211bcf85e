// Every public SDK call against a billing backend that misbehaves over real HTTP on 127.0.0.1: server errors,
// bodies that are not JSON or not the expected shape, a refused connection, a connection cut mid-body and a server
// that never answers. Each call must settle with a typed PurchasesError (never a TypeError, never a hang).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, LogLevel, Purchases, isPurchasesError } from "../../src";

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

let behaviour: Behaviour = (_req, res) => res.end();
let server: Server;
let baseUrl = "";
const open = new Set<ServerResponse>();

beforeAll(async () => {
  // Each case configures several instances on purpose; the "already initialized" warning is noise here.
  Purchases.setLogLevel(LogLevel.Error);
  server = createServer((req, res) => {
    open.add(res);
    res.on("close", () => open.delete(res));
    req.resume();
    behaviour(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const res of open) res.destroy();
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});
afterAll(async () => {
  Purchases.setLogLevel(LogLevel.Info);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function configure(url = baseUrl) {
  return Purchases.configure({
    apiKey: "rcb_sb_faults",
    appUserId: "fault_tester",
    httpConfig: { proxyURL: url },
  });
}

/** Every public call that talks to the backend, each on a fresh instance so no cache answers for it. */
const CALLS: Record<string, (p: Purchases) => Promise<unknown>> = {
  getOfferings: (p) => p.getOfferings(),
  getCurrentOfferingForPlacement: (p) => p.getCurrentOfferingForPlacement("paywall_home"),
  getCustomerInfo: (p) => p.getCustomerInfo(),
  isEntitledTo: (p) => p.isEntitledTo("premium"),
  setAttributes: (p) => p.setAttributes({ $displayName: "Lyra" }),
  changeUser: (p) => p.changeUser("fault_tester_2"),
  preload: (p) => p.preload(),
};

/** What a call settled as: the error code of a PurchasesError, or a description of anything else. */
async function settle(call: () => Promise<unknown>, deadlineMs: number): Promise<number | string> {
  const started = Date.now();
  try {
    const value = await Promise.race([
      call(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("hung")), deadlineMs)),
    ]);
    return `resolved with ${JSON.stringify(value)}`;
  } catch (error) {
    if (error instanceof Error && error.message === "hung")
      return `still pending after ${Date.now() - started} ms`;
    return isPurchasesError(error) ? error.errorCode : `threw ${String(error)}`;
  }
}

async function outcomes(deadlineMs = 5_000) {
  const results: Record<string, number | string> = {};
  for (const [name, call] of Object.entries(CALLS)) {
    const purchases = configure();
    results[name] = await settle(() => call(purchases), deadlineMs);
    purchases.close();
  }
  return results;
}

/** `code` for every call but preload, which never rejects for the backend: the checkout falls back to the default look. */
const every = (code: number | string) => ({
  ...Object.fromEntries(Object.keys(CALLS).map((name) => [name, code])),
  preload: "resolved with undefined",
});

describe("every backend call settles with a typed PurchasesError when the backend misbehaves", () => {
  it.each([500, 502, 503])("a %i with an HTML body is an UnknownBackendError", async (status) => {
    behaviour = (_req, res) => {
      res.writeHead(status, { "content-type": "text/html" });
      res.end("<html><body>Bad gateway</body></html>");
    };
    expect(await outcomes()).toEqual(every(ErrorCode.UnknownBackendError));
  });

  it("a 200 whose body is not JSON is an UnexpectedBackendResponseError", async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{ not json");
    };
    expect(await outcomes()).toEqual(every(ErrorCode.UnexpectedBackendResponseError));
  });

  it("a 200 whose JSON lacks the expected field is an UnexpectedBackendResponseError", async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ unexpected: [1, 2, 3] }));
    };
    const results = await outcomes();
    // setAttributes needs no body back (a 200 means the attributes were stored), and every branding field is
    // optional (an object without any means the default look), so those two succeed; the rest need their data.
    expect(results).toEqual({
      ...every(ErrorCode.UnexpectedBackendResponseError),
      setAttributes: "resolved with undefined",
    });
  });

  it("a 200 with the expected fields full of junk is an UnexpectedBackendResponseError, not a TypeError", async () => {
    behaviour = (req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const junk = req.url?.includes("/offerings")
        ? {
            offerings: [{ identifier: "x", packages: "none" }],
            current_offering_id: "x",
            placements: { fallback_offering_id: "x" },
          }
        : { subscriber: { entitlements: "all", subscriptions: 3 }, request_date_ms: "soon" };
      res.end(JSON.stringify(junk));
    };
    const results = await outcomes();
    expect(results).toMatchObject({
      getOfferings: ErrorCode.UnexpectedBackendResponseError,
      getCustomerInfo: ErrorCode.UnexpectedBackendResponseError,
      isEntitledTo: ErrorCode.UnexpectedBackendResponseError,
      changeUser: ErrorCode.UnexpectedBackendResponseError,
      getCurrentOfferingForPlacement: ErrorCode.UnexpectedBackendResponseError,
    });
  });

  it("a refused connection is a NetworkError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const results: Record<string, number | string> = {};
    for (const [name, call] of Object.entries(CALLS)) {
      const purchases = configure(deadUrl);
      results[name] = await settle(() => call(purchases), 5_000);
      purchases.close();
    }
    expect(results).toEqual(every(ErrorCode.NetworkError));
  });

  it("a connection cut in the middle of the body is a NetworkError", async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"subscriber": {"entitlements"');
      setImmediate(() => res.destroy());
    };
    expect(await outcomes()).toEqual(every(ErrorCode.NetworkError));
  });

  it("a backend that never answers is a NetworkError at the 10 s deadline, for all calls at once", async () => {
    behaviour = () => {};
    const started = Date.now();
    const closedMidCall = configure();
    const pending = settle(() => closedMidCall.getCustomerInfo(), 15_000);
    closedMidCall.close();
    const entries = await Promise.all(
      Object.entries(CALLS).map(async ([name, call]) => {
        const purchases = Purchases.configure({
          apiKey: "rcb_sb_faults",
          appUserId: `fault_tester_${name}`,
          httpConfig: { proxyURL: baseUrl },
        });
        const result = await settle(() => call(purchases), 15_000);
        purchases.close();
        return [name, result] as const;
      }),
    );
    expect(Object.fromEntries(entries)).toEqual(every(ErrorCode.NetworkError));
    // Closing the instance while its call is in flight settles the call too, within the same deadline.
    expect(typeof (await pending)).toBe("number");
    expect(Date.now() - started).toBeLessThan(14_000);
  }, 30_000);
});
