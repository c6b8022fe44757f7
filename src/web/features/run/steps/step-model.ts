import type { ExecutionStatus, Schemas } from '@contract/openapi-document';
import { plural } from '@/lib/plural';

export type ServerStep = Schemas['ExecutionStep'];
type ServerStepStatus = ServerStep['status'];

/** One row of either stepper, in the same words. */
export interface StepRow {
  key: string;
  label: string;
  state: 'done' | 'current' | 'waiting' | 'upcoming' | 'skipped' | 'failed' | 'rejected';
  /** Milliseconds, where the server timed the step. */
  durationMs?: number | null;
  startedAt?: string | null;
  error?: string | null;
  /** Who writes a writing step's text and the tokens it took, in words. */
  writer?: string | null;
}

export const STATE_WORDS: Record<StepRow['state'], string> = {
  done: 'done',
  current: 'running now',
  waiting: 'waiting for a reviewer',
  upcoming: 'not reached yet',
  skipped: 'not run',
  failed: 'failed',
  rejected: 'rejected by a reviewer',
};

const FROM_SERVER: Record<ServerStepStatus, StepRow['state']> = {
  finished: 'done',
  processing: 'current',
  waiting: 'waiting',
  pending: 'upcoming',
  skipped: 'skipped',
  error: 'failed',
};

/** The steps extension's answer as rows; in a `rejected` run the step that ended it is the rejected review. */
export function rowsFromServer(steps: readonly ServerStep[], rejected = false): StepRow[] {
  return steps.map((step) => ({
    key: `${step.index}`,
    label: step.name,
    state: rejected && step.status === 'error' ? 'rejected' : FROM_SERVER[step.status],
    durationMs: step.duration_ms,
    startedAt: step.started_at,
    error: step.error,
    writer: writerLine(step),
  }));
}

/** The step kind whose text a model writes (the local service's writing step). */
const WRITING_KIND = 'model_write';

/**
 * A writing step's author and token use, e.g. "Written by llama3.1 · used 1,234 tokens (900 read,
 * 334 written)"; null for other steps. Any step the server credits to a model or with tokens counts, so a
 * new writing kind still shows who wrote it.
 */
export function writerLine(step: ServerStep): string | null {
  const { model, tokens } = step;
  if (step.kind !== WRITING_KIND && !model && !tokens) return null;
  const who = model || 'the model';
  const what =
    step.status === 'finished'
      ? `Written by ${who}`
      : step.status === 'processing'
        ? `Being written by ${who}`
        : `Writes with ${who}`;
  if (!tokens) return what;
  const { prompt_tokens: read, completion_tokens: wrote } = tokens;
  // Tokens are how models count (and bill) text; read and written say which way in a person's words.
  return `${what} · used ${plural(read + wrote, 'token')} (${read.toLocaleString('en')} read, ${wrote.toLocaleString('en')} written)`;
}

/**
 * The lifecycle where the server lists no steps: queued → processing → waiting for approval →
 * finished or error. `passedApproval`: this run was seen waiting for approval, so once it is
 * queued or processing again the approval is done (it no longer falls back to "not reached"), and
 * a run that ended after it shows it done. `rejected`: the error was a person's rejection.
 */
export function lifecycleRows(status: ExecutionStatus, passedApproval: boolean, rejected = false): StepRow[] {
  const ended = status === 'finished' || status === 'error';
  const resumed = passedApproval && (status === 'initial' || status === 'processing');
  const approval: StepRow['state'] =
    status === 'human_in_the_loop'
      ? 'waiting'
      : resumed || (ended && passedApproval)
        ? 'done'
        : ended
          ? 'skipped'
          : 'upcoming';
  const rows: StepRow[] = [
    { key: 'queued', label: 'Queued', state: status === 'initial' && !resumed ? 'current' : 'done' },
    {
      key: 'processing',
      label: 'Processing',
      state: status === 'processing' && !resumed ? 'current' : status === 'initial' && !resumed ? 'upcoming' : 'done',
    },
    { key: 'approval', label: 'Waiting for approval', state: approval },
  ];
  if (resumed) {
    rows.push({
      key: 'resumed',
      label: status === 'initial' ? 'Queued after approval' : 'Processing after approval',
      state: 'current',
    });
  }
  rows.push({
    key: 'end',
    label: status === 'error' ? (rejected ? 'Rejected' : 'Error') : 'Finished',
    state: status === 'error' ? (rejected ? 'rejected' : 'failed') : status === 'finished' ? 'done' : 'upcoming',
  });
  return rows;
}

/** Where each timed step sits on a shared time line (percent of the whole run), for the waterfall bars. */
export function waterfall(rows: readonly StepRow[]): Map<string, { offset: number; width: number }> {
  const timed = rows.filter((row) => row.startedAt && row.durationMs !== null && row.durationMs !== undefined);
  const bars = new Map<string, { offset: number; width: number }>();
  if (timed.length === 0) return bars;
  const starts = timed.map((row) => Date.parse(row.startedAt!));
  const first = Math.min(...starts);
  const last = Math.max(...timed.map((row, i) => starts[i]! + row.durationMs!));
  const span = Math.max(1, last - first);
  timed.forEach((row, i) => {
    bars.set(row.key, {
      offset: ((starts[i]! - first) / span) * 100,
      width: Math.max(0.5, (row.durationMs! / span) * 100),
    });
  });
  return bars;
}
