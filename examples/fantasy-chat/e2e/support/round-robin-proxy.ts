// A load balancer in miniature for the two-instance suite: each request goes to the next instance in turn, its
// method, path, headers and body passed on and the answer streamed back as it comes (event streams included).
import { request as httpRequest, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** How many requests each instance has been given, in the order of `targets`. */
  counts: number[];
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port in front of `targets` (base URLs). */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const counts = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    counts[index]! += 1;
    const target = new URL(incoming.url ?? "/", targets[index]);
    const forwarded = httpRequest(
      target,
      // The Host stays the one the client asked for, as a load balancer keeps it.
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
