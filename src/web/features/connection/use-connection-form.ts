import { useEffect, useState } from 'react';
import { getProfilesStore, type Profile } from '@/api/profiles-store';
import { isCrossOrigin, testConnection, type ConnectionVerdict } from '@/server-state/connection';
import { fetchDevKey } from './dev-key';

export interface Errors {
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

/**
 * The connection form's state: the edited profile, its field errors, the last test's verdict, and
 * testing or saving it (a profile is saved only once its test passes, or on "Save anyway").
 */
export function useConnectionForm(profile: Profile, onSaved: (profile: Profile) => void) {
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

  return { draft, errors, verdict, busy, holdsDevKey, set, save, onSubmit, onTest };
}
