import { NotFoundError } from '@/api/errors';
import type { ResultFile, Schemas } from '@contract/openapi-document';
import { isEnded, type FakeV1Data } from './data';

type Declared = Pick<
  Schemas['Batch'],
  'workflow_id' | 'file_name' | 'columns' | 'mapping' | 'row_count' | 'created_at'
>;
type RunItem = { row: number; attempt: number; input: Record<string, unknown> };

/**
 * The local service's batches extension over the fake's executions: batches declared under the
 * browser's own id, each row's executions by attempt (a row's attempt sent again answers with the
 * execution it already has), and the rows and results pages. `filesOf` says which files an ended
 * execution has, as the results page lists them.
 */
export class FakeBatches {
  readonly declared = new Map<string, Declared>();
  /** batch id → row → execution ids by attempt (index 0 is attempt 1). */
  readonly rows = new Map<string, Map<number, string[]>>();

  constructor(
    private readonly data: FakeV1Data,
    private readonly filesOf: (executionId: string) => ResultFile[],
  ) {}

  declare(id: string, body: Omit<Declared, 'created_at'>) {
    if (!this.declared.has(id)) this.declared.set(id, { ...body, created_at: this.data.clock.next() });
    return this.view(id);
  }

  view(id: string) {
    const batch = this.declared.get(id);
    if (batch === undefined) throw new NotFoundError('batch not found');
    const rows = this.rows.get(id) ?? new Map<number, string[]>();
    const counts = { initial: 0, processing: 0, human_in_the_loop: 0, finished: 0, error: 0 };
    let runs = 0;
    for (const ids of rows.values()) {
      runs += ids.length;
      counts[this.data.find(ids.at(-1)!)!.status] += 1;
    }
    return { id, ...batch, started_by: { id: 'k1', name: 'Dana' }, rows_sent: rows.size, runs, counts };
  }

  /** Runs rows by attempt; an attempt already recorded is answered with its execution, not run again. */
  run(id: string, items: readonly RunItem[]) {
    this.view(id);
    const batch = this.declared.get(id)!;
    const rows = this.rows.get(id) ?? new Map<number, string[]>();
    this.rows.set(id, rows);
    let total = 0;
    const executions = items.map((item, index) => {
      const ids = rows.get(item.row) ?? [];
      let executionId = ids[item.attempt - 1];
      if (executionId === undefined) {
        if (item.attempt !== ids.length + 1) throw new Error(`row ${item.row + 1} is at attempt ${ids.length}`);
        executionId = this.data.addExecution(batch.workflow_id, { input: item.input, batchId: id }).id;
        rows.set(item.row, [...ids, executionId]);
        total += 1;
      }
      return { execution_id: executionId, index, row: item.row, attempt: item.attempt };
    });
    return { batch_id: id, workflow_id: batch.workflow_id, total, executions };
  }

  /** The rows page: sent rows in file order, each with its latest attempt and the earlier ones. */
  rowsPage(id: string, cursor: string | null, size: number) {
    const byId = (x: string) => this.data.find(x)!;
    const rows = [...(this.rows.get(id) ?? new Map<number, string[]>())].sort(([a], [b]) => a - b);
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

  /** The results page: the rows page with each ended row's files (texts inline) and when it ended. */
  resultsPage(id: string, cursor: string | null, size: number) {
    this.view(id);
    const page = this.rowsPage(id, cursor, size);
    return {
      cursor: page.cursor,
      data: page.data.map((row) => {
        const finishedAt = this.data.endedAt.get(row.execution_id);
        return {
          ...row,
          ...(finishedAt !== undefined ? { finished_at: finishedAt } : {}),
          results: isEnded(row.status) ? this.filesOf(row.execution_id) : null,
        };
      }),
    };
  }
}
