/** What the process does with a stop signal (see StopSignals). */
export type StopAction = 'drain' | 'close' | 'ignore' | 'exit';

export type StopSignal = 'SIGTERM' | 'SIGINT';

/**
 * Copies of one stop arrive this close together. `npm start` runs npm and node (with tsx as a
 * loader, not as a process of its own: tsx's command relays a signal and kills node outright when
 * node does not answer within 30 ms, which a loaded machine misses, cutting the drain short).
 * systemd's default KillMode, `kill -TERM -<group>` and a terminal's Ctrl-C signal both, and npm
 * passes the signal on as well, so node sees it two or more times within milliseconds (longer on a
 * loaded machine).
 */
export const REPEAT_WINDOW_MS = 2_000;

/**
 * Decides what each stop signal means, so that repeated copies of one deploy's SIGTERM never cut its
 * drain short:
 * - the first SIGTERM drains (then closes), the first SIGINT (Ctrl-C) closes without the drain;
 * - a SIGTERM during the drain, or a copy of the same signal within REPEAT_WINDOW_MS, is ignored;
 * - a SIGINT during the drain ends it and closes now;
 * - any later signal, once the drain is over and closing takes long, exits at once.
 */
export class StopSignals {
  private drainEndsAt: number | null = null;
  private readonly firstAt = new Map<StopSignal, number>();

  constructor(private readonly drainMs: number) {}

  receive(signal: StopSignal, now: number): StopAction {
    const first = this.firstAt.get(signal);
    if (first === undefined) this.firstAt.set(signal, now);
    if (this.drainEndsAt === null) {
      this.drainEndsAt = signal === 'SIGTERM' ? now + this.drainMs : now;
      return signal === 'SIGTERM' && this.drainMs > 0 ? 'drain' : 'close';
    }
    if (first !== undefined && now - first < REPEAT_WINDOW_MS) return 'ignore';
    const draining = now < this.drainEndsAt;
    if (signal === 'SIGINT' && draining) {
      this.drainEndsAt = now;
      return 'close';
    }
    return draining ? 'ignore' : 'exit';
  }
}
