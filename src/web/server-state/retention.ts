import type { Schemas } from '@contract/openapi-document';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecoveringMutation } from './recovering-mutation';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';
import { useCapabilities } from './server';

export type Retention = Schemas['Retention'];
export type RetentionUpdate = Schemas['RetentionUpdate'];

const retentionQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.server.retention(),
    queryFn: ({ signal }) => getApiClient().getRetention({ signal }),
    enabled,
    // It changes only when someone on the account or the operator changes it.
    staleTime: 5 * 60_000,
    meta: { label: 'how long runs are kept' },
  });

/**
 * How long the server keeps the account's ended runs, where it says so (retention extension); null on
 * a server without it, while it is read, and when the answer failed (the dashboard then says nothing).
 */
export function useRetention(): Retention | null {
  const { retention } = useCapabilities();
  const { data } = useQuery(retentionQuery(retention));
  return retention ? (data ?? null) : null;
}

/** Sets the account's own retention; whatever shows it reads the answer. */
export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: (update: RetentionUpdate) => getApiClient().updateRetention(update),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.server.retention(), answer),
  });
}
