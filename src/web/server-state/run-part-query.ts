import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * A part of a run whose key holds the run's status: a new status is a new key, and the part read
 * before stays up until the new one arrives.
 */
export function byStatus<T, K extends readonly unknown[]>(part: {
  queryKey: K;
  read: (signal: AbortSignal) => Promise<T>;
  enabled: boolean;
  refetchInterval: number | false;
  label: string;
}) {
  return queryOptions({
    queryKey: part.queryKey,
    queryFn: ({ signal }) => part.read(signal),
    enabled: part.enabled,
    refetchInterval: part.refetchInterval,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    meta: { label: part.label },
  });
}
