/**
 * Whether the API server is answering, for the one outage banner and for recovering by itself.
 *
 * Every API response (any status) proves the server answers; a request that fails in transport
 * only makes it a suspect: one probe decides, so a single dropped connection or a CORS refusal
 * (the probe is `no-cors`, which any answering server satisfies) is not shown as an outage. A page
 * that asks nothing for a while (a run waiting for approval polls slowly) still learns of an
 * outage: while watched, a visible page with no answer for 2 s sends one light probe. While down,
 * the server is probed every 1.5 s; the first answer, from a probe or from any request, ends the
 * outage and tells the subscribers (who refetch and clear what failed meanwhile).
 *
 * The probe is a HEAD of the server's /healthz, keyless and outside the API: it spends none of the
 * key's request budget, and a server that answers it with anything, 404 included, is answering.
 *
 * It is also the one record of when the server last answered, which every watcher of an idle page
 * reads so that none asks what another answer already told: any answer (probes included) for the
 * outage watch, and answers to calls made with the key for the key watch (a probe says nothing of
 * the key).
 */

export interface Reachability {
  down: boolean;
  /** Epoch ms of the next probe while down, else null. */
  nextProbeAt: number | null;
}

export interface ReachabilityEnv {
  probe(url: string): Promise<boolean>;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Whether a person can see the page (no idle probe for a hidden tab). */
  visible(): boolean;
}

/** While down: the banner goes within 2 s of the server's return, at one light probe per interval. */
export const DOWN_PROBE_MS = 1_500;
/** While up: the longest a watched page goes without any answer before it probes. */
export const IDLE_PROBE_MS = 2_000;

const PROBE_TIMEOUT_MS = 5_000;

const realEnv: ReachabilityEnv = {
  probe: async (url) => {
    try {
      await fetch(url, {
        method: 'HEAD',
        mode: 'no-cors',
        cache: 'no-store',
        credentials: 'omit',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      return true;
    } catch {
      return false;
    }
  },
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
};

export class ServerReachability {
  private state: Reachability = { down: false, nextProbeAt: null };
  private probing = false;
  private timer: unknown = null;
  private probeUrl = '';
  /** The last answer to anything (a call, keyed or not, or a probe), or the idle watch's last look. */
  private lastSeen = -Infinity;
  /** Epoch ms of the server's last answer to a call made with the key (read it; `answered` writes it). */
  lastKeyedAnswerAt = -Infinity;
  private watchers = 0;
  private idleTimer: unknown = null;
  private readonly listeners = new Set<() => void>();
  private readonly recoveryListeners = new Set<() => void>();

  constructor(private readonly env: ReachabilityEnv = realEnv) {}

  getSnapshot = (): Reachability => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called once each time an outage ends. */
  onRecovered(listener: () => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  /**
   * A response arrived from the server that `probeUrl` probes: it answers. `keyed`: to a call made
   * with the key, so the answer also says whether the key is taken.
   */
  answered(probeUrl: string, keyed = false): void {
    this.probeUrl = probeUrl;
    this.lastSeen = this.env.now();
    if (keyed) this.lastKeyedAnswerAt = this.lastSeen;
    if (this.state.down) this.recover();
  }

  /** A request to the server at `probeUrl` failed in transport. */
  failed(probeUrl: string): void {
    this.probeUrl = probeUrl;
    if (this.state.down || this.probing) return;
    void this.runProbe();
  }

  /**
   * Probes now and then while the page is idle, so an outage shows within about 2 s on a page
   * that asks nothing; returns the function that stops (the last watcher stops the probes).
   */
  watch(): () => void {
    if (++this.watchers === 1) this.scheduleIdleProbe();
    // Called once, as an effect's clean-up is.
    return () => {
      if (--this.watchers === 0 && this.idleTimer !== null) {
        this.env.clearTimeout(this.idleTimer);
        this.idleTimer = null;
      }
    };
  }

  /** Wakes when IDLE_PROBE_MS will have passed since the last answer, and probes if none came since. */
  private scheduleIdleProbe(): void {
    const wait = Math.max(250, this.lastSeen + IDLE_PROBE_MS - this.env.now());
    this.idleTimer = this.env.setTimeout(() => {
      this.idleTimer = null;
      if (this.watchers === 0) return;
      if (this.env.now() - this.lastSeen >= IDLE_PROBE_MS) {
        // A look counts as seen, so a hidden or down page does not look in a tight loop.
        this.lastSeen = this.env.now();
        if (!this.state.down && !this.probing && this.probeUrl !== '' && this.env.visible()) void this.runProbe();
      }
      this.scheduleIdleProbe();
    }, wait);
  }

  private async runProbe(): Promise<void> {
    this.probing = true;
    const ok = await this.env.probe(this.probeUrl);
    this.probing = false;
    if (ok) {
      this.lastSeen = this.env.now();
      if (this.state.down) this.recover();
      return;
    }
    this.set({ down: true, nextProbeAt: this.env.now() + DOWN_PROBE_MS });
    this.timer = this.env.setTimeout(() => {
      this.timer = null;
      void this.runProbe();
    }, DOWN_PROBE_MS);
  }

  private recover(): void {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    this.set({ down: false, nextProbeAt: null });
    for (const listener of this.recoveryListeners) listener();
  }

  private set(next: Reachability): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

let instance: ServerReachability | null = null;

export function getServerReachability(): ServerReachability {
  instance ??= new ServerReachability();
  return instance;
}

/** Whether a request carries the API key (the client sends each call as a Request; a public read as a URL). */
const carriesKey = (input: RequestInfo | URL): boolean => input instanceof Request && input.headers.has('x-api-key');

/**
 * A fetch that reports to the reachability tracker: answers end an outage and are recorded (with
 * whether the call carried the key), transport failures (not cancellations) start a probe of `probeUrl`.
 */
export function reportingFetch(
  probeUrl: string,
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    try {
      const response = await base(input, init);
      getServerReachability().answered(probeUrl, carriesKey(input));
      return response;
    } catch (error) {
      // fetch fails in transport with a TypeError; a cancellation is a DOMException, and proves nothing.
      if (error instanceof TypeError) getServerReachability().failed(probeUrl);
      throw error;
    }
  };
}
