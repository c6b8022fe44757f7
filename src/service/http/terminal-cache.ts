import { LRUCache } from 'lru-cache';
import type { ExecutionView } from '../store/records';

const key = (accountId: string, workflowId: string, executionId: string) => `${accountId}/${workflowId}/${executionId}`;

/**
 * Finished and failed executions never change; only deleting their workflow removes them. On a store
 * no other process writes runs to (SQLite), polling one again therefore need not touch the database:
 * GET execution reads it here, with its results from the ResultCache. Deleting a workflow forgets its runs.
 */
export class TerminalExecutions {
  private readonly entries = new LRUCache<string, ExecutionView>({ max: 20_000 });

  get(accountId: string, workflowId: string, executionId: string): ExecutionView | undefined {
    return this.entries.get(key(accountId, workflowId, executionId));
  }

  /** Keeps `execution` when it has ended (finished or error); others may still change. */
  remember(accountId: string, execution: ExecutionView): void {
    if (execution.status !== 'finished' && execution.status !== 'error') return;
    this.entries.set(key(accountId, execution.workflow_id, execution.id), execution);
  }

  forgetWorkflow(workflowId: string): void {
    for (const [name, execution] of this.entries.entries()) {
      if (execution.workflow_id === workflowId) this.entries.delete(name);
    }
  }
}
