/**
 * What the server says about its rate limit, turned into one hold for every request of the
 * scheduler (and, through the shared window, of every tab). A 429 holds until its Retry-After
 * (or RateLimit-Reset), else for an exponential backoff with jitter; `RateLimit-Remaining: 0`
 * holds until the reset. After a 429 the scheduler sends one probe at a time until one succeeds.
 */

export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
}

export const isResponseLike = (value: unknown): value is ResponseLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResponseLike).status === 'number' &&
  typeof (value as ResponseLike).headers?.get === 'function';

const headerNumber = (res: ResponseLike, name: string): number | undefined => {
  const raw = res.headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export class RateLimitHold {
  /** Epoch ms until which nothing is sent (0 when never held). */
  until = 0;
  /** After a 429, one request at a time until one gets through. */
  probing = false;
  private startedAt = -Infinity;
  private backoffLevel = 0;

  constructor(
    private readonly random: () => number,
    /** Tells the other tabs about a hold this tab decided. */
    private readonly announce: (until: number) => void,
    private readonly changed: () => void,
  ) {}

  /** Reads one answer's status and headers; true when it was a 429, to be tried again. */
  read(response: ResponseLike, issuedAt: number, now: number): boolean {
    if (response.status === 429) {
      // Only a request sent after the current backoff began is evidence that it was too short.
      if (issuedAt > this.startedAt) this.backoffLevel++;
      const told = headerNumber(response, 'retry-after') ?? headerNumber(response, 'ratelimit-reset');
      const seconds = told ?? Math.min(60, 2 ** this.backoffLevel) * (0.75 + this.random() * 0.5);
      this.hold(now + seconds * 1000, now, true);
      this.probing = true;
      return true;
    }
    this.probing = false;
    this.backoffLevel = 0;
    const remaining = headerNumber(response, 'ratelimit-remaining');
    const reset = headerNumber(response, 'ratelimit-reset');
    if (remaining === 0 && reset !== undefined && reset > 0) this.hold(now + reset * 1000, now, true);
    return false;
  }

  /** Another tab was told to back off: this tab waits as long, and probes too. */
  heardFromOtherTab(until: number, now: number): void {
    this.hold(until, now, false);
    this.probing = true;
  }

  private hold(until: number, now: number, broadcast: boolean): void {
    if (until <= this.until) return;
    if (this.until <= now) this.startedAt = now;
    this.until = until;
    if (broadcast) this.announce(until);
    this.changed();
  }
}
