import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { retentionSentence } from '@/lib/retention-sentence';
import { useRetention, useUpdateRetention, type Retention } from '@/server-state/retention';
import { useCapabilities } from '@/server-state/server';

const count = (n: number) => n.toLocaleString('en-US');

/** A field's text as the account's own setting: empty is the server's (null); else a whole number up to `most`. */
function readLimit(
  text: string,
  most: number | null,
  what: 'days' | 'runs',
): { value: number | null; problem: string | null } {
  const trimmed = text.trim().replace(/[,\s]/g, '');
  if (trimmed === '') return { value: null, problem: null };
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1)
    return { value: null, problem: `Enter a whole number of ${what}, 1 or more, or leave it empty.` };
  const value = Number(trimmed);
  if (most !== null && value > most)
    return {
      value: null,
      problem:
        what === 'days'
          ? `This server keeps runs at most ${count(most)} days; enter ${count(most)} or fewer.`
          : `This server keeps at most ${count(most)} runs; enter ${count(most)} or fewer.`,
    };
  return { value, problem: null };
}

const serverLimit = (most: number | null, what: 'days' | 'runs') =>
  most === null ? `The server sets no limit.` : `The server keeps ${count(most)} ${what} at most.`;

/** Settings → Retention: how long the server keeps this account's runs, and the account's own choice where allowed. */
export function RetentionSection() {
  const { retention: offered, retentionSettings } = useCapabilities();
  const retention = useRetention();
  // Shown once known: a server that does not answer leaves Settings as it was, not a line loading forever.
  if (!offered || retention === null) return null;
  return (
    <Card>
      <CardHeader
        title="Retention"
        description="Runs that have ended, with their result files, are removed from the server after a while. Runs still waiting, running or waiting for approval are never removed."
      />
      <CardBody className="space-y-4">
        <p className="text-sm text-zinc-800 dark:text-zinc-200">
          {retentionSentence(retention) ?? 'This server keeps runs whatever their age and number.'}
        </p>
        {retentionSettings && <RetentionForm retention={retention} />}
      </CardBody>
    </Card>
  );
}

function RetentionForm({ retention }: { retention: Retention }) {
  const id = useId();
  const [days, setDays] = useState(retention.account_days === null ? '' : String(retention.account_days));
  const [runs, setRuns] = useState(retention.account_max_runs === null ? '' : String(retention.account_max_runs));
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const update = useUpdateRetention();
  const daysRead = readLimit(days, retention.service_days, 'days');
  const runsRead = readLimit(runs, retention.service_max_runs, 'runs');
  // The server names the field its sentence is about; anything else shows under the form.
  const serverError = update.error
    ? isApiError(update.error)
      ? update.error.message
      : 'That did not go through; try again.'
    : null;
  const daysError = (tried && daysRead.problem) || (serverError?.startsWith('days') ? serverError : null);
  const runsError = (tried && runsRead.problem) || (serverError?.startsWith('max_runs') ? serverError : null);
  const otherError = serverError && !daysError && !runsError ? serverError : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setSaved(false);
    if (daysRead.problem || runsRead.problem) return;
    update.mutate({ days: daysRead.value, max_runs: runsRead.value }, { onSuccess: () => setSaved(true) });
  };
  const edited = () => {
    setSaved(false);
    if (update.error) update.reset();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        This account may keep runs for less time, or fewer of them, than the server does. Leave a field empty to use the
        server’s setting.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-days`}
          messageId={`${id}-days`}
          label="Keep ended runs for (days)"
          inputMode="numeric"
          autoComplete="off"
          placeholder={retention.service_days === null ? 'No limit' : String(retention.service_days)}
          value={days}
          error={daysError}
          hint={serverLimit(retention.service_days, 'days')}
          aria-describedby={`${id}-days-${daysError ? 'error' : 'hint'}`}
          onChange={(event) => {
            setDays(event.target.value);
            edited();
          }}
        />
        <TextField
          id={`${id}-runs`}
          messageId={`${id}-runs`}
          label="Keep at most (newest runs)"
          inputMode="numeric"
          autoComplete="off"
          placeholder={retention.service_max_runs === null ? 'No limit' : String(retention.service_max_runs)}
          value={runs}
          error={runsError}
          hint={serverLimit(retention.service_max_runs, 'runs')}
          aria-describedby={`${id}-runs-${runsError ? 'error' : 'hint'}`}
          onChange={(event) => {
            setRuns(event.target.value);
            edited();
          }}
        />
      </div>
      {otherError && (
        <Notice tone="danger" title="Retention was not saved" role="alert">
          {otherError}
        </Notice>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" busy={update.isPending}>
          Save retention
        </Button>
        {saved && (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            Saved. Runs past it are removed within a few minutes.
          </p>
        )}
      </div>
    </form>
  );
}
