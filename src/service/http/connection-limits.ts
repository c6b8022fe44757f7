import { BlockList, isIPv4 } from 'node:net';
import type { Server } from 'node:http';

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as the `10.0.0.1` it is. */
const plainAddress = (address: string): string =>
  address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;

/** Whether an address is one of `entries` (IP addresses and CIDR ranges, as WORKFLOW_TRUSTED_PROXIES lists them). */
function matcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * Closes each connection past `max` open ones from one address, so slow or idle sockets from one
 * client cannot take the slots every other client needs (the server-wide cap alone lets them).
 * The trusted proxies are exempt: every client behind them arrives from their addresses.
 */
export function limitConnectionsPerAddress(server: Server, max: number, trustedProxies: readonly string[]): void {
  const open = new Map<string, number>();
  const trusted = matcher(trustedProxies);
  server.on('connection', (socket) => {
    if (socket.remoteAddress === undefined) return;
    const address = plainAddress(socket.remoteAddress);
    if (trustedProxies.length > 0 && trusted(address)) return;
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
