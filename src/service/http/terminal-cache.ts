import { LRUCache } from 'lru-cache';
import type { ExecutionView } from '../store/records';

const key = (accountId: string, workflowId: string, executionId: string) => `${accountId}/${workflowId}/${executionId}`;

interface Entry {
  execution: ExecutionView;
  /** The serialized GET answer, and the link expiry it was presented with. */
  linkExpiry: number;
  body: string;
}

/**
 * Finished and failed executions never change; only deleting their workflow removes them. On a store
 * no other process writes runs to (SQLite), polling one again therefore need not touch the database:
 * GET execution reads it here, with its results from the ResultCache. Deleting a workflow forgets its runs.
 *
 * The serialized answer is kept too. Only its signed links change, once a second (their expiry),
 * so a run polled many times a second is presented and serialized once per second.
 */
export class TerminalExecutions {
  private readonly entries = new LRUCache<string, Entry>({ max: 20_000 });

  get(accountId: string, workflowId: string, executionId: string): ExecutionView | undefined {
    return this.entries.get(key(accountId, workflowId, executionId))?.execution;
  }

  /** The answer kept for this execution, if it was presented with links of this expiry. */
  answer(accountId: string, workflowId: string, executionId: string, linkExpiry: number): string | undefined {
    const entry = this.entries.get(key(accountId, workflowId, executionId));
    return entry?.linkExpiry === linkExpiry ? entry.body : undefined;
  }

  /** Keeps an ended execution (finished or error; others may still change) and its serialized answer, presented with links of `linkExpiry`. */
  rememberAnswer(accountId: string, execution: ExecutionView, linkExpiry: number, body: string): void {
    if (!ended(execution)) return;
    this.entries.set(key(accountId, execution.workflow_id, execution.id), { execution, linkExpiry, body });
  }

  forgetWorkflow(workflowId: string): void {
    for (const [name, entry] of this.entries.entries()) {
      if (entry.execution.workflow_id === workflowId) this.entries.delete(name);
    }
  }
}

const ended = (execution: ExecutionView) => execution.status === 'finished' || execution.status === 'error';
