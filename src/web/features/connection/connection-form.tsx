import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import type { Profile } from '@/api/profiles-store';
import type { ConnectionVerdict } from '@/server-state/connection';
import { KeyInput } from './key-input';
import { plannerSentence } from './planner-status';
import { RememberKey } from './remember-key';
import { useConnectionForm, type Errors } from './use-connection-form';

const verdictTone = (v: ConnectionVerdict) =>
  v.kind === 'ok' ? 'success' : v.kind === 'cors' || v.kind === 'unreachable' ? 'warning' : 'danger';

/**
 * Edits one profile: name, base URL, masked key, remember choice; tests and saves it. With
 * `plannerShownAbove`, the page already says how this profile's server plans, so a test of the same
 * address does not say it again.
 */
export function ConnectionForm({
  profile,
  onSaved,
  plannerShownAbove = false,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
  plannerShownAbove?: boolean;
}) {
  const id = useId();
  const { draft, errors, verdict, busy, holdsDevKey, set, save, onSubmit, onTest } = useConnectionForm(
    profile,
    onSaved,
  );

  const plannerIsAbove = plannerShownAbove && draft.baseUrl.trim() === profile.baseUrl;

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
            : 'Paste your API key. Keys are made in the account’s settings on the service; the local service also prints one at start-up.'
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
          {verdict.kind === 'ok' && verdict.service && !plannerIsAbove && (
            <p className="mt-1">{plannerSentence(verdict.service)}</p>
          )}
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
