import type { ExecutionDetail, ExecutionListItem, ListPage } from '../../../contract/openapi-document';
import { NetworkError } from '../../api/errors';

interface FakeExecution extends ExecutionListItem {
  input: Record<string, unknown>;
}

/**
 * An in-memory stand-in for one workflow's executions, faithful to the v1 list semantics (cursor =
 * created_at of the last item, next page strictly past it, microsecond timestamps), for unit tests
 * of submission, reconciliation and tracking. `order` picks which end the list starts from.
 */
export class FakeService {
  executions: FakeExecution[] = [];
  listCalls = 0;
  batchCalls = 0;
  detailCalls = 0;
  private clock = Date.now() * 1000;
  /** When set, the next batch request is created on the "server" but its answer is lost. */
  loseNextAnswer = false;
  failsWhen: (input: Record<string, unknown>) => boolean = () => false;

  constructor(
    readonly workflowId = '11111111-1111-4111-8111-111111111111',
    readonly order: 'newest-first' | 'oldest-first' = 'newest-first',
  ) {}

  /** Moves the service's clock (ms since epoch); it never goes backward. */
  setClock(ms: number): void {
    this.clock = Math.max(this.clock, ms * 1000);
  }

  private stamp(): string {
    this.clock += 1234;
    const ms = Math.floor(this.clock / 1000);
    const micro = String(this.clock % 1000).padStart(3, '0');
    return new Date(ms).toISOString().replace('Z', `${micro}Z`);
  }

  create(input: Record<string, unknown> = {}): FakeExecution {
    const e: FakeExecution = { id: crypto.randomUUID(), workflow_id: this.workflowId, status: 'initial', created_at: this.stamp(), input };
    this.executions.push(e);
    return e;
  }

  /** Moves the queue on: `finish` running executions end, then up to 10 run, in creation order. */
  advance(finish = 10): void {
    let ended = 0;
    for (const e of this.executions) {
      if (e.status === 'processing' && ended < finish) {
        const failed = this.failsWhen(e.input);
        e.status = failed ? 'error' : 'finished';
        if (failed) e.error = `Row failed: ${JSON.stringify(e.input)}`;
        ended += 1;
      }
    }
    let running = this.executions.filter((e) => e.status === 'processing').length;
    for (const e of this.executions) {
      if (running >= 10) break;
      if (e.status === 'initial') {
        e.status = 'processing';
        running += 1;
      }
    }
  }

  /** The API subset the batch feature uses. */
  api = {
    createBatch: async (_workflowId: string, items: Record<string, unknown>[]) => {
      this.batchCalls += 1;
      const executions = items.map((input, index) => ({ execution_id: this.create(input).id, index }));
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        throw new NetworkError();
      }
      return { workflow_id: this.workflowId, total: items.length, executions };
    },
    listExecutions: async (_workflowId: string, page: { limit?: number; cursor?: string | null } = {}): Promise<ListPage<ExecutionListItem>> => {
      this.listCalls += 1;
      const limit = page.limit ?? 20;
      const sorted = [...this.executions].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      if (this.order === 'oldest-first') sorted.reverse();
      const after = page.cursor ?? null;
      const rest = after === null ? sorted : sorted.filter((e) => (this.order === 'newest-first' ? e.created_at < after : e.created_at > after));
      const data = rest.slice(0, limit);
      const cursor = rest.length > limit ? data[data.length - 1]!.created_at : null;
      // Like the real client: each page is handed over newest-first, whatever the service's order.
      const items = data.map(({ input: _input, ...item }) => ({ ...item }));
      return { data: items.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)), cursor };
    },
    getExecution: async (_workflowId: string, id: string): Promise<ExecutionDetail> => {
      this.detailCalls += 1;
      const e = this.executions.find((x) => x.id === id)!;
      const results =
        e.status === 'finished'
          ? [{ filename: 'report.md', url: `http://files/${id}/report.md`, content: `# ${String(e.input.name ?? id)}` }]
          : e.status === 'error'
            ? [{ filename: 'error.txt', url: `http://files/${id}/error.txt`, content: e.error ?? 'failed' }]
            : null;
      return { id, workflow_id: this.workflowId, status: e.status, created_at: e.created_at, results };
    },
  };
}
