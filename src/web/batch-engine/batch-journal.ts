import { countRows, type BatchRecord, type RowRecord } from './batch-types';

const JOURNAL_DB = 'wf-batches';

/** A journal failure with a message fit for the page. */
class JournalError extends Error {
  override name = 'JournalError';
}

const QUOTA_MESSAGE =
  "This browser's storage for the dashboard is full, so the batch could not be recorded and nothing was sent. Delete old batches from the list, or free disk space, and try again.";

/** Turns a storage failure into an Error; a full quota gets a message that says what to do. */
export function journalError(e: unknown): Error {
  const name = (e as { name?: unknown } | null)?.name;
  if (name === 'QuotaExceededError') return new JournalError(QUOTA_MESSAGE);
  if (e instanceof Error) return e;
  return new JournalError(`The batch journal failed: ${String(e)}`);
}

const promised = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(journalError(req.error));
  });

const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(journalError(tx.error));
    tx.onabort = () => reject(journalError(tx.error ?? new DOMException('The transaction was aborted.', 'AbortError')));
  });

const rowRange = (batchId: string): IDBKeyRange => IDBKeyRange.bound([batchId, 0], [batchId, Number.MAX_SAFE_INTEGER]);

/**
 * The batch journal: every batch and row is written here before any request, and each outcome as
 * it returns, so a reload, crash or closed tab loses nothing and the batch resumes where it stopped.
 */
export class BatchJournal {
  private dbPromise: Promise<IDBDatabase> | null = null;
  private listeners = new Set<(batchId: string) => void>();
  private persistAsked = false;

  constructor(
    private readonly factory: IDBFactory = globalThis.indexedDB,
    private readonly name = JOURNAL_DB,
  ) {}

