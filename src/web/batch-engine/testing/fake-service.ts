import type { ExecutionDetail, ExecutionListItem, ListPage, ResultFile } from '@contract/openapi-document';
import { NetworkError, NotFoundError } from '@/api/errors';
import { FakeBatches } from '@/testing/fake-v1/batches';
import {
  detailOf,
  executionItem,
  FakeV1Data,
  isEnded,
  MicrosecondClock,
  pageOf,
  type StoredExecution,
} from '@/testing/fake-v1/data';
import { buildBatch, type BatchSource } from '../build-batch';

/**
 * The batch engine's view of the one fake v1 service (src/web/testing/fake-v1/), called in process
 * instead of over HTTP: one workflow's executions with the service's microsecond timestamps, a
 * queue that `advance` moves on, rows that `failsWhen` fails, and the extensions the engine uses
 * (cancel, batches, batch results), each switchable off. Counters and `loseNextAnswer` let a test
 * see and break the calls. `order` picks which end the service's list starts from.
 */
export class FakeService {
  /** The shared fake's state; `executions` and `batchRows` below are views of it. */
  readonly data = new FakeV1Data(new MicrosecondClock());
  private readonly batches = new FakeBatches(this.data, (id) => this.files(id));
  listCalls = 0;
  batchCalls = 0;
  detailCalls = 0;
  resultCalls = 0;
  cancelCalls: unknown[] = [];
  /** When set, the next batch request is created on the "server" but its answer is lost. */
  loseNextAnswer = false;
  /** Like the local service outside strict mode: list items of final executions carry their files (no content). */
  listResults = false;
  /** Like the local service outside strict mode: batch answers carry a batch_id. */
  batchIds = false;
  /** Like the local service's batches extension: batches declared here, and each row's executions by attempt. */
  sharedBatches = false;
  /** Like the local service's batch results extension: rows with their files, texts inline, hundreds a page. */
  batchResults = false;
  failsWhen: (input: Record<string, unknown>) => boolean = () => false;

  constructor(
    readonly workflowId = '11111111-1111-4111-8111-111111111111',
    readonly order: 'newest-first' | 'oldest-first' = 'newest-first',
  ) {}

  get executions(): StoredExecution[] {
    return this.data.executions;
  }

  /** Keeps only the executions given (the others were deleted on the service). */
  set executions(kept: StoredExecution[]) {
    const ids = new Set(kept.map((e) => e.id));
    this.data.remove((e) => ids.has(e.id));
  }

  get declared() {
    return this.batches.declared;
  }

  get batchRows() {
    return this.batches.rows;
  }

  /** Moves the service's clock (ms since epoch); it never goes backward. */
  setClock(ms: number): void {
    (this.data.clock as MicrosecondClock).set(ms);
  }

  create(input: Record<string, unknown> = {}): StoredExecution {
    return this.data.addExecution(this.workflowId, { input });
  }

