import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../contract/limits';
import type { Clock } from '../clock';

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/** The canonical path a link signs: the file id plus the URI-encoded file name. */
export function filePath(fileId: string, filename: string): string {
  return `/files/${fileId}/${encodeURIComponent(filename)}`;
}

/** Issues and checks presigned download links: HMAC-SHA256 over method, path and expiry. */
export class LinkSigner {
  // Polling asks for the same links many times a second; within one second the link is identical.
  private readonly recent = new Map<string, { expires: number; url: string }>();

  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly lifetimeSeconds = LIMITS.downloadLinkSeconds,
  ) {}

  private sign(path: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`GET\n${path}\n${expires}`).digest('hex');
  }

  /** The expiry a link made now carries; links made within the same second are identical. */
  expiryNow(): number {
    return Math.floor(this.clock.now() / 1000) + this.lifetimeSeconds;
  }

  /** An absolute link to the file, valid for the configured lifetime from now. */
  url(fileId: string, filename: string): string {
    const expires = this.expiryNow();
    const cached = this.recent.get(fileId);
    if (cached && cached.expires === expires) return cached.url;
    const path = filePath(fileId, filename);
    const url = `${this.publicUrl}${path}?expires=${expires}&signature=${this.sign(path, expires)}`;
    if (this.recent.size >= 10_000) this.recent.clear();
    this.recent.set(fileId, { expires, url });
    return url;
  }

  /** Checks a link's signature first (so a forged expiry is "invalid"), then its expiry. */
  check(path: string, expires: unknown, signature: unknown): LinkCheck {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(this.sign(path, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Number(expires) * 1000 < this.clock.now() ? 'expired' : 'ok';
  }
}