  private db(): Promise<IDBDatabase> {
    this.dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (this.factory === undefined) {
        reject(
          new JournalError('This browser has no IndexedDB (private mode?), so batches cannot be recorded safely.'),
        );
        return;
      }
      const req = this.factory.open(this.name, 1);
      req.onupgradeneeded = () => {
        const db = req.result;
        const batches = db.createObjectStore('batches', { keyPath: 'id' });
        batches.createIndex('workflowId', 'workflowId');
        db.createObjectStore('rows', { keyPath: ['batchId', 'index'] });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(journalError(req.error));
      req.onblocked = () =>
        reject(new JournalError('Another tab holds an older version of the batch journal open; close it and reload.'));
    });
    return this.dbPromise;
  }

  /** Calls `listener(batchId)` after each write in this tab. */
  subscribe(listener: (batchId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(batchId: string): void {
    for (const l of this.listeners) l(batchId);
  }

  /** Asks once per session for storage that the browser will not evict under pressure. */
  private async askPersistence(): Promise<void> {
    if (this.persistAsked) return;
    this.persistAsked = true;
    try {
      await globalThis.navigator?.storage?.persist?.();
    } catch {
      // Persistence is a request, not a requirement: the journal works without it.
    }
  }

  /** Records a new batch and all its rows in one transaction: either all of it is saved or none. */
  async create(batch: BatchRecord, rows: RowRecord[]): Promise<void> {
    await this.askPersistence();
    await this.write(batch.id, ['batches', 'rows'], (tx) => {
      tx.objectStore('batches').put(batch);
      const store = tx.objectStore('rows');
      for (const r of rows) store.put(r);
    });
  }

  async get(batchId: string): Promise<BatchRecord | undefined> {
    const db = await this.db();
    return promised(
      db.transaction('batches').objectStore('batches').get(batchId) as IDBRequest<BatchRecord | undefined>,
    );
  }

  /** Batches of one workflow, newest first. */
  async list(workflowId: string): Promise<BatchRecord[]> {
    const db = await this.db();
    const all = await promised(
      db.transaction('batches').objectStore('batches').index('workflowId').getAll(workflowId) as IDBRequest<
        BatchRecord[]
      >,
    );
    return all.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Every batch in this browser, of every workflow, in no particular order. */
  async all(): Promise<BatchRecord[]> {
    const db = await this.db();
    return promised(db.transaction('batches').objectStore('batches').getAll() as IDBRequest<BatchRecord[]>);
  }

  async rows(batchId: string): Promise<RowRecord[]> {
    const db = await this.db();
    return promised(db.transaction('rows').objectStore('rows').getAll(rowRange(batchId)) as IDBRequest<RowRecord[]>);
  }

  /**
   * Reads the batch and its rows, lets `change` edit them, and writes back the batch and the rows
   * it returns, atomically; the new batch is returned.
   */
  async update(
    batchId: string,
    change: (batch: BatchRecord) => { batch: BatchRecord; rows?: RowRecord[] },
  ): Promise<BatchRecord> {
    return this.updateRows(batchId, [], (batch) => change(batch));
  }

  /**
   * Like `update`, but also reads the rows at `indices` inside the same transaction, so a change
   * decided from them (a status seen on a page) cannot overwrite what another writer just stored
   * (a re-run that replaced the row's execution). Missing rows are left out.
   */
  async updateRows(
    batchId: string,
    indices: readonly number[],
    change: (batch: BatchRecord, rows: RowRecord[]) => { batch: BatchRecord; rows?: RowRecord[] },
  ): Promise<BatchRecord> {
    const db = await this.db();
    let next: BatchRecord | undefined;
    try {
      const tx = db.transaction(['batches', 'rows'], 'readwrite');
      const finished = done(tx);
      const batches = tx.objectStore('batches');
      const store = tx.objectStore('rows');
      const [current, ...rows] = await Promise.all([
        promised(batches.get(batchId) as IDBRequest<BatchRecord | undefined>),
        ...indices.map((i) => promised(store.get([batchId, i]) as IDBRequest<RowRecord | undefined>)),
      ]);
      if (current === undefined) {
        tx.abort();
        await finished.catch(() => undefined);
        throw new JournalError('This batch is no longer in the journal.');
      }
      const out = change(
        current as BatchRecord,
        rows.filter((r): r is RowRecord => r !== undefined),
      );
      next = out.batch;
      batches.put(out.batch);
      for (const r of out.rows ?? []) store.put(r);
      await finished;
    } catch (e) {
      throw journalError(e);
    }
    this.notify(batchId);
    return next;
  }

  async putRows(batchId: string, rows: RowRecord[]): Promise<void> {
    await this.write(batchId, ['rows'], (tx) => {
      const store = tx.objectStore('rows');
      for (const r of rows) store.put(r);
    });
  }

  async remove(batchId: string): Promise<void> {
    await this.write(batchId, ['batches', 'rows'], (tx) => {
      tx.objectStore('batches').delete(batchId);
      tx.objectStore('rows').delete(rowRange(batchId));
    });
  }

  /** One write transaction: storage errors (a full quota) become JournalErrors, and listeners hear of it once it commits. */
  private async write(
    batchId: string,
    stores: Array<'batches' | 'rows'>,
    fill: (tx: IDBTransaction) => void,
  ): Promise<void> {
    const db = await this.db();
    try {
      const tx = db.transaction(stores, 'readwrite');
      const finished = done(tx);
      fill(tx);
      await finished;
    } catch (e) {
      throw journalError(e);
    }
    this.notify(batchId);
  }

  /**
   * After a reload or crash: a chunk still marked `sending` may have reached the server, so it
   * becomes `unconfirmed` and its rows `unknown`, never silently re-sent. Returns whether it changed anything.
   */
  async recover(batchId: string, now = Date.now()): Promise<boolean> {
    const batch = await this.get(batchId);
    if (batch === undefined || !batch.chunks.some((c) => c.state === 'sending')) return false;
    const rows = await this.rows(batchId);
    await this.update(batchId, (b) => {
      const touched: RowRecord[] = [];
      const chunks = b.chunks.map((c) => {
        if (c.state !== 'sending') return c;
        for (const i of c.rows) {
          const r = rows[i];
          if (r !== undefined) touched.push({ ...r, status: 'unknown' });
        }
        return {
          ...c,
          state: 'unconfirmed' as const,
          settledAt: now,
          error: 'The page closed while this chunk was being sent.',
        };
      });
      const byIndex = new Map(touched.map((r) => [r.index, r]));
      return { batch: { ...b, chunks, counts: countRows(rows.map((r) => byIndex.get(r.index) ?? r)) }, rows: touched };
    });
    return true;
  }
}

let shared: BatchJournal | null = null;

/** The app-wide journal. */
export function getJournal(): BatchJournal {
  shared ??= new BatchJournal();
  return shared;
}

/** SHA-256 of the uploaded file, hex, to tell the same file uploaded twice. */
export async function sha256Hex(data: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
