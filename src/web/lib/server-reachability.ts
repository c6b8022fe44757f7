/**
 * Whether the API server is answering, for the one outage banner and for recovering by itself.
 *
 * Every API response (any status) proves the server answers; a request that fails in transport
 * only makes it a suspect: one probe decides, so a single dropped connection or a CORS refusal
 * (the probe is `no-cors`, which any answering server satisfies) is not shown as an outage. While
 * down, the server is probed on a backoff of 2, 4, 8, then every 10 s; the first answer, from a
 * probe or from any request, ends the outage and tells the subscribers (who refetch).
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
}

/** 2 s, 4 s, 8 s, then 10 s: the page comes back within 10 s of the server, at one request per interval. */
export const probeDelayMs = (attempt: number): number => Math.min(10_000, 2_000 * 2 ** Math.max(0, attempt - 1));

const PROBE_TIMEOUT_MS = 5_000;

const realEnv: ReachabilityEnv = {
  probe: async (url) => {
    try {
      await fetch(url, {
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
};

export class ServerReachability {
  private state: Reachability = { down: false, nextProbeAt: null };
  private probing = false;
  private attempt = 0;
  private timer: unknown = null;
  private probeUrl = '';
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

  /** A response arrived: the server answers. */
  answered(): void {
    if (this.state.down) this.recover();
  }

  /** A request to the server at `probeUrl` failed in transport. */
  failed(probeUrl: string): void {
    this.probeUrl = probeUrl;
    if (this.state.down || this.probing) return;
    void this.runProbe();
  }

  private async runProbe(): Promise<void> {
    this.probing = true;
    const ok = await this.env.probe(this.probeUrl);
    this.probing = false;
    if (ok) {
      if (this.state.down) this.recover();
      return;
    }
    this.attempt++;
    const delay = probeDelayMs(this.attempt);
    this.set({ down: true, nextProbeAt: this.env.now() + delay });
    this.timer = this.env.setTimeout(() => {
      this.timer = null;
      void this.runProbe();
    }, delay);
  }

  private recover(): void {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
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

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * A fetch that reports to the reachability tracker: answers end an outage, transport failures
 * (not cancellations) start a probe of `probeUrl`.
 */
export function reportingFetch(
  probeUrl: string,
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    try {
      const response = await base(input, init);
      getServerReachability().answered();
      return response;
    } catch (error) {
      if (error instanceof TypeError && !isAbort(error)) getServerReachability().failed(probeUrl);
      throw error;
    }
  };
}
