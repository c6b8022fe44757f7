import type { Schemas } from '@contract/openapi-document';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import { NO_CAPABILITIES, type ServerCapabilities } from '@/api/capabilities';
import { queryKeys } from './query-keys';

export type ServiceInfo = Schemas['ServiceInfo'];

export const serverQueries = {
  capabilities: () =>
    queryOptions({
      queryKey: queryKeys.server.capabilities(),
      queryFn: ({ signal }) => getApiClient().getServerCapabilities({ signal }),
      // Read once per server; an unanswered read is asked again on the next use after 30 s.
      staleTime: (query) => (query.state.data?.unread ? 30_000 : Infinity),
      gcTime: Infinity,
      meta: { label: 'server capabilities' },
    }),

  /** How the server plans workflows (serviceInfo extension); it changes only when the server restarts. */
  serviceInfo: (enabled: boolean) =>
    queryOptions({
      queryKey: queryKeys.server.serviceInfo(),
      queryFn: ({ signal }) => getApiClient().getServiceInfo({ signal }),
      enabled,
      staleTime: Infinity,
      meta: { label: 'how the server plans' },
    }),
};

/** The server's local extensions; none until known, so a plain v1 experience is the default. */
export function useCapabilities(): ServerCapabilities {
  const { data } = useQuery(serverQueries.capabilities());
  return data ?? NO_CAPABILITIES;
}

/**
 * How the active server plans workflows, where it says so; null on a server without the extension,
 * while it is being read, and when the answer failed (the dashboard then says nothing about it).
 */
export function useServiceInfo(): ServiceInfo | null {
  const { serviceInfo } = useCapabilities();
  const { data } = useQuery(serverQueries.serviceInfo(serviceInfo));
  return serviceInfo ? (data ?? null) : null;
}
