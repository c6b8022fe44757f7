import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Field, Select, TextField } from '@/components/ui/input';
import { KEY_NAME_MAX, useCreateApiKey, type ApiKeyRole, type CreatedApiKey } from '@/server-state/api-keys';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'That did not go through; try again.');

/** Line breaks, control characters and text-direction overrides: the server refuses names holding them. */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

/** What is wrong with a key's name as typed, in a person's words; null when nothing. */
function nameProblem(trimmed: string): string | null {
  if (trimmed === '') return 'Give the key a name, like the name of the person or robot who will use it.';
  if (trimmed.length > KEY_NAME_MAX) return `Keep the name to ${KEY_NAME_MAX} characters (it has ${trimmed.length}).`;
  if (UNPRINTABLE.test(trimmed)) return 'Use letters, digits, spaces and punctuation only: no line breaks or tabs.';
  return null;
}

/** Settings → Keys, for an admin key: name a new key and choose what it may do. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('member');
  const [tried, setTried] = useState(false);
  const create = useCreateApiKey();
  const trimmed = name.trim();
  const problem = nameProblem(trimmed);
  const error = (tried && problem) || (create.error ? messageOf(create.error) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    create.mutate(
      { name: trimmed, role },
      {
        onSuccess: (created) => {
          setName('');
          setRole('member');
          setTried(false);
          onCreated(created);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextField
          id={`${id}-name`}
          label="Name of the new key"
          hint="Who will use it, for example “Dana” or “Nightly import”."
          required
          value={name}
          maxLength={KEY_NAME_MAX + 50}
          error={error}
          aria-describedby={`${id}-name-${error ? 'error' : 'hint'}`}
          onChange={(event) => {
            setName(event.target.value);
            if (create.error) create.reset();
          }}
        />
      </div>
      <div className="sm:w-44">
        <Field id={`${id}-role`} label="Role" hint="Admins also manage keys and retention.">
          <Select
            id={`${id}-role`}
            value={role}
            aria-describedby={`${id}-role-hint`}
            onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'member')}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
      </div>
      <Button type="submit" variant="primary" busy={create.isPending} className="sm:mt-7">
        Create key
      </Button>
    </form>
  );
}
