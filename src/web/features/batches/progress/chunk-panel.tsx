import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatBytes } from '@/lib/format-bytes';
import { getJournal } from '@/features/batches/batch-journal';
import { runReconcile, runSubmission } from '@/features/batches/batch-runtime';
import type { BatchRecord, ChunkRecord, ChunkState } from '@/features/batches/batch-types';
import { allowResend } from '@/features/batches/submit';

const STATE: Record<ChunkState, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Not sent yet', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'info' },
  confirmed: { label: 'Sent', tone: 'success' },
  unconfirmed: { label: 'Unconfirmed', tone: 'warning' },
  failed: { label: 'Refused', tone: 'danger' },
  stopped: { label: 'Not sent (stopped)', tone: 'neutral' },
};

function ChunkProblem({ batch, chunk }: { batch: BatchRecord; chunk: ChunkRecord }) {
  const [busy, setBusy] = useState<'check' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = async () => {
    setBusy('check');
    setError(null);
    try {
      await runReconcile(batch.id, chunk.index);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const resend = async () => {
    const warning =
      chunk.state === 'unconfirmed' && chunk.check?.verdict !== 'absent'
        ? `Send chunk ${chunk.index + 1} again? If it did reach the service, its ${chunk.rows.length} rows will run twice.`
        : `Send chunk ${chunk.index + 1} (${chunk.rows.length} rows) again?`;
    if (!window.confirm(warning)) return;
    setBusy('resend');
    try {
      await allowResend(getJournal(), batch.id, chunk.index);
      await runSubmission(batch.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const n = chunk.rows.length.toLocaleString();
  let body: string;
  if (chunk.state === 'failed')
    body = `The service refused these ${n} rows, so none of them was created: ${chunk.error ?? 'no reason given'}.`;
  else if (chunk.check === undefined)
    body = `The answer to this request was lost (${chunk.error ?? 'no answer'}), so its ${n} rows may or may not exist on the service. Check the service before sending them again.`;
  else if (chunk.check.verdict === 'absent')
    body = `No executions of these ${n} rows were found on the service, so sending them again is safe.`;
  else
    body = `Found ${chunk.check.found.toLocaleString()} unknown executions created around that time where ${n} were expected: someone else may have run this workflow meanwhile. Check again, or send again if you accept possible duplicates.`;
  return (
    <Notice
      tone={chunk.state === 'failed' ? 'danger' : 'warning'}
      title={`Chunk ${chunk.index + 1}: ${STATE[chunk.state].label.toLowerCase()}`}
      actions={
        <>
          {chunk.state === 'unconfirmed' && (
            <Button size="sm" busy={busy === 'check'} onClick={() => void check()}>
              Check the service
            </Button>
          )}
          <Button
            size="sm"
            variant={chunk.check?.verdict === 'absent' || chunk.state === 'failed' ? 'primary' : 'secondary'}
            busy={busy === 'resend'}
            onClick={() => void resend()}
          >
            Send again
          </Button>
        </>
      }
    >
      {body}
      {error !== null && <p className="mt-1 font-medium">{error}</p>}
    </Notice>
  );
}

/** The batch's requests: one line each, and what to do about one that did not clearly land. */
export function ChunkPanel({ batch }: { batch: BatchRecord }) {
  const problems = batch.chunks.filter((c) => c.state === 'unconfirmed' || c.state === 'failed');
  return (
    <div className="space-y-3">
      <ol className="flex flex-wrap gap-2" aria-label="Requests">
        {batch.chunks.map((c) => (
          <li key={c.index} className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-300">
            Chunk {c.index + 1} · {c.rows.length.toLocaleString()} row{c.rows.length === 1 ? '' : 's'} ·{' '}
            {formatBytes(c.bytes)}
            <Badge tone={STATE[c.state].tone}>
              {c.state === 'confirmed' && c.check?.verdict === 'landed'
                ? 'Sent (found on the service after a lost answer)'
                : STATE[c.state].label}
            </Badge>
          </li>
        ))}
      </ol>
      {problems.map((c) => (
        <ChunkProblem key={c.index} batch={batch} chunk={c} />
      ))}
    </div>
  );
}
