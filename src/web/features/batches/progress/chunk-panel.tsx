import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { getJournal } from '@/batch-engine/batch-journal';
import { runReconcile, runSubmission } from '@/batch-engine/batch-runtime';
import type { BatchRecord, ChunkRecord } from '@/batch-engine/batch-types';
import { allowResend } from '@/batch-engine/submit';

/** Which rows a part of the batch holds, in a person's words: "46 rows (rows 12 to 58)". */
export function rowsText(rows: readonly number[]): string {
  if (rows.length === 0) return 'no rows';
  if (rows.length === 1) return `row ${rows[0]! + 1}`;
  const first = Math.min(...rows) + 1;
  const last = Math.max(...rows) + 1;
  return `${rows.length.toLocaleString()} rows (rows ${first.toLocaleString()} to ${last.toLocaleString()})`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
  const which = rowsText(chunk.rows);
  const resend = async () => {
    const warning =
      chunk.state === 'unconfirmed' && chunk.check?.verdict !== 'absent'
        ? `Send ${which} again? If they did reach the service, they will run twice.`
        : `Send ${which} again?`;
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
  const they = chunk.rows.length === 1 ? 'it' : 'they';
  let title: string;
  let body: string;
  if (chunk.state === 'failed') {
    title = `${capital(which)} ${chunk.rows.length === 1 ? 'was' : 'were'} not accepted`;
    body = `The service refused ${chunk.rows.length === 1 ? 'it' : 'them'}, so nothing ran: ${chunk.error ?? 'no reason given'}. Fix the cause, then send again.`;
  } else if (chunk.check === undefined) {
    title = `${capital(which)} may not have arrived`;
    body = `The connection dropped before the service answered (${chunk.error ?? 'no answer'}), so ${they} may or may not be running. Check the service before sending again, so nothing runs twice.`;
  } else if (chunk.check.verdict === 'absent') {
    title = `${capital(which)} did not arrive`;
    body = `The service has no runs of ${chunk.rows.length === 1 ? 'it' : 'them'}, so sending again is safe.`;
  } else {
    title = `${capital(which)}: not sure whether ${they} arrived`;
    body = `The service has ${chunk.check.found.toLocaleString()} runs from around that time that this browser did not start, where ${chunk.rows.length.toLocaleString()} were expected: someone else may have run this workflow meanwhile. Check again, or send again if you accept that some rows may run twice.`;
  }
  return (
    <Notice
      tone={chunk.state === 'failed' ? 'danger' : 'warning'}
      title={title}
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

/** How many rows have reached the service, and what became of the parts that did not clearly arrive. */
export function sendingText(chunks: readonly ChunkRecord[]): string | null {
  const count = (pick: (c: ChunkRecord) => boolean) => chunks.filter(pick).reduce((n, c) => n + c.rows.length, 0);
  const total = count(() => true);
  const sent = count((c) => c.state === 'confirmed');
  // Rows a Stop left unsent are told by the Stopped notice.
  if (total === 0 || sent === total) return null;
  return `${sent.toLocaleString()} of ${total.toLocaleString()} rows sent to the service.`;
}

/** Sending progress in rows while it lasts, and what to do about rows that did not clearly arrive. */
export function ChunkPanel({ batch }: { batch: BatchRecord }) {
  const problems = batch.chunks.filter((c) => c.state === 'unconfirmed' || c.state === 'failed');
  const recovered = batch.chunks.filter((c) => c.state === 'confirmed' && c.check?.verdict === 'landed');
  const sending = sendingText(batch.chunks);
  if (sending === null && problems.length === 0 && recovered.length === 0) return null;
  return (
    <div className="space-y-3">
      {sending !== null && <p className="text-sm text-zinc-600 dark:text-zinc-300">{sending}</p>}
      {recovered.map((c) => (
        <p key={c.index} className="text-sm text-zinc-600 dark:text-zinc-300">
          {capital(rowsText(c.rows))}: the connection dropped while sending, but the service received{' '}
          {c.rows.length === 1 ? 'it, so it was' : 'them, so they were'} not sent twice.
        </p>
      ))}
      {problems.map((c) => (
        <ChunkProblem key={c.index} batch={batch} chunk={c} />
      ))}
    </div>
  );
}
