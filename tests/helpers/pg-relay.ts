import net from "node:net";

// A loopback TCP relay in front of PostgreSQL that a test or a benchmark can cut, to see what the app
// does while its database is gone. Two kinds of outage:
// - "refuse": every open connection is dropped and new ones are refused, as while PostgreSQL restarts
//   or its host is down (clients fail at once with ECONNRESET / ECONNREFUSED);
// - "stall": the relay keeps accepting but forwards nothing, as in a network partition where packets
//   vanish (clients wait until their own timeouts give up). When the link returns, the stalled
//   connections are dropped (a partition long enough to matter ends in resets), new ones work.

export type OutageKind = "refuse" | "stall";

export interface PgRelay {
  /** The loopback port clients connect to instead of PostgreSQL's. */
  port: number;
  /** Starts an outage; resolves once it is in force. */
  cut(kind?: OutageKind): Promise<void>;
  /** Ends the outage: new connections reach PostgreSQL again on the same port. */
  restore(): Promise<void>;
  /** Connections the relay has passed on to PostgreSQL so far. */
  connections(): number;
  /** Stops for good. */
  close(): Promise<void>;
}

/** Starts a relay from 127.0.0.1:`port` (0 picks a free one) to `target` (a postgres:// URL's host and port). */
export async function startPgRelay(target: URL, port = 0): Promise<PgRelay> {
  const upstreamPort = Number(target.port || 5432);
  const upstreamHost = target.hostname;
  const open = new Set<net.Socket>();
  let stalled = false;
  let passed = 0;
  let server: net.Server | null = null;

  const handle = (client: net.Socket) => {
    open.add(client);
    const drop = () => {
      client.destroy();
      open.delete(client);
    };
    client.on("error", drop).on("close", drop);
    // A stalled link: the connection is accepted and then nothing comes back.
    if (stalled) return;
    passed++;
    const upstream = net.connect(upstreamPort, upstreamHost);
    open.add(upstream);
    const dropBoth = () => {
      drop();
      upstream.destroy();
      open.delete(upstream);
    };
    client.on("error", dropBoth).on("close", dropBoth);
    upstream.on("error", dropBoth).on("close", dropBoth);
    client.on("data", (chunk: Buffer) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!stalled) client.write(chunk);
    });
  };

  const listen = async (onPort: number) => {
    const next = net.createServer(handle);
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(onPort, "127.0.0.1", () => resolve());
    });
    server = next;
    return (next.address() as net.AddressInfo).port;
  };

  const stopListening = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  const dropAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const boundPort = await listen(port);
  return {
    port: boundPort,
    async cut(kind = "refuse") {
      if (kind === "stall") {
        stalled = true;
        return;
      }
      const closing = stopListening();
      dropAll();
      await closing;
    },
    async restore() {
      if (stalled) {
        stalled = false;
        dropAll();
      }
      if (!server) await listen(boundPort);
    },
    connections: () => passed,
    async close() {
      const closing = stopListening();
      dropAll();
      await closing;
    },
  };
}
