import { BoundedCache, type CacheLimits } from '../../lib/bounded-cache';
import { EXECUTION_VIEW_COLUMNS } from '../../store/executions/table';
import type { ExecutionView } from '../../store/records';

const key = (accountId: string, workflowId: string, executionId: string) => `${accountId}/${workflowId}/${executionId}`;

interface Entry {
  execution: ExecutionView;
  /** The serialized GET answer, and the link expiry it was presented with. */
  linkExpiry: number;
  body: string;
}

/** An answer above maxEntryBytes (many inline results) is served as usual but not kept. */
export const TERMINAL_CACHE_LIMITS: CacheLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
  maxEntries: 20_000,
};

/** An upper bound of an entry's memory: the answer at two bytes a character, plus the execution record. */
const entryBytes = (entry: Entry) => 2 * entry.body.length + 1024;

/**
 * Finished and failed executions never change; only deleting their workflow or retention removes them. On a store
 * no other process writes runs to (SQLite), polling one again therefore need not touch the database:
 * GET execution reads it here, with its results from the ResultCache. Deleting a workflow forgets its runs.
 *
 * The serialized answer is kept too. Only its signed links change, once a second (their expiry),
 * so a run polled many times a second is presented and serialized once per second. Least recently
 * read answers go first once the cache holds `maxBytes` or `maxEntries`.
 */
export class TerminalExecutions extends BoundedCache<Entry> {
  constructor(limits: CacheLimits = TERMINAL_CACHE_LIMITS) {
    super(limits, entryBytes);
  }

  get(accountId: string, workflowId: string, executionId: string): ExecutionView | undefined {
    return this.entries.get(key(accountId, workflowId, executionId))?.execution;
  }

  /** The answer kept for this execution, if it was presented with links of this expiry. */
  answer(accountId: string, workflowId: string, executionId: string, linkExpiry: number): string | undefined {
    const entry = this.entries.get(key(accountId, workflowId, executionId));
    return entry?.linkExpiry === linkExpiry ? entry.body : undefined;
  }

  /**
   * The answer kept for `execution` as just read from a shared store, if it was presented from the
   * same row with links of this expiry: another replica may have deleted or changed the run since.
   */
  answerFor(execution: ExecutionView, linkExpiry: number): string | undefined {
    const entry = this.entries.get(key(execution.account_id, execution.workflow_id, execution.id));
    if (entry?.linkExpiry !== linkExpiry) return undefined;
    return EXECUTION_VIEW_COLUMNS.every((column) => entry.execution[column] === execution[column])
      ? entry.body
      : undefined;
  }

  /** Keeps an ended execution (finished or error; others may still change) and its serialized answer, presented with links of `linkExpiry`. */
  rememberAnswer(accountId: string, execution: ExecutionView, linkExpiry: number, body: string): void {
    if (!ended(execution)) return;
    this.entries.set(key(accountId, execution.workflow_id, execution.id), { execution, linkExpiry, body });
  }

  /** Forgets executions retention deleted: one walk over the kept answers per batch of ids. */
  forgetExecutions(ids: readonly string[]): void {
    if (this.entries.size === 0) return;
    const gone = new Set(ids);
    for (const [name, entry] of this.entries.entries()) if (gone.has(entry.execution.id)) this.entries.delete(name);
  }

  forgetWorkflow(workflowId: string): void {
    for (const [name, entry] of this.entries.entries()) {
      if (entry.execution.workflow_id === workflowId) this.entries.delete(name);
    }
  }
}

const ended = (execution: ExecutionView) => execution.status === 'finished' || execution.status === 'error';
