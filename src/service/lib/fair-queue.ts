/** A task waiting for a slot, with the callbacks that settle its caller's promise. */
interface Waiting {
  start(): void;
  /** Removes the abort listener once the task has left the queue. */
  release(): void;
}

/** One key's waiting tasks, how many of its tasks run, and when it was last given a slot. */
interface KeyState {
  queue: Waiting[];
  running: number;
  served: number;
}

/**
 * Runs tasks at most `slots` at a time, taking turns across keys (accounts): each key has its own
 * first-in-first-out queue, and every freed slot goes to the waiting key with the fewest tasks
 * running, the one served longest ago among equals. One account's backlog therefore never sits
 * ahead of another account's single task: a key waits behind at most one task of each other key.
 * With `maxPerKey` below `slots`, no key holds every slot: a key with nothing running starts at once
 * on a slot kept free for it, instead of waiting for one of the busy key's tasks to end.
 */
export class FairQueue {
  /** Keys with tasks waiting or running; a key with neither is forgotten (it then goes first). */
  private readonly keys = new Map<string, KeyState>();
  private running = 0;
  private turns = 0;

  constructor(
    private readonly slots: number,
    private readonly maxPerKey = slots,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError('a fair queue needs at least one slot');
    if (!Number.isInteger(maxPerKey) || maxPerKey < 1) throw new RangeError('a key needs at least one slot');
  }

  /** Tasks started and not yet settled. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot, over all keys. */
  get waiting(): number {
    let count = 0;
    for (const state of this.keys.values()) count += state.queue.length;
    return count;
  }

  /**
   * Runs `task` once a slot is free and it is `key`'s turn. Aborting `signal` while it waits drops
   * it with the signal's reason; once started, the task itself decides what the signal does.
   */
  run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const state = this.stateOf(key);
      const onAbort = () => {
        const at = state.queue.indexOf(entry);
        if (at >= 0) state.queue.splice(at, 1);
        this.forgetIfDone(key, state);
        reject(signal?.reason as Error);
      };
      const entry: Waiting = {
        release: () => signal?.removeEventListener('abort', onAbort),
        start: () => {
          let settled: Promise<T>;
          try {
            settled = task();
          } catch (error) {
            settled = Promise.reject(error as Error);
          }
          settled.then(resolve, reject).finally(() => {
            this.running--;
            state.running--;
            this.forgetIfDone(key, state);
            this.next();
          });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      state.queue.push(entry);
      this.next();
    });
  }

  private stateOf(key: string): KeyState {
    let state = this.keys.get(key);
    if (!state) this.keys.set(key, (state = { queue: [], running: 0, served: 0 }));
    return state;
  }

  private forgetIfDone(key: string, state: KeyState): void {
    if (state.queue.length === 0 && state.running === 0 && this.keys.get(key) === state) this.keys.delete(key);
  }

  /** Starts waiting tasks while slots are free, each time for the key whose turn it is. */
  private next(): void {
    while (this.running < this.slots) {
      let pick: KeyState | undefined;
      for (const state of this.keys.values()) {
        if (state.queue.length === 0 || state.running >= this.maxPerKey) continue;
        if (!pick || state.running < pick.running || (state.running === pick.running && state.served < pick.served))
          pick = state;
      }
      if (!pick) return;
      const entry = pick.queue.shift()!;
      pick.running++;
      pick.served = ++this.turns;
      this.running++;
      entry.release();
      entry.start();
    }
  }
}
