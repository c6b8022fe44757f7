import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { retentionSentence } from '@/lib/retention-sentence';
import { RelativeTime } from '@/components/ui/relative-time';
import { useCurrentApiKey } from '@/server-state/api-keys';
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
  const { retention: offered, retentionSettings, apiKeys } = useCapabilities();
  const retention = useRetention();
  // A server without roles lets any key change it; with them, only an admin key may.
  const me = useCurrentApiKey(offered && retentionSettings && apiKeys);
  const member = apiKeys && me.data?.role === 'member';
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
        {retentionSettings &&
          (member ? (
            <Notice tone="info" title="Only the account’s admins change this">
              This browser uses a member key, so it can read how long runs are kept but not change it. Ask an admin of
              the account.
            </Notice>
          ) : (
            <RetentionForm retention={retention} />
          ))}
        {retention.changes && retention.changes.length > 0 && <RetentionChanges changes={retention.changes} />}
      </CardBody>
    </Card>
  );
}

/** One of the account's limits: empty stands for the server's, which the placeholder and hint say. */
function LimitField({
  id,
  label,
  what,
  most,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  what: 'days' | 'runs';
  most: number | null;
  value: string;
  error: string | null | false;
  onChange: (text: string) => void;
}) {
  return (
    <TextField
      id={id}
      messageId={id}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder={most === null ? 'No limit' : String(most)}
      value={value}
      error={error}
      hint={serverLimit(most, what)}
      aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
      onChange={(event) => onChange(event.target.value)}
    />
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
  const limits = [
    {
      what: 'days',
      label: 'Keep ended runs for (days)',
      most: retention.service_days,
      value: days,
      error: daysError,
      set: setDays,
    },
    {
      what: 'runs',
      label: 'Keep at most (newest runs)',
      most: retention.service_max_runs,
      value: runs,
      error: runsError,
      set: setRuns,
    },
  ] as const;

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        This account may keep runs for less time, or fewer of them, than the server does. Leave a field empty to use the
        server’s setting.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {limits.map(({ set, ...limit }) => (
          <LimitField
            key={limit.what}
            id={`${id}-${limit.what}`}
            {...limit}
            onChange={(text) => {
              set(text);
              edited();
            }}
          />
        ))}
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

const settingText = (setting: { days: number | null; max_runs: number | null }) =>
  `${setting.days === null ? 'the server’s days' : `${count(setting.days)} days`}, ${
    setting.max_runs === null ? 'the server’s number of runs' : `the newest ${count(setting.max_runs)} runs`
  }`;

/** The last few changes of the account's own setting: who, when, from what, to what. */
function RetentionChanges({ changes }: { changes: NonNullable<Retention['changes']> }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Recent changes</h3>
      <ul aria-label="Recent changes of retention" className="mt-1 space-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        {changes.slice(0, 5).map((change) => (
          <li key={change.changed_at}>
            <RelativeTime iso={change.changed_at} />{' '}
            {change.changed_by ? `by ${change.changed_by.name}` : 'on the server'}: from {settingText(change.from)} to{' '}
            {settingText(change.to)}
          </li>
        ))}
      </ul>
    </div>
  );
}
