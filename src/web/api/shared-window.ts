/**
 * The request scheduler's budget history: a sliding window of issue timestamps, shared with the
 * other tabs of the same scope (origin + key) over a BroadcastChannel, so every tab counts the
 * requests of all. Messages: 'issued' (a stamp), 'unsent' (a stamp given back), 'hold' (a backoff every tab must honour),
 * 'sync-request' (a new tab asks for the history) and 'sync' (the answer). Without a channel the
 * window simply holds this tab's own stamps.
 */

export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The part of BroadcastChannel the scheduler uses, so tests can pass a fake one. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

type Message =
  | { type: 'issued'; key: string; at: number }
  | { type: 'unsent'; key: string }
  | { type: 'hold'; until: number }
  | { type: 'sync-request'; from: string }
  | { type: 'sync'; stamps: { key: string; at: number }[] };

export interface SharedWindowOptions {
  tabId: string;
  /** Window length plus margin: how long a stamp counts. */
  spanMs: number;
  clock: SchedulerClock;
  /** Another tab reported a hold (after a 429): wait until then. */
  onHold: (until: number) => void;
  /** The current hold, to tell a newly opened tab. */
  holdUntil: () => number;
  /** Something another tab said changed the window. */
  onChange: () => void;
}

export class SharedWindow {
  /** Issue timestamps of every tab in this scope, keyed so a stamp heard twice counts once. */
  private stamps = new Map<string, number>();
  private stampSeq = 0;
  private channel: ChannelLike | null = null;

  constructor(private readonly options: SharedWindowOptions) {}

  /** Switches to another channel (another origin+key): the old history no longer applies. */
  connect(channel: ChannelLike | null): void {
    if (this.channel) {
      this.channel.removeEventListener('message', this.onMessage);
      this.channel.close();
    }
    this.stamps.clear();
    this.channel = channel;
    if (channel) {
      channel.addEventListener('message', this.onMessage);
      this.post({ type: 'sync-request', from: this.options.tabId });
    }
  }

  /** Counts one request issued by this tab now, and tells the other tabs; returns its stamp's key. */
  record(now: number): string {
    const key = `${this.options.tabId}:${this.stampSeq++}`;
    this.stamps.set(key, now);
    this.post({ type: 'issued', key, at: now });
    return key;
  }

  /** Gives back a request that never reached the server (it cannot count against its limit), in every tab. */
  unrecord(key: string): void {
    this.stamps.delete(key);
    this.post({ type: 'unsent', key });
  }

  /** Tells the other tabs to hold until then. */
  announceHold(until: number): void {
    this.post({ type: 'hold', until });
  }

  /** Drops stamps that left the window; returns how many remain and the oldest of them. */
  prune(now: number): { size: number; oldest: number } {
    let oldest = Infinity;
    for (const [key, at] of this.stamps) {
      if (at <= now - this.options.spanMs) this.stamps.delete(key);
      else if (at < oldest) oldest = at;
    }
    return { size: this.stamps.size, oldest };
  }

  /** When the window will hold fewer than `limit` stamps again (call right after `prune`). */
  freeAt(limit: number): number {
    const times = [...this.stamps.values()].sort((a, b) => a - b);
    return times[this.stamps.size - limit]! + this.options.spanMs;
  }

  /** Requests of all tabs in the window now. */
  used(now: number): number {
    let used = 0;
    for (const at of this.stamps.values()) if (at > now - this.options.spanMs) used++;
    return used;
  }

  private post(message: Message): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed or broken channel only costs the cross-tab sharing, never the request.
    }
  }

  private onMessage = (event: { data: unknown }): void => {
    const message = event.data as Message | null;
    if (!message || typeof message !== 'object') return;
    const now = this.options.clock.now();
    switch (message.type) {
      case 'issued':
        this.stamps.set(message.key, message.at);
        break;
      case 'unsent':
        this.stamps.delete(message.key);
        break;
      case 'hold':
        this.options.onHold(message.until);
        break;
      case 'sync-request': {
        this.prune(now);
        const stamps = [...this.stamps].map(([key, at]) => ({ key, at }));
        this.post({ type: 'sync', stamps });
        const holdUntil = this.options.holdUntil();
        if (holdUntil > now) this.post({ type: 'hold', until: holdUntil });
        break;
      }
      case 'sync':
        for (const { key, at } of message.stamps) this.stamps.set(key, at);
        break;
      default:
        return;
    }
    this.options.onChange();
  };
}
