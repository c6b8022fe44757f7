interface Waiter<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

interface Queue<I, R> {
  waiting: Array<Waiter<I, R>>;
}

/**
 * Work for one key done one database round trip at a time: items for a key that arrive while its
 * round trip is under way wait, and are then done together in the next. Every batch starts after
 * all its items arrived, so each still sees the database as it was when it was asked (or later).
 * A busy key (one API key's requests, one run polled by many clients) then costs one round trip
 * per batch rather than one per request, while a quiet one waits for nothing but a turn of the event loop.
 */
export class KeyedBatches<I, R> {
  private readonly queues = new Map<string, Queue<I, R>>();

  /** `run` gets the key's batch in arrival order and answers one result per item, in the same order. */
  constructor(private readonly run: (key: string, items: readonly I[]) => Promise<readonly R[]>) {}

  add(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.waiting.push({ item, resolve, reject });
        return;
      }
      const fresh: Queue<I, R> = { waiting: [{ item, resolve, reject }] };
      this.queues.set(key, fresh);
      // After this turn of the event loop, so requests read from the sockets together share the first batch.
      setImmediate(() => this.flush(key, fresh));
    });
  }

  private flush(key: string, queue: Queue<I, R>): void {
    const batch = queue.waiting;
    queue.waiting = [];
    const settle = (results: readonly R[]) => batch.forEach((waiter, i) => waiter.resolve(results[i]!));
    const fail = (error: unknown) => batch.forEach((waiter) => waiter.reject(error));
    let done: Promise<void>;
    try {
      done = this.run(
        key,
        batch.map((waiter) => waiter.item),
      ).then(settle, fail);
    } catch (error) {
      fail(error);
      done = Promise.resolve();
    }
    void done.then(() => {
      if (queue.waiting.length > 0) this.flush(key, queue);
      else this.queues.delete(key);
    });
  }
}
