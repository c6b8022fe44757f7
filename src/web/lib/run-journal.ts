/**
 * The local run journal. The API never returns an execution's input, so the dashboard records what
 * it submitted (per execution id) in IndexedDB: the execution page can show it, offer "Run again",
 * and the background watcher knows which executions this browser started.
 */

export interface JournalEntry {
  executionId: string;
  workflowId: string;
  /** The input sent; null when the request had no input. */
  input: Record<string, unknown> | null;
  submittedAt: number;
  /** 0 until the watcher has seen the execution end (IndexedDB cannot index booleans). */
  settled: 0 | 1;
  /** The profile that started it, so another account's runs are not watched with this key. */
  profileId: string;
}

const DB_NAME = 'workflow-dashboard';
const STORE = 'runs';

const promisify = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

export class RunJournal {
  private db: Promise<IDBDatabase>;

  constructor(factory: IDBFactory) {
    this.db = new Promise((resolve, reject) => {
      const open = factory.open(DB_NAME, 1);
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore(STORE, { keyPath: 'executionId' });
        store.createIndex('workflowId', 'workflowId');
        store.createIndex('settled', 'settled');
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
    });
  }

  private async run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await this.db;
    return promisify(fn(db.transaction(STORE, mode).objectStore(STORE)));
  }

  async record(entry: Omit<JournalEntry, 'settled' | 'submittedAt'> & { submittedAt?: number }): Promise<JournalEntry> {
    const full: JournalEntry = { ...entry, submittedAt: entry.submittedAt ?? Date.now(), settled: 0 };
    await this.run('readwrite', (s) => s.put(full));
    return full;
  }

  async get(executionId: string): Promise<JournalEntry | null> {
    return (await this.run('readonly', (s) => s.get(executionId) as IDBRequest<JournalEntry | undefined>)) ?? null;
  }

  /** Entries of one workflow, newest first. */
  async forWorkflow(workflowId: string): Promise<JournalEntry[]> {
    const all = await this.run(
      'readonly',
      (s) => s.index('workflowId').getAll(workflowId) as IDBRequest<JournalEntry[]>,
    );
    return all.sort((a, b) => b.submittedAt - a.submittedAt);
  }

  /** Executions started here and not yet seen to end, oldest first. */
  async unsettled(profileId: string, since = 0): Promise<JournalEntry[]> {
    const all = await this.run('readonly', (s) => s.index('settled').getAll(0) as IDBRequest<JournalEntry[]>);
    return all
      .filter((e) => e.profileId === profileId && e.submittedAt >= since)
      .sort((a, b) => a.submittedAt - b.submittedAt);
  }

  /** Marks an entry settled; true only for the call that changed it, so one tab announces it. */
  async markSettled(executionId: string): Promise<boolean> {
    const db = await this.db;
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let changed = false;
      const read = store.get(executionId) as IDBRequest<JournalEntry | undefined>;
      read.onsuccess = () => {
        const entry = read.result;
        if (entry && entry.settled === 0) {
          changed = true;
          store.put({ ...entry, settled: 1 });
        }
      };
      tx.oncomplete = () => resolve(changed);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    });
  }
}

let journal: RunJournal | null = null;

/** The app-wide journal, or null where IndexedDB is unavailable (the dashboard then just forgets). */
export function getRunJournal(): RunJournal | null {
  if (journal) return journal;
  if (typeof indexedDB === 'undefined') return null;
  journal = new RunJournal(indexedDB);
  return journal;
}
