import type {
  CancelExecutionsResponse,
  ExecutionDetail,
  ExecutionListItem,
  ExecutionStatus,
  ListPage,
  ResultFile,
  Schemas,
  WorkflowDetail,
} from '@contract/openapi-document';

/** An execution as the fake keeps it: what GET shows, plus what v1 never returns (the input) and the extensions' fields. */
export interface StoredExecution extends ExecutionDetail {
  input: Record<string, unknown>;
  error?: string;
  /** Who started it and its batch, shown on list items with the extensions. */
  started_by?: Schemas['ExecutionActor'];
  batch_id?: string;
}

/** Where the fake's times come from: each call is a new ISO time, later than the one before. */
export interface FakeClock {
  next(): string;
}

/** Times a minute apart from a fixed instant, so lists sort the same on every run. */
export function minuteClock(epochMs = Date.UTC(2026, 0, 5, 9, 0, 0)): FakeClock {
  let minute = 0;
  return {
    next: () => {
      minute += 1;
      return new Date(epochMs + minute * 60_000).toISOString();
    },
  };
}

/**
 * Times from now on, 1.234 ms apart, with microseconds as the service writes them
 * (`…12.345678Z`): the reconciliation reads them against the browser's own clock.
 */
export class MicrosecondClock implements FakeClock {
  private micros = Date.now() * 1000;

  /** Moves the clock to `ms` since the epoch; it never goes backward. */
  set(ms: number): void {
    this.micros = Math.max(this.micros, ms * 1000);
  }

  next(): string {
    this.micros += 1234;
    const ms = Math.floor(this.micros / 1000);
    const micro = String(this.micros % 1000).padStart(3, '0');
    return new Date(ms).toISOString().replace('Z', `${micro}Z`);
  }
}

/** What a final execution is, for the queue and the results. */
export const isEnded = (status: ExecutionStatus): boolean => status === 'finished' || status === 'error';

/** What a test may set on a run it adds; the store picks the rest. A new field of runs goes here. */
export interface NewExecutionFields {
  status?: ExecutionStatus;
  results?: ResultFile[] | null;
  input?: Record<string, unknown>;
  startedBy?: Schemas['ExecutionActor'];
  batchId?: string;
}

/**
 * The state and the v1 semantics of the one in-memory Workflow Automation Service behind the web
 * tests: workflows, executions (created alone or as a batch, cancelled, ended), newest-first pages
 * with `created_at` cursors. The HTTP face is FakeV1Server (src/web/testing/fake-v1-server.ts);
 * the batch engine's tests call it in process through FakeService
 * (src/web/batch-engine/testing/fake-service.ts). Either way the same rules answer.
 */
export class FakeV1Data {
  readonly workflows: WorkflowDetail[] = [];
  /** Every execution, in creation order. */
  readonly executions: StoredExecution[] = [];
  /** When each ended execution ended, by id, as the batch results extension tells it. */
  readonly endedAt = new Map<string, string>();

  constructor(readonly clock: FakeClock = minuteClock()) {}

  addWorkflow(fields: Partial<WorkflowDetail> & { name: string }): WorkflowDetail {
    const at = this.clock.next();
    const workflow: WorkflowDetail = {
      id: crypto.randomUUID(),
      description: '',
      created_at: at,
      updated_at: at,
      input_schema: null,
      ...fields,
    };
    this.workflows.push(workflow);
    return workflow;
  }

  addExecution(workflowId: string, fields: NewExecutionFields = {}): StoredExecution {
    const execution: StoredExecution = {
      id: crypto.randomUUID(),
      workflow_id: workflowId,
      status: fields.status ?? 'initial',
      created_at: this.clock.next(),
      results: fields.results ?? null,
      input: fields.input ?? {},
      ...(fields.startedBy ? { started_by: fields.startedBy } : {}),
      ...(fields.batchId ? { batch_id: fields.batchId } : {}),
    };
    this.executions.push(execution);
    return execution;
  }

  /** A v1 batch: one execution per input, created in index order, so their `created_at` increase with the index. */
  createBatch(workflowId: string, inputs: Record<string, unknown>[], batchId = crypto.randomUUID()) {
    const executions = inputs.map((input, index) => ({
      execution_id: this.addExecution(workflowId, { input, batchId }).id,
      index,
    }));
    return { batch_id: batchId, workflow_id: workflowId, total: inputs.length, executions };
  }

  find(id: string): StoredExecution | undefined {
    return this.executions.find((e) => e.id === id);
  }

  /** Removes executions (as retention or a person deleting them would). */
  remove(keep: (e: StoredExecution) => boolean): void {
    const kept = this.executions.filter(keep);
    this.executions.splice(0, this.executions.length, ...kept);
  }

  /** Ends an execution: finished, or in error with `error` as its message. */
  end(execution: StoredExecution, error?: string): void {
    execution.status = error === undefined ? 'finished' : 'error';
    if (error !== undefined) execution.error = error;
    this.endedAt.set(execution.id, this.clock.next());
  }

  /**
   * The local service's cancel extension: executions not yet final end in error with `reason`
   * (queued ones at once, running ones "at their next step", counted as stopping).
   */
  cancel(ids: readonly string[], reason: string): CancelExecutionsResponse {
    const out = { cancelled: 0, stopping: 0, unchanged: 0, not_found: 0 };
    for (const id of ids) {
      const e = this.find(id);
      if (e === undefined) out.not_found += 1;
      else if (isEnded(e.status)) out.unchanged += 1;
      else {
        if (e.status === 'processing') out.stopping += 1;
        else out.cancelled += 1;
        e.status = 'error';
        e.error = reason;
      }
    }
    return out;
  }
}

/** A v1 execution list item: what the list says of a run (its error, when it has one). */
export const executionItem = ({ id, workflow_id, status, created_at, error }: StoredExecution): ExecutionListItem => ({
  id,
  workflow_id,
  status,
  created_at,
  ...(error !== undefined ? { error } : {}),
});

export const detailOf = ({ id, workflow_id, status, created_at, results }: StoredExecution): ExecutionDetail => ({
  id,
  workflow_id,
  status,
  created_at,
  results,
});

/**
 * A v1 page: sorted by `sortTime`, newest first (or, for a service that lists the other way,
 * oldest first); `cursor` is the sort time of the page's last item and the next page starts
 * strictly past it.
 */
export function pageOf<T extends { created_at: string }>(
  items: readonly T[],
  { limit = 20, cursor = null }: { limit?: number; cursor?: string | null },
  { sortTime = (item: T) => item.created_at, order = 'newest-first' }: PageOrder<T> = {},
): ListPage<T> {
  const sorted = [...items].sort((a, b) => (sortTime(a) < sortTime(b) ? 1 : -1));
  if (order === 'oldest-first') sorted.reverse();
  const after =
    cursor === null
      ? sorted
      : sorted.filter((item) => (order === 'newest-first' ? sortTime(item) < cursor : sortTime(item) > cursor));
  const data = after.slice(0, limit);
  return { data, cursor: after.length > limit ? sortTime(data.at(-1)!) : null };
}

interface PageOrder<T> {
  sortTime?: (item: T) => string;
  order?: 'newest-first' | 'oldest-first';
}
