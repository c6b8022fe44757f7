import { queryOptions } from '@tanstack/react-query';

export const journalQueries = {
  /** What this browser submitted for one execution, or null when it was started elsewhere. */
  entry: (executionId: string) =>
    queryOptions({
      queryKey: ['journal', executionId],
      // Loaded on demand: the journal's IndexedDB code is not needed to show the workflow list.
      queryFn: async () => (await (await import('@/lib/run-journal')).getRunJournal()?.get(executionId)) ?? null,
      staleTime: Infinity,
      retry: false,
    }),
};
