import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_A } from '../test-support/test-service';
import { useTestService } from '../test-support/use-service';

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
