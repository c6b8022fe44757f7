import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { getProfilesStore } from '@/api/profiles-store';
import { Badge } from '@/components/ui/badge';
import { Button, quietDangerClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useApiKeys,
  useCurrentApiKey,
  useRevokeApiKey,
  type ApiKey,
  type CreatedApiKey,
} from '@/server-state/api-keys';
import { useActiveProfile } from '@/server-state/connection';
import { serverQueries } from '@/server-state/server';
import { FormDialog } from '@/components/ui/form-dialog';
import { CreateKeyForm } from './create-key-form';
import { NewKey } from './new-key-panel';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'That did not go through; try again.');

/** Who made a key, in a person's words: the key that made it, or where keys come from on this server. */
function madeBy(key: ApiKey): string {
  if (key.created_by) return `by ${key.created_by.name}`;
  switch (key.source) {
    case 'command':
      return 'on the server’s command line';
    case 'environment':
      return 'in the server’s settings';
    case 'developer':
      return 'by the local service for development';
    default:
      return 'by a key since revoked';
  }
}

/** The Keys card of Settings: the account's keys where the server manages them, else where keys come from. */
export function KeysSection() {
  // Known or not yet: the fallback must not flash before the server's answer.
  const { data: capabilities, isPending } = useQuery(serverQueries.capabilities());
  return (
    <Card>
      <CardHeader
        title="Keys"
        description="Each person or robot using this account gets a key of their own, so you can see who uses which and stop one without stopping the others."
      />
      <CardBody className="space-y-5">
        {isPending ? (
          <Skeleton className="h-16" />
        ) : capabilities?.apiKeys ? (
          <KeysManager />
        ) : (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            This server does not let the dashboard manage its keys. Keys for it are made in its own settings page or by
            the person who runs it; paste one into a connection above.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/** Why a key shows no Revoke button for this connection's key; null when it may revoke it. */
function whyNotRevocable(key: ApiKey, admin: boolean): string | null {
  if (key.source !== 'dashboard') return 'Made on the server; it can be revoked only there.';
  if (!admin && !key.current) return 'Only an admin key can revoke it.';
  return null;
}

function KeysManager() {
  const keys = useApiKeys(true);
  const me = useCurrentApiKey(true);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const working = keys.data?.filter((key) => key.revoked_at === null).length ?? 0;
  const sorted = [...(keys.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const admin = me.data?.role === 'admin';

  return (
    <>
      {me.data && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          This browser uses “{me.data.name}”, {admin ? 'an admin key' : 'a member key'}.
        </p>
      )}
      {admin ? (
        <CreateKeyForm onCreated={setCreated} />
      ) : (
        me.data && (
          <Notice tone="info" title="Keys are managed by the account’s admins">
            A member key can use the account and revoke itself, but only an admin key can create keys or revoke others.
            Ask an admin of the account for a new key.
          </Notice>
        )
      )}
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <Skeleton className="h-24" />
      ) : keys.isError ? (
        <Notice tone="danger" title="The keys could not be read" role="alert">
          {messageOf(keys.error)}
        </Notice>
      ) : (
        <ul aria-label="Keys of this account" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {sorted.map((key) => (
            <KeyRow
              key={key.id}
              apiKey={key}
              lastWorking={working <= 1}
              notRevocable={me.data ? whyNotRevocable(key, admin) : 'Checking what this key may do…'}
              onRevoke={() => setRevoking(key)}
            />
          ))}
        </ul>
      )}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

function KeyRow({
  apiKey,
  lastWorking,
  notRevocable,
  onRevoke,
}: {
  apiKey: ApiKey;
  lastWorking: boolean;
  notRevocable: string | null;
  onRevoke: () => void;
}) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
          <span className="break-words">{apiKey.name}</span>
          <Badge tone={apiKey.role === 'admin' ? 'info' : 'neutral'}>
            {apiKey.role === 'admin' ? 'Admin' : 'Member'}
          </Badge>
          {apiKey.current && <Badge tone="accent">This browser’s key</Badge>}
          {revoked && <Badge tone="danger">Revoked</Badge>}
        </p>
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
          Created <RelativeTime iso={apiKey.created_at} /> {madeBy(apiKey)}
          {' · '}
          {apiKey.last_used_at ? (
            <>
              last used <RelativeTime iso={apiKey.last_used_at} />
            </>
          ) : (
            'never used'
          )}
          {apiKey.revoked_at && (
            <>
              {' · '}revoked <RelativeTime iso={apiKey.revoked_at} />
            </>
          )}
        </p>
      </div>
      {!revoked &&
        (lastWorking || notRevocable ? (
          <p className="text-xs text-zinc-500 sm:max-w-48 dark:text-zinc-400">
            {lastWorking ? 'The account’s only working key; create another before revoking it.' : notRevocable}
          </p>
        ) : (
          <Button size="sm" variant="ghost" className={quietDangerClasses} onClick={onRevoke}>
            Revoke<span className="sr-only"> {apiKey.name}</span>
          </Button>
        ))}
    </li>
  );
}

/** Revoking asks once; revoking this browser's own key asks a second time and says how to get back in. */
function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const active = useActiveProfile();
  const [warned, setWarned] = useState(false);
  const signsOut = apiKey.current;
  const confirm = () => {
    if (signsOut && !warned) return setWarned(true);
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        onClose();
        // The key no longer opens anything: forget it, so every page asks for another.
        if (signsOut) getProfilesStore().save({ ...active, apiKey: '' });
      },
    });
  };
  if (signsOut && warned) {
    return (
      <FormDialog
        danger
        describe
        key="second"
        title="Sign this browser out?"
        confirm="Revoke and sign out"
        busy={revoke.isPending}
        error={revoke.error ? messageOf(revoke.error) : null}
        onSubmit={confirm}
        onClose={onClose}
      >
        <p>
          “{apiKey.name}” is the key this browser uses. Once it is revoked, this browser is signed out at once and every
          page asks for a key.
        </p>
        <p>
          To get back in, paste another working key of this account into Settings → Connection: create one above and
          copy it first, or ask a colleague to create one for you.
        </p>
      </FormDialog>
    );
  }
  return (
    <FormDialog
      danger
      describe
      key="first"
      title={`Revoke the key “${apiKey.name}”?`}
      confirm={signsOut ? 'Continue' : 'Revoke key'}
      busy={revoke.isPending}
      error={revoke.error ? messageOf(revoke.error) : null}
      onSubmit={confirm}
      onClose={onClose}
    >
      <p>
        Whoever uses it is shut out within a few seconds, everywhere, and so is every key it made. What was done with
        them stays, and they stay listed as revoked. This cannot be undone.
      </p>
      {signsOut && <p className="font-medium">This is the key this browser is using.</p>}
    </FormDialog>
  );
}