  /** Moves the queue on: `finish` running executions end, then up to 10 run, in creation order. */
  advance(finish = 10): void {
    let ended = 0;
    for (const e of this.executions) {
      if (e.status === 'processing' && ended < finish) {
        this.data.end(e, this.failsWhen(e.input) ? `Row failed: ${JSON.stringify(e.input)}` : undefined);
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

  /** Throws, once, after the request was carried out: the answer is lost on the way back. */
  private answer<T>(result: T): T {
    if (!this.loseNextAnswer) return result;
    this.loseNextAnswer = false;
    throw new NetworkError();
  }

  /** The API subset the batch feature uses. */
  api = {
    createBatch: async (_workflowId: string, items: Record<string, unknown>[]) => {
      this.batchCalls += 1;
      const { batch_id, ...created } = this.data.createBatch(this.workflowId, items);
      return this.answer({ ...created, ...(this.batchIds ? { batch_id } : {}) });
    },
    cancelExecutions: async (_workflowId: string, target: { batch_id: string } | { execution_ids: string[] }) => {
      this.cancelCalls.push(target);
      const ids =
        'batch_id' in target
          ? this.executions.filter((e) => e.batch_id === target.batch_id).map((e) => e.id)
          : target.execution_ids;
      return this.data.cancel(ids, 'cancelled by test (API key)');
    },
    listExecutions: async (
      _workflowId: string,
      page: { limit?: number; cursor?: string | null } = {},
    ): Promise<ListPage<ExecutionListItem>> => {
      this.listCalls += 1;
      const { data, cursor } = pageOf(this.executions, page, { order: this.order });
      // Like the real client: each page is handed over newest-first, whatever the service's order.
      const items = data.map((e) =>
        this.listResults && isEnded(e.status)
          ? { ...executionItem(e), results: this.files(e.id).map(({ filename, url }) => ({ filename, url })) }
          : executionItem(e),
      );
      return { data: items.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)), cursor };
    },
    getExecution: async (_workflowId: string, id: string): Promise<ExecutionDetail> => {
      this.detailCalls += 1;
      const e = this.data.find(id);
      if (e === undefined) throw new NotFoundError('execution not found');
      return { ...detailOf(e), results: isEnded(e.status) ? this.files(id) : null };
    },
  };

  /** The batches extension's calls, on top of `api`. */
  sharedApi = {
    sharedBatchesSupported: async () => this.sharedBatches,
    declareBatch: async (
      id: string,
      body: {
        workflow_id: string;
        file_name: string;
        columns: string[];
        mapping: Record<string, unknown>;
        row_count: number;
      },
    ) => this.batches.declare(id, body),
    createBatchRuns: async (id: string, items: { row: number; attempt: number; input: Record<string, unknown> }[]) => {
      this.batchCalls += 1;
      return this.answer(this.batches.run(id, items));
    },
    getBatch: async (id: string) => this.batches.view(id),
    listBatchRows: async (id: string, cursor: string | null) => {
      this.listCalls += 1;
      return this.batches.rowsPage(id, cursor, 100);
    },
    batchResultsSupported: async () => this.batchResults,
    listBatchResults: async (id: string, cursor: string | null, limit?: number) => {
      this.resultCalls += 1;
      return this.batches.resultsPage(id, cursor, limit ?? 500);
    },
  };

  /** An execution's files as its detail shows them: a report (and a PDF, link only) or error.txt. */
  files(id: string): ResultFile[] {
    const e = this.data.find(id)!;
    if (e.status === 'error')
      return [{ filename: 'error.txt', url: `http://files/${id}/error.txt`, content: e.error ?? 'failed' }];
    return [
      { filename: 'report.md', url: `http://files/${id}/report.md`, content: `# ${String(e.input.name ?? id)}` },
      { filename: 'report.pdf', url: `http://files/${id}/report.pdf` },
    ];
  }

  /** What the presigned links serve: the files' contents, by url. */
  fileBody(url: string): string | undefined {
    const m = /^http:\/\/files\/([^/]+)\/(.+)$/.exec(url);
    if (m === null) return undefined;
    const file = this.data.find(m[1]!) === undefined ? undefined : this.files(m[1]!).find((f) => f.filename === m[2]);
    return file === undefined ? undefined : (file.content ?? '%PDF-1.4 binary');
  }
}

/**
 * A batch of `rows` one-column rows (`name` = prefix + index) for the fake service's workflow, the
 * shape the submission, tracking, gathering and stop tests all start from.
 */
export function nameBatch(
  workflowId: string,
  rows: number,
  options: Partial<Pick<BatchSource, 'skipped' | 'now' | 'fileName'>> & { prefix?: string } = {},
) {
  const prefix = options.prefix ?? 'r';
  return buildBatch({
    id: crypto.randomUUID(),
    workflowId,
    workflowName: 'Demo',
    fileName: options.fileName ?? 'f.csv',
    fileSha256: 'x',
    fileBytes: 1,
    columns: ['name'],
    mapping: { columns: { name: 'name' }, constants: {} },
    concurrency: null,
    cells: Array.from({ length: rows }, (_, i) => [`${prefix}${i}`]),
    inputs: Array.from({ length: rows }, (_, i) => ({ name: `${prefix}${i}` })),
    skipped: options.skipped ?? new Map(),
    now: options.now ?? 0,
  });
}
