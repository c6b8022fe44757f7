import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { fetchDevKey } from './dev-key';
import { getProfilesStore, type Profile } from '@/api/profiles-store';
import { KeyInput } from './key-input';
import { RememberKey } from './remember-key';
import { isCrossOrigin, testConnection, type ConnectionVerdict } from '@/api/connection';

interface Errors {
  name?: string;
  baseUrl?: string;
  apiKey?: string;
}

function validate(draft: Profile): Errors {
  const errors: Errors = {};
  if (draft.name.trim() === '') errors.name = 'Give the profile a name, like Local or Production.';
  const url = draft.baseUrl.trim();
  if (url === '') errors.baseUrl = 'Enter the API base URL, ending in /api/v1.';
  else {
    try {
      const parsed = new URL(url, location.origin);
      if (!/^https?:$/.test(parsed.protocol)) errors.baseUrl = 'Use an http:// or https:// address.';
    } catch {
      errors.baseUrl = 'This is not a valid URL.';
    }
  }
  if (draft.apiKey.trim() === '') errors.apiKey = 'Enter the API key for this server.';
  return errors;
}

const verdictTone = (v: ConnectionVerdict) =>
  v.kind === 'ok' ? 'success' : v.kind === 'cors' || v.kind === 'unreachable' ? 'warning' : 'danger';

/** Edits one profile: name, base URL, masked key, remember choice; tests and saves it. */
export function ConnectionForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Profile>(profile);
  const [errors, setErrors] = useState<Errors>({});
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [devKey, setDevKey] = useState<string | null>(null);

  // The local service tells loopback visitors its development key: it fills an empty key field, and
  // the field says so for as long as it holds that key.
  useEffect(() => {
    if (isCrossOrigin(profile.baseUrl, location.origin)) return;
    const controller = new AbortController();
    void fetchDevKey(fetch, controller.signal).then((key) => {
      if (!key || controller.signal.aborted) return;
      setDevKey(key);
      setDraft((d) => (d.apiKey === '' ? { ...d, apiKey: key } : d));
    });
    return () => controller.abort();
  }, [profile.baseUrl]);
  const holdsDevKey = devKey !== null && draft.apiKey.trim() === devKey;

  const set = <K extends keyof Profile>(key: K, value: Profile[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setVerdict(null);
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const runTest = async (): Promise<ConnectionVerdict | null> => {
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    const result = await testConnection(draft.baseUrl.trim(), draft.apiKey.trim());
    setVerdict(result);
    return result;
  };

  const save = () => {
    const saved = getProfilesStore().save({ ...draft, id: draft.id || undefined });
    getProfilesStore().setActive(saved.id);
    onSaved(saved);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy('save');
    try {
      const result = await runTest();
      if (result?.kind === 'ok') save();
    } finally {
      setBusy(null);
    }
  };

  const onTest = async () => {
    setBusy('test');
    try {
      await runTest();
    } finally {
      setBusy(null);
    }
  };

  const describe = (field: keyof Errors, hint?: boolean) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null].filter(Boolean).join(' ') ||
    undefined;

  /** A text field's Field props: the input's id, the messages' id (named after the field), its label and error. */
  const fieldOf = (field: keyof Errors, inputId: string, label: string) => ({
    id: `${id}-${inputId}`,
    messageId: `${id}-${field}`,
    label,
    required: true,
    error: errors[field],
  });

  /** A text field's input props: the draft's value, its setter, and the error and hint that describe it. */
  const inputOf = (field: keyof Errors, hint?: boolean) => ({
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    'aria-describedby': describe(field, hint),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Connection">
      <TextField {...fieldOf('name', 'name', 'Profile name')} {...inputOf('name')} autoComplete="off" />
      <TextField
        {...fieldOf('baseUrl', 'url', 'Base URL')}
        hint={
          <>
            This dashboard’s own <code className="font-mono">/api/v1</code> works for the local service and for any
            server behind its proxy.
          </>
        }
        {...inputOf('baseUrl', true)}
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        className="font-mono"
      />
      <Field
        {...fieldOf('apiKey', 'key', 'API key')}
        hint={
          holdsDevKey
            ? 'This is the development key the local service printed at start-up.'
            : 'Paste the key the service printed at start-up, or one from npm run keys -- create.'
        }
      >
        <KeyInput id={`${id}-key`} {...inputOf('apiKey', true)} invalid={!!errors.apiKey} />
      </Field>
      <RememberKey
        id={id}
        checked={draft.remember}
        onChange={(on) => set('remember', on)}
        keptIn="this browser’s local storage"
      />

      {verdict && (
        <Notice
          role="status"
          tone={verdictTone(verdict)}
          title={verdict.kind === 'ok' ? 'Connection OK' : 'Connection failed'}
          actions={
            verdict.kind !== 'ok' && verdict.kind !== 'wrong-url' ? (
              <Button size="sm" variant="secondary" onClick={save}>
                Save anyway
              </Button>
            ) : undefined
          }
        >
          {verdict.message}
        </Notice>
      )}

      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" variant="primary" busy={busy === 'save'}>
          Save and connect
        </Button>
        <Button variant="secondary" onClick={onTest} busy={busy === 'test'}>
          Test connection
        </Button>
      </div>
    </form>
  );
}
