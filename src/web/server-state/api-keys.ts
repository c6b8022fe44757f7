import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecoveringMutation } from './recovering-mutation';
import type { Schemas } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';

export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type ApiKeyRole = Schemas['ApiKeyRole'];

/** The contract's limit on a key's name (CreateApiKeyRequest), after trimming. */
export const KEY_NAME_MAX = 100;

/**
 * Pages read for the list: an account holds at most 100 working keys (the server's default), so
 * these hold them with plenty of revoked ones; past them the list is the newest this many.
 */
const KEY_PAGES = 5;

/** Every key of the account, newest first, read a page of 100 at a time. */
async function readKeys(signal: AbortSignal): Promise<ApiKey[]> {
  const keys: ApiKey[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < KEY_PAGES; page++) {
    const answer = await getApiClient().listApiKeys({ limit: 100, cursor }, { signal });
    keys.push(...answer.data);
    cursor = answer.cursor;
    if (cursor === null) break;
  }
  return keys;
}

const apiKeyQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.apiKeys.all(),
      queryFn: ({ signal }) => readKeys(signal),
      meta: { label: 'the API keys' },
    }),
  current: () =>
    queryOptions({
      queryKey: queryKeys.apiKeys.current(),
      queryFn: ({ signal }) => getApiClient().getCurrentApiKey({ signal }),
      meta: { label: 'this connection’s key' },
    }),
};

/** The account's keys (local extension); ask only where capabilities say `apiKeys`. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeyQueries.list(), enabled });
}

/** The key this connection uses, with its role (keys extension). */
export function useCurrentApiKey(enabled: boolean) {
  return useQuery({ ...apiKeyQueries.current(), enabled });
}

/** Makes a named key; the list shows it, and the answer carries the key itself (shown once). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: ({ name, role }: { name: string; role: ApiKeyRole }) => getApiClient().createApiKey(name.trim(), role),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(), exact: true }),
  });
}

/** Revokes a key (and the keys it made); the list shows them revoked. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: (keyId: string) => getApiClient().revokeApiKey(keyId),
    onSuccess: (revoked) => {
      // The key in use cannot read the list again once revoked: show the answer in place.
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys.all(), (keys) =>
        keys?.map((key) => (key.id === revoked.id ? { ...key, ...revoked, current: key.current } : key)),
      );
      if (!revoked.current) void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(), exact: true });
    },
  });
}
