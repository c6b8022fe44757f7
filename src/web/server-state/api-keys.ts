import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';

export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];

/** The contract's limit on a key's name (CreateApiKeyRequest), after trimming. */
export const KEY_NAME_MAX = 100;

const apiKeyQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.apiKeys.all(),
      queryFn: ({ signal }) => getApiClient().listApiKeys({ signal }),
      meta: { label: 'the API keys' },
    }),
};

/** The account's keys (local extension); ask only where capabilities say `apiKeys`. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeyQueries.list(), enabled });
}

/** Makes a named key; the list shows it, and the answer carries the key itself (shown once). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => getApiClient().createApiKey(name.trim()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all() }),
  });
}

/** Revokes a key; the list shows it revoked. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => getApiClient().revokeApiKey(keyId),
    onSuccess: (revoked) => {
      // The key in use cannot read the list again once revoked: show the answer in place.
      queryClient.setQueryData<ApiKey[]>(queryKeys.apiKeys.all(), (keys) =>
        keys?.map((key) => (key.id === revoked.id ? { ...key, ...revoked, current: key.current } : key)),
      );
      if (!revoked.current) void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all() });
    },
  });
}
