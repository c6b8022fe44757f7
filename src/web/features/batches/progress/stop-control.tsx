import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { StopIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { useCapabilities } from '@/server-state/server';
import { stopBatch } from '@/batch-engine/batch-runtime';
import type { BatchRecord, StopRecord } from '@/batch-engine/batch-types';
import { formatDateTime } from '@/lib/format-time';

const n = (x: number, one: string, many = `${one}s`) => `${x.toLocaleString()} ${x === 1 ? one : many}`;

/** Whether stopping can still change anything: rows left to send, or runs the server has not finished. */
function canStop(batch: BatchRecord): boolean {
  if (batch.doneAt !== undefined || batch.stopped !== undefined) return false;
  const c = batch.counts;
  return c.unsent + c.unknown + c.initial + c.processing + c.human_in_the_loop > 0;
}

/**
 * Stop: halts sending at once on any server; where the server offers the cancel extension it also
 * cancels the runs still queued. The label and the note say which of the two will happen.
 */
export function StopControl({ batch }: { batch: BatchRecord }) {
  const { cancel } = useCapabilities();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canStop(batch)) return null;
  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      await stopBatch(batch.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const note = cancel
    ? 'Stops sending and cancels the runs still queued on the server; runs already working stop at their next step.'
    : 'Stops sending; runs already sent will finish (this server cannot cancel them).';
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="danger"
        busy={busy}
        onClick={() => void stop()}
        aria-describedby={`stop-note-${batch.id}`}
      >
        {!busy && <StopIcon />}
        {cancel ? 'Stop (cancel queued runs)' : 'Stop sending'}
      </Button>
      <p id={`stop-note-${batch.id}`} className="max-w-72 text-right text-xs text-zinc-500 dark:text-zinc-400">
        {note}
      </p>
      {error !== null && (
        <p role="alert" className="max-w-72 text-right text-xs text-red-700 dark:text-red-400">
          Could not stop: {error}
        </p>
      )}
    </div>
  );
}

/** What a stop did, in words: rows left unsent, and what the server cancelled or could not. */
export function StoppedNotice({ stop }: { stop: StopRecord }) {
  const parts = [
    stop.unsentStopped === 0
      ? 'Every row had already been sent.'
      : `${n(stop.unsentStopped, 'row')} ${stop.unsentStopped === 1 ? 'was' : 'were'} never sent.`,
  ];
  if (stop.cancel === 'done') {
    parts.push(
      `The server cancelled ${n(stop.cancelled ?? 0, 'queued run')}${(stop.stopping ?? 0) > 0 ? `, and ${n(stop.stopping ?? 0, 'working run')} stop${stop.stopping === 1 ? 's' : ''} at ${stop.stopping === 1 ? 'its' : 'their'} next step` : ''}. Cancelled runs show as errors.`,
    );
  } else if (stop.cancel === 'pending') parts.push('Asking the server to cancel the queued runs…');
  else if (stop.cancel === 'unsupported')
    parts.push('This server cannot cancel runs, so the ones already sent will finish.');
  else
    parts.push(
      `The server could not cancel the queued runs${stop.error !== undefined ? ` (${stop.error})` : ''}; they will finish.`,
    );
  return (
    <Notice tone="warning" role="status" title={`Stopped ${formatDateTime(stop.at)}`}>
      {parts.join(' ')} {stop.cancel === 'done' ? 'Failed and cancelled rows' : 'Failed rows'} can be edited and re-run
      below{stop.unsentStopped > 0 ? ', and rows never sent can be selected and sent' : ''}.
    </Notice>
  );
}
