import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of a database that a test can cut (refuse and drop), hang (black-hole) and restore. */
export interface CuttableProxy {
  port: number;
  /** Drops every connection and refuses new ones: the server is stopped or unreachable. */
  cut(): Promise<void>;
  /** Accepts connections but forwards nothing either way: the server hangs. */
  hang(): void;
  /** Forwards again (what waited while hung goes through now). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket | null;
  /** What arrived while hung, in order, with the socket it is for. */
  held: Array<[Socket, Buffer]>;
}

/** Listens on a free port of 127.0.0.1 and forwards each connection to `target`. */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const pairs = new Set<Pair>();
  let hung = false;

  const send = (pair: Pair, to: Socket, chunk: Buffer) => {
    if (hung) pair.held.push([to, chunk]);
    else to.write(chunk);
  };
  const forward = (pair: Pair) => {
    const server = connect(target.port, target.host);
    pair.server = server;
    pair.client.on('data', (chunk: Buffer) => send(pair, server, chunk));
    server.on('data', (chunk: Buffer) => send(pair, pair.client, chunk));
    const end = () => {
      pair.client.destroy();
      server.destroy();
      pairs.delete(pair);
    };
    server.on('error', end).on('close', end);
    pair.client.on('error', end).on('close', end);
  };
  const accept = (client: Socket) => {
    const pair: Pair = { client, server: null, held: [] };
    pairs.add(pair);
    if (hung) client.pause();
    else forward(pair);
  };

  let listener: Server = createServer(accept);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as { port: number }).port;

  const dropAll = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.server?.destroy();
    }
    pairs.clear();
  };
  const stopListening = () => new Promise<void>((resolve) => listener.close(() => resolve()));

  return {
    port,
    async cut() {
      hung = false;
      const closed = stopListening();
      dropAll();
      await closed;
    },
    hang() {
      hung = true;
    },
    async restore() {
      hung = false;
      if (!listener.listening) {
        listener = createServer(accept);
        await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
      }
      for (const pair of pairs) {
        if (!pair.server) {
          forward(pair);
          pair.client.resume();
        }
        for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
      }
    },
    async close() {
      const closed = listener.listening ? stopListening() : Promise.resolve();
      dropAll();
      await closed;
    },
  };
}
