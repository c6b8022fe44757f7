import { runQueries } from '@/server-state/runs';
import { journalSource, type InputSource } from './input-source';
import { fieldLabel, formatValue } from '@/lib/input-labels';
import type { JournalEntry } from '@/lib/run-journal';

/** What this browser knows about a run the API does not say: its input and its batch row. */
export interface RunAnnotation {
  input?: Record<string, unknown> | null;
  inputSummary?: string;
  batch?: { batchId: string; fileName: string; /** 1-based, as a person counts rows. */ row: number };
}

/**
 * "Company name: Acme · Amount: 12", short enough for a list cell: fields by the workflow's
 * titles where its input schema is known, else by their keys made readable.
 */
export function summarizeInput(
  input: Record<string, unknown> | null | undefined,
  schema?: unknown,
  max = 80,
): string | undefined {
  if (input === undefined) return undefined;
  if (input === null || Object.keys(input).length === 0) return 'No input';
  const text = Object.entries(input)
    .map(([k, v]) => `${fieldLabel(schema, k)}: ${formatValue(v)}`)
    .join(' · ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

interface BatchRowLike {
  index: number;
  input: Record<string, unknown>;
  executionId?: string;
  attempts?: { executionId: string; input: Record<string, unknown> }[];
}

/** Indexes a batch's rows by execution id, earlier attempts included, as "row n of file". */
export function indexBatchRows(
  batch: { id: string; fileName: string },
  rows: readonly BatchRowLike[],
  into: Map<string, RunAnnotation>,
): void {
  for (const r of rows) {
    const at = { batchId: batch.id, fileName: batch.fileName, row: r.index + 1 };
    for (const past of r.attempts ?? [])
      into.set(past.executionId, { input: past.input, inputSummary: summarizeInput(past.input), batch: at });
    if (r.executionId) into.set(r.executionId, { input: r.input, inputSummary: summarizeInput(r.input), batch: at });
  }
}

/** Run-journal entries win over batch rows: they are what this browser sent for a single run. */
function indexRunEntries(entries: readonly JournalEntry[], into: Map<string, RunAnnotation>): void {
  for (const e of entries)
    into.set(e.executionId, { ...into.get(e.executionId), input: e.input, inputSummary: summarizeInput(e.input) });
}

async function readAnnotations(workflowId: string): Promise<Map<string, RunAnnotation>> {
  const into = new Map<string, RunAnnotation>();
  // Both journals load on demand: a list must not wait for IndexedDB code it may not need.
  const [{ getJournal }, { getRunJournal }] = await Promise.all([
    import('@/batch-engine/batch-journal'),
    import('@/lib/run-journal'),
  ]);
  try {
    const journal = getJournal();
    for (const batch of await journal.list(workflowId)) indexBatchRows(batch, await journal.rows(batch.id), into);
  } catch {
    // No IndexedDB (private mode): the list simply shows no batch rows.
  }
  try {
    indexRunEntries((await getRunJournal()?.forWorkflow(workflowId)) ?? [], into);
  } catch {
    // As above: without the run journal, inputs stay unknown.
  }
  return into;
}

/** A run's input as this browser knows it: what it sent for a single run, else the batch row it sent. */
async function readLocalInput(workflowId: string, executionId: string): Promise<RunInput | null> {
  try {
    const { getRunJournal } = await import('@/lib/run-journal');
    const entry = await getRunJournal()?.get(executionId);
    if (entry) return { ...entry, source: { kind: 'run-journal' } };
  } catch {
    // No IndexedDB: fall through to the batch journal, which says so the same way.
  }
  return entryFromAnnotation(executionId, workflowId, (await readAnnotations(workflowId)).get(executionId));
}

export type RunInput = JournalEntry & { batch?: RunAnnotation['batch']; source: InputSource };

export const annotationQueries = {
  /**
   * One run's input: what this browser sent (run journal, then batch journal), both free, else the
   * server's input extension where the document declares it, so any browser can run it again; or null.
   */
  input: (workflowId: string, executionId: string, fromServer = false) =>
    runQueries.input(
      workflowId,
      executionId,
      fromServer,
      () => readLocalInput(workflowId, executionId),
      (input): RunInput => ({
        executionId,
        workflowId,
        input,
        submittedAt: 0,
        settled: 1,
        profileId: '',
        source: { kind: 'server' },
      }),
    ),
  /** What this browser's run and batch journals know about one workflow's runs, by execution id. */
  forWorkflow: (workflowId: string) => runQueries.journals(workflowId, () => readAnnotations(workflowId)),
};

/** A run's input as the execution page shows it, from the run journal or else the batch journal. */
function entryFromAnnotation(
  executionId: string,
  workflowId: string,
  annotation: RunAnnotation | undefined,
): RunInput | null {
  if (!annotation || annotation.input === undefined) return null;
  return {
    executionId,
    workflowId,
    input: annotation.input,
    submittedAt: 0,
    settled: 1,
    profileId: '',
    batch: annotation.batch,
    source: journalSource(annotation.batch),
  };
}
