import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_A } from '../../test-support/test-service';
import { useTestService } from '../../test-support/use-service';
import { limitConnectionsPerAddress } from './connection-limits';
import { TrustedProxies } from '../../trusted-proxies';

const svc = useTestService({ HTTP_REQUEST_TIMEOUT_MS: '300', HTTP_MAX_CONNECTIONS: '3' });
let port = 0;
beforeAll(async () => {
  await svc.app.listen({ port: 0, host: '127.0.0.1' });
  port = (svc.app.server.address() as AddressInfo).port;
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Everything the server sends until it closes the socket. */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
}

describe('HTTP limits from config', () => {
  it('applies the request, connection and keep-alive timeouts and the connection limit to the server', () => {
    const server = svc.app.server;
    expect(server.requestTimeout).toBe(300);
    expect(server.timeout).toBe(svc.config.http.connectionTimeoutMs);
    expect(server.keepAliveTimeout).toBe(svc.config.http.keepAliveTimeoutMs);
    expect(server.maxConnections).toBe(3);
    // Within the request timeout, which covers headers and body.
    expect(server.headersTimeout).toBe(300);
  });

  it('answers 408 and closes a request whose body never arrives', async () => {
    const socket = await open();
    const closed = untilClosed(socket);
    socket.write(
      `POST /api/v1/workflows HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${KEY_A}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"pro`,
    );
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });
});

/** A socket from `localAddress` that has begun a request and sends one more header line every 100 ms. */
function slowSocket(target: number, localAddress: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: target, host: '127.0.0.1', localAddress }, () => {
      socket.write('GET /api/v1/workflows HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => socket.writable && socket.write('x-slow: 1\r\n'), 100);
      socket.on('close', () => clearInterval(drip));
      resolve({ socket, closed });
    });
    const closed = untilClosed(socket);
    socket.once('error', reject);
  });
}

/** GET /api/v1/workflows with a key over a fresh connection from `localAddress`; the status and how long it took. */
async function timedGet(target: number, localAddress: string): Promise<{ status: string; ms: number }> {
  const started = Date.now();
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect({ port: target, host: '127.0.0.1', localAddress }, () => resolve(s));
    s.once('error', reject);
  });
  const answer = untilClosed(socket);
  // Not end(): Node drops a request whose client half-closed before the answer was ready.
  socket.write(`GET /api/v1/workflows HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${KEY_A}\r\nConnection: close\r\n\r\n`);
  return { status: (await answer).split('\r\n')[0] ?? '', ms: Date.now() - started };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow connections from one address', () => {
  // Six slots in all, three per address: one address alone could otherwise take every slot.
  const own = useTestService({ HTTP_MAX_CONNECTIONS: '6', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '3' });
  let ownPort = 0;
  beforeAll(async () => {
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    ownPort = (own.app.server.address() as AddressInfo).port;
  });

  it('cannot take every connection slot: a client at another address is served within 2 s', async () => {
    const slow = await Promise.all(Array.from({ length: 6 }, () => slowSocket(ownPort, '127.0.0.1')));
    try {
      await pause(300);
      const refused = slow.filter(({ socket }) => socket.destroyed || socket.readyState === 'closed');
      expect(refused).toHaveLength(3);
      const other = await timedGet(ownPort, '127.0.0.2');
      expect(other.status).toBe('HTTP/1.1 200 OK');
      expect(other.ms).toBeLessThan(2_000);
    } finally {
      for (const { socket } of slow) socket.destroy();
    }
  });
});

describe('the headers timeout', () => {
  const own = useTestService({ HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '30000' });
  let ownPort = 0;
  beforeAll(async () => {
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    ownPort = (own.app.server.address() as AddressInfo).port;
  });

  it('answers 408 and closes a socket whose headers keep trickling in, long before the request timeout', async () => {
    const started = Date.now();
    const { socket, closed } = await slowSocket(ownPort, '127.0.0.1');
    const gaveUp = setTimeout(() => socket.destroy(), 3_000);
    const answer = await closed;
    clearTimeout(gaveUp);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('the per-address connection cap', () => {
  it('does not apply to a trusted proxy, whose address every client behind it shares', async () => {
    const server = createServer();
    limitConnectionsPerAddress(server, 1, new TrustedProxies(['10.9.0.0/16', '127.0.0.1']));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = (server.address() as AddressInfo).port;
    try {
      const sockets = await Promise.all([1, 2, 3].map(() => slowSocket(target, '127.0.0.1')));
      const fromOther = await Promise.all([1, 2].map(() => slowSocket(target, '127.0.0.2')));
      await pause(200);
      expect(sockets.filter(({ socket }) => socket.destroyed)).toHaveLength(0);
      expect(fromOther.filter(({ socket }) => socket.destroyed)).toHaveLength(1);
      for (const { socket } of [...sockets, ...fromOther]) socket.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
