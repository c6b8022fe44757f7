import type { BatchRecord, RowRecord, RowStatus } from '@/batch-engine/batch-types';

const NO_ROWS: Record<RowStatus, number> = {
  unsent: 0,
  unknown: 0,
  initial: 0,
  processing: 0,
  human_in_the_loop: 0,
  finished: 0,
  error: 0,
  skipped: 0,
};

/** A batch as this browser's journal holds it, with `counts` taken from `rows` when given. */
export function batchRecord(fields: Partial<BatchRecord> = {}, rows: readonly RowRecord[] = []): BatchRecord {
  const counts = { ...NO_ROWS };
  for (const row of rows) counts[row.status] += 1;
  return {
    id: 'batch-1',
    workflowId: '11111111-1111-4111-8111-111111111111',
    workflowName: 'Lead research',
    fileName: 'leads.csv',
    fileSha256: 'f'.repeat(64),
    fileBytes: 1024,
    createdAt: Date.UTC(2026, 0, 5, 9),
    columns: ['Company', 'Website'],
    mapping: { columns: { Company: 'company', Website: 'website' }, constants: {} },
    concurrency: null,
    rowCount: rows.length,
    chunks: [],
    counts,
    progress: [],
    trackingPaused: false,
    ...fields,
  };
}

/** One row of a batch: its cells, the input they made, and where it stands. */
export function rowRecord(index: number, fields: Partial<RowRecord> = {}): RowRecord {
  const cells = fields.cells ?? [`Company ${index + 1}`, `company${index + 1}.example`];
  return {
    batchId: 'batch-1',
    index,
    cells,
    input: { company: cells[0], website: `https://${cells[1]}` },
    status: 'unsent',
    attempt: 1,
    ...fields,
  };
}
