import type { Server } from 'node:http';
import { plainAddress, type TrustedProxies } from '../../trusted-proxies';

/**
 * Closes each connection past `max` open ones from one address, so slow or idle sockets from one
 * client cannot take the slots every other client needs (the server-wide cap alone lets them).
 * The trusted proxies are exempt: every client behind them arrives from their addresses.
 */
export function limitConnectionsPerAddress(server: Server, max: number, trustedProxies: TrustedProxies): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    if (socket.remoteAddress === undefined) return;
    const address = plainAddress(socket.remoteAddress);
    if (trustedProxies.trusts(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
