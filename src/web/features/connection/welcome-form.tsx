import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { getProfilesStore } from '@/api/profiles-store';
import { KeyInput } from './key-input';
import { RememberKey } from './remember-key';
import { testConnection, useActiveProfile, type ConnectionVerdict } from '@/server-state/connection';

/** The server's address as a person reads it: its host, or the whole URL when it has none. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl, location.origin).host;
  } catch {
    return baseUrl;
  }
}

/** The one thing a first visit needs: the active profile's key, checked with the server, then saved. */
export function WelcomeForm({ onConnected }: { onConnected: () => void }) {
  const id = useId();
  const profile = useActiveProfile();
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(profile.remember);
  const [error, setError] = useState<string | null>(null);
  const [trouble, setTrouble] = useState<ConnectionVerdict | null>(null);
  const [busy, setBusy] = useState(false);

  const save = () => {
    getProfilesStore().save({ ...profile, apiKey: key, remember });
    onConnected();
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTrouble(null);
    if (key.trim() === '') {
      setError('Enter the API key to connect.');
      return;
    }
    setBusy(true);
    try {
      const verdict = await testConnection(profile.baseUrl, key.trim());
      if (verdict.kind === 'ok') save();
      else if (verdict.kind === 'bad-key') setError('The server did not accept this key. Check it and try again.');
      else setTrouble(verdict);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Connect">
      <Field
        id={`${id}-key`}
        label="API key"
        required
        error={error}
        hint={
          <>
            The local service prints one when it starts; otherwise ask whoever runs {hostOf(profile.baseUrl)} for yours.
          </>
        }
      >
        <KeyInput
          id={`${id}-key`}
          value={key}
          onChange={(e) => {
            setKey(e.target.value);
            setError(null);
            setTrouble(null);
          }}
          invalid={!!error}
          aria-describedby={[error ? `${id}-key-error` : null, `${id}-key-hint`].filter(Boolean).join(' ')}
          autoFocus
        />
      </Field>
      <RememberKey id={id} checked={remember} onChange={setRemember} keptIn="this browser" />
      {trouble && (
        <Notice
          role="alert"
          tone={trouble.kind === 'wrong-url' ? 'danger' : 'warning'}
          title="Could not check the key"
          actions={
            trouble.kind === 'wrong-url' ? (
              <Link to="/settings" className="font-medium underline">
                Change the server address in Settings
              </Link>
            ) : (
              <Button size="sm" variant="secondary" onClick={save}>
                Connect anyway
              </Button>
            )
          }
        >
          {trouble.message}
        </Notice>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" variant="primary" busy={busy}>
          Connect
        </Button>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Connecting to <span className="font-medium text-zinc-800 dark:text-zinc-200">{hostOf(profile.baseUrl)}</span>.{' '}
          <Link to="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Another server?
          </Link>
        </p>
      </div>
    </form>
  );
}
