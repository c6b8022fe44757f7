import { BlockList, isIPv4 } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as the `10.0.0.1` it is. */
export const plainAddress = (address: string): string =>
  address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;

/**
 * The proxies and load balancers whose X-Forwarded-For names the real client (WORKFLOW_TRUSTED_PROXIES),
 * parsed once at start: the config check, Fastify's `trustProxy` and the per-address connection cap
 * all ask this one list.
 */
export class TrustedProxies {
  private readonly list = new BlockList();

  /** Throws RangeError naming the first entry that is not an IP address or a CIDR range. */
  constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix, ...rest] = entry.split('/');
      const type = isIPv4(address) ? 'ipv4' : 'ipv6';
      try {
        if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) throw new Error('bad prefix');
        if (prefix === undefined) this.list.addAddress(address, type);
        else this.list.addSubnet(address, Number(prefix), type);
      } catch {
        throw new RangeError(`${entry} is not an IP address or a CIDR range`);
      }
    }
  }

  get none(): boolean {
    return this.entries.length === 0;
  }

  trusts(address: string): boolean {
    if (this.none) return false;
    const plain = plainAddress(address);
    return this.list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  }
}
