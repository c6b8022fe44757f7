import type { ExecutionDetail, ExecutionListItem, ListPage } from '@contract/openapi-document';
import { NetworkError, NotFoundError } from '@/api/errors';
import { buildBatch, type BatchSource } from '../build-batch';

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
  cancelCalls: unknown[] = [];
  /** When set, the next batch request is created on the "server" but its answer is lost. */
  loseNextAnswer = false;
  /** Like the local service outside strict mode: list items of final executions carry their files (no content). */
  listResults = false;
  /** Like the local service outside strict mode: batch answers carry a batch_id. */
  batchIds = false;
  private batchOf = new Map<string, string>();
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
    const e: FakeExecution = {
      id: crypto.randomUUID(),
      workflow_id: this.workflowId,
      status: 'initial',
      created_at: this.stamp(),
      input,
    };
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
        this.endedAt.set(e.id, this.stamp());
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
      const batchId = crypto.randomUUID();
      const executions = items.map((input, index) => ({ execution_id: this.create(input).id, index }));
      for (const e of executions) this.batchOf.set(e.execution_id, batchId);
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        throw new NetworkError();
      }
      return {
        workflow_id: this.workflowId,
        total: items.length,
        executions,
        ...(this.batchIds ? { batch_id: batchId } : {}),
      };
    },
    /** The local service's cancel extension: queued executions end in error at once, running ones "at their next step". */
    cancelExecutions: async (_workflowId: string, target: { batch_id: string } | { execution_ids: string[] }) => {
      this.cancelCalls.push(target);
      const ids =
        'batch_id' in target
          ? [...this.batchOf].filter(([, b]) => b === target.batch_id).map(([id]) => id)
          : target.execution_ids;
      const out = { cancelled: 0, stopping: 0, unchanged: 0, not_found: 0 };
      for (const id of ids) {
        const e = this.executions.find((x) => x.id === id);
        if (e === undefined) out.not_found += 1;
        else if (e.status === 'initial' || e.status === 'human_in_the_loop' || e.status === 'processing') {
          if (e.status === 'processing') out.stopping += 1;
          else out.cancelled += 1;
          e.status = 'error';
          e.error = 'cancelled by test (API key)';
        } else out.unchanged += 1;
      }
      return out;
    },
    listExecutions: async (
      _workflowId: string,
      page: { limit?: number; cursor?: string | null } = {},
    ): Promise<ListPage<ExecutionListItem>> => {
      this.listCalls += 1;
      const limit = page.limit ?? 20;
      const sorted = [...this.executions].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      if (this.order === 'oldest-first') sorted.reverse();
      const after = page.cursor ?? null;
      const rest =
        after === null
          ? sorted
          : sorted.filter((e) => (this.order === 'newest-first' ? e.created_at < after : e.created_at > after));
      const data = rest.slice(0, limit);
      const cursor = rest.length > limit ? data[data.length - 1]!.created_at : null;
      // Like the real client: each page is handed over newest-first, whatever the service's order.
      const items = data.map(({ input: _input, ...item }) =>
        this.listResults && (item.status === 'finished' || item.status === 'error')
          ? { ...item, results: this.files(item.id).map(({ filename, url }) => ({ filename, url })) }
          : { ...item },
      );
      return { data: items.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)), cursor };
    },
    getExecution: async (_workflowId: string, id: string): Promise<ExecutionDetail> => {
      this.detailCalls += 1;
      const e = this.executions.find((x) => x.id === id);
      if (e === undefined) throw new NotFoundError('execution not found');
      const results = e.status === 'finished' || e.status === 'error' ? this.files(id) : null;
      return { id, workflow_id: this.workflowId, status: e.status, created_at: e.created_at, results };
    },
  };

  /** When each ended execution ended, as the batch results extension tells it. */
  private endedAt = new Map<string, string>();

  /** Like the local service's batches extension: batches declared here, and each row's executions by attempt. */
  sharedBatches = false;
  /** Like the local service's batch results extension: rows with their files, texts inline, hundreds a page. */
  batchResults = false;
  resultCalls = 0;
  declared = new Map<
    string,
    {
      workflow_id: string;
      file_name: string;
      columns: string[];
      mapping: Record<string, unknown>;
      row_count: number;
      created_at: string;
    }
  >();
  /** batch id → row → execution ids by attempt (index 0 is attempt 1). */
  batchRows = new Map<string, Map<number, string[]>>();

  private batchView(id: string) {
    const b = this.declared.get(id);
    if (b === undefined) throw new NotFoundError('batch not found');
    const rows = this.batchRows.get(id) ?? new Map<number, string[]>();
    const counts = { initial: 0, processing: 0, human_in_the_loop: 0, finished: 0, error: 0 };
    let runs = 0;
    for (const ids of rows.values()) {
      runs += ids.length;
      counts[this.executions.find((e) => e.id === ids.at(-1))!.status] += 1;
    }
    return { id, ...b, started_by: { id: 'k1', name: 'Dana' }, rows_sent: rows.size, runs, counts };
  }

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
    ) => {
      if (!this.declared.has(id)) this.declared.set(id, { ...body, created_at: this.stamp() });
      return this.batchView(id);
    },
    createBatchRuns: async (id: string, items: { row: number; attempt: number; input: Record<string, unknown> }[]) => {
      this.batchCalls += 1;
      this.batchView(id);
      const rows = this.batchRows.get(id) ?? new Map<number, string[]>();
      this.batchRows.set(id, rows);
      let total = 0;
      const executions = items.map((item, index) => {
        const ids = rows.get(item.row) ?? [];
        let executionId = ids[item.attempt - 1];
        if (executionId === undefined) {
          if (item.attempt !== ids.length + 1) throw new Error(`row ${item.row + 1} is at attempt ${ids.length}`);
          executionId = this.create(item.input).id;
          this.batchOf.set(executionId, id);
          rows.set(item.row, [...ids, executionId]);
          total += 1;
        }
        return { execution_id: executionId, index, row: item.row, attempt: item.attempt };
      });
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        throw new NetworkError();
      }
      return { batch_id: id, workflow_id: this.workflowId, total, executions };
    },
    getBatch: async (id: string) => this.batchView(id),
    listBatchRows: async (id: string, cursor: string | null) => {
      this.listCalls += 1;
      return this.rowsPage(id, cursor, 100);
    },
    batchResultsSupported: async () => this.batchResults,
    listBatchResults: async (id: string, cursor: string | null, limit?: number) => {
      this.resultCalls += 1;
      this.batchView(id);
      const page = this.rowsPage(id, cursor, limit ?? 500);
      return {
        cursor: page.cursor,
        data: page.data.map((row) => {
          const ended = row.status === 'finished' || row.status === 'error';
          const finishedAt = this.endedAt.get(row.execution_id);
          return {
            ...row,
            ...(finishedAt !== undefined ? { finished_at: finishedAt } : {}),
            results: ended ? this.files(row.execution_id) : null,
          };
        }),
      };
    },
  };

  private rowsPage(id: string, cursor: string | null, size: number) {
    const executions = new Map(this.executions.map((e) => [e.id, e]));
    const byId = (x: string) => executions.get(x)!;
    const rows = [...(this.batchRows.get(id) ?? new Map<number, string[]>())].sort(([a], [b]) => a - b);
    const after = cursor === null ? -1 : Number(cursor);
    const rest = rows.filter(([row]) => row > after);
    const page = rest.slice(0, size);
    return {
      data: page.map(([row, ids]) => {
        const e = byId(ids.at(-1)!);
        return {
          index: row,
          attempt: ids.length,
          execution_id: e.id,
          status: e.status,
          ...(e.error !== undefined ? { error: e.error } : {}),
          created_at: e.created_at,
          input: e.input,
          earlier: ids.slice(0, -1).map((x, i) => ({
            attempt: i + 1,
            execution_id: x,
            status: byId(x).status,
            ...(byId(x).error !== undefined ? { error: byId(x).error } : {}),
          })),
        };
      }),
      cursor: rest.length > size ? String(page.at(-1)![0]) : null,
    };
  }

  /** An execution's files as its detail shows them: a report (and a PDF, link only) or error.txt. */
  files(id: string): { filename: string; url: string; content?: string }[] {
    const e = this.executions.find((x) => x.id === id)!;
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
    const file = this.executions.some((x) => x.id === m[1])
      ? this.files(m[1]!).find((f) => f.filename === m[2])
      : undefined;
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
