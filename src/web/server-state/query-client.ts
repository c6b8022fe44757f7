import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { NetworkError, RateLimitedError, UnauthorizedError, isAbortError } from '@/api/errors';
import { errorBackoff, shouldRetryQuery } from '@/api/retry-policy';

/** What a failed background refresh was about, from the query's meta, for the toast. */
const labelOf = (meta: Record<string, unknown> | undefined) => (typeof meta?.label === 'string' ? meta.label : 'data');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A page that already shows data keeps it after a failed refresh; the user hears about it
      // here once (same id), while a first load shows its error in the page instead.
      onError: (error, query) => {
        if (query.state.data === undefined || isAbortError(error)) return;
        // An unreachable server is the outage banner's to tell (one message, not one per query).
        if (error instanceof NetworkError) return;
        // A refused key is the shell banner's to tell (said once, on every page, with when it was revoked).
        if (error instanceof UnauthorizedError) return;
        if (error instanceof RateLimitedError) {
          toast({
            id: 'rate',
            tone: 'warning',
            title: `Rate limited for ${error.retryAfterSeconds} s`,
            description: 'Showing the last data received; the next refresh waits for the server’s limit.',
          });
          return;
        }
        toast({
          id: `refresh-${query.queryHash}`,
          tone: 'warning',
          title: `Could not refresh ${labelOf(query.meta)}`,
          description: `${error.message} Showing the last data received; retrying with backoff.`,
        });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // The retry rule is written once, in retry-policy.ts: 429s belong to the scheduler.
        retry: shouldRetryQuery,
        retryDelay: (failureCount) => errorBackoff(failureCount),
      },
      mutations: { retry: false },
    },
  });
}
