import { queryOptions } from '@tanstack/react-query';
import { getRunJournal } from './run-journal';

export const journalQueries = {
  /** What this browser submitted for one execution, or null when it was started elsewhere. */
  entry: (executionId: string) =>
    queryOptions({
      queryKey: ['journal', executionId],
      queryFn: async () => (await getRunJournal()?.get(executionId)) ?? null,
      staleTime: Infinity,
      retry: false,
    }),
};
