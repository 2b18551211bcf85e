// A TCP proxy between the billing server and PostgreSQL that can take the database away: cut every open
// connection, refuse or black-hole new ones, and hold a request's bytes so that it can be cut mid-query.
import { createServer, connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export type ProxyMode = "forward" | "refuse" | "blackhole";

export interface FaultProxy {
  /** The database URL with the proxy's port in place of the target's. */
  url: string;
  /** What happens to new connections. */
  setMode(mode: ProxyMode): void;
  /** Destroys every open connection, as a database restart or a network drop does. */
  cutAll(): void;
  /**
   * Forwards `skip` more client messages, then stops forwarding; resolves once a client has sent something
   * that is now held (a query that never reaches the database).
   */
  holdQuery(skip?: number): Promise<void>;
  /**
   * Whether a LISTEN has passed since the last {@link cutAll}: an app's listening connection reconnects a moment
   * after a cut, and a test that holds the next query must wait for it, or the LISTEN is what gets held.
   */
  readonly listenedSinceCut: boolean;
  close(): Promise<void>;
}

export async function startFaultProxy(databaseUrl: string): Promise<FaultProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  let mode: ProxyMode = "forward";
  let holding: { skip: number; onHeld: () => void } | null = null;
  let listenedSinceCut = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const server = createServer((client) => {
    track(client);
    if (mode === "refuse") return client.destroy();
    if (mode === "blackhole") return; // accepted, never answered
    const upstream = connect(targetPort, target.hostname);
    track(upstream);
    client.on("data", (chunk) => {
      if (holding && holding.skip-- <= 0) {
        holding.onHeld();
        return; // dropped: the query never reaches the database
      }
      if (chunk.includes("LISTEN ")) listenedSinceCut = true;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String((server.address() as AddressInfo).port);

  return {
    url: proxied.toString(),
    setMode(next) {
      mode = next;
      if (next === "forward") holding = null;
    },
    cutAll() {
      listenedSinceCut = false;
      for (const socket of sockets) socket.destroy();
    },
    get listenedSinceCut() {
      return listenedSinceCut;
    },
    holdQuery(skip = 0) {
      return new Promise<void>((resolve) => {
        holding = { skip, onHeld: resolve };
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
