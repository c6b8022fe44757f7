import { QueryCache, QueryClient } from '@tanstack/react-query';
import { errorBackoff } from '../features/executions/poll-interval';
import { toast } from '../components/ui/toast';
import { NetworkError, RateLimitedError, UnauthorizedError, isAbortError, isApiError } from './errors';

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
        if (error instanceof UnauthorizedError) {
          toast({ id: 'auth', tone: 'danger', title: 'Your key was rejected', description: 'Open Settings to enter a valid API key.' });
          return;
        }
        if (error instanceof RateLimitedError) {
          toast({ id: 'rate', tone: 'warning', title: `Rate limited, retrying in ${error.retryAfterSeconds} s` });
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
        retry: (failureCount, error) => {
          if (isAbortError(error)) return false;
          if (error instanceof RateLimitedError) return failureCount < 3;
          if (isApiError(error) && !error.retryable) return false;
          return failureCount < 2;
        },
        retryDelay: (failureCount, error) =>
          error instanceof RateLimitedError ? error.retryAfterSeconds * 1000 + 250 : errorBackoff(failureCount),
      },
      mutations: { retry: false },
    },
  });
}
