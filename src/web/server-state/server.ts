import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import { NO_CAPABILITIES, type ServerCapabilities } from '@/api/capabilities';
import { queryKeys } from './query-keys';

export const serverQueries = {
  capabilities: () =>
    queryOptions({
      queryKey: queryKeys.server.capabilities(),
      queryFn: ({ signal }) => getApiClient().getServerCapabilities({ signal }),
      staleTime: Infinity,
      gcTime: Infinity,
      meta: { label: 'server capabilities' },
    }),
};

/** The server's local extensions; none until known, so a plain v1 experience is the default. */
export function useCapabilities(): ServerCapabilities {
  const { data } = useQuery(serverQueries.capabilities());
  return data ?? NO_CAPABILITIES;
}
