import { useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { getProfilesStore } from '@/api/profiles-store';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Notice } from '@/components/ui/notice';
import type { CreatedApiKey } from '@/server-state/api-keys';
import { useActiveProfile } from '@/server-state/connection';

const LEAVE_QUESTION = 'The new key is shown only this once. Leave this page without it?';

/** The new key, shown once: copy it, or keep it here as a new connection profile. */
export function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  const active = useActiveProfile();
  const panel = useRef<HTMLDivElement>(null);
  // The panel opens below the form: bring it into view and put focus on Copy key, so the key is
  // seen and one Enter copies it.
  useEffect(() => {
    const box = panel.current;
    if (box === null) return;
    box.scrollIntoView?.({ block: 'center', behavior: 'auto' });
    box.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
  }, [created.key]);
  // While the key is on screen, leaving the page (a link, Back, closing the tab) asks first: it is never shown again.
  useBlocker({
    shouldBlockFn: () => !window.confirm(LEAVE_QUESTION),
    enableBeforeUnload: true,
  });
  const [addedAs, setAddedAs] = useState<string | null>(null);
  const addConnection = () => {
    const profile = getProfilesStore().save({
      name: created.name,
      baseUrl: active.baseUrl,
      apiKey: created.key,
      remember: false,
    });
    setAddedAs(profile.name);
  };
  return (
    <div ref={panel}>
      <Notice
        tone="success"
        role="status"
        title={`Key for ${created.name} created`}
        actions={
          <>
            <CopyButton text={created.key} label="Copy key" />
            {addedAs === null ? (
              <Button size="sm" onClick={addConnection}>
                Add as a new connection
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onDone}>
              Done
            </Button>
          </>
        }
      >
        <p id={`${id}-once`}>Copy it now: it is shown only this once. Whoever has it can use this account.</p>
        <label htmlFor={`${id}-key`} className="sr-only">
          New key for {created.name}
        </label>
        <input
          id={`${id}-key`}
          readOnly
          value={created.key}
          aria-describedby={`${id}-once`}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-2 block w-full rounded-md border border-emerald-300 bg-white px-3 py-1.5 font-mono text-sm text-zinc-900 dark:border-emerald-700 dark:bg-zinc-950 dark:text-zinc-100"
        />
        {addedAs !== null && (
          <p className="mt-2">
            Added the connection “{addedAs}”. Switch to it from the header or under Connection above.
          </p>
        )}
      </Notice>
    </div>
  );
}
