// A load balancer in miniature, for the two-instance e2e suite and the two-instance bench: each request goes to the
// next instance in turn, its method, path, headers and body passed on and the answer streamed back as it comes
// (event streams included). Upstream connections are kept alive, as a real balancer keeps them.
import { Agent, request as httpRequest, createServer } from "node:http";

/**
 * Starts the proxy on a free loopback port in front of `targets` (base URLs). `counts` tells how many requests
 * each target has been given, in the order of `targets`.
 */
export async function startRoundRobinProxy(targets) {
  const counts = targets.map(() => 0);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    counts[index] += 1;
    const target = new URL(incoming.url ?? "/", targets[index]);
    const forwarded = httpRequest(
      target,
      // The Host stays the one the client asked for, as a load balancer keeps it.
      { method: incoming.method, headers: incoming.headers, agent },
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
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
