import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { workflowQueries } from '@/server-state/workflows';

type LoaderArgs = { context: { queryClient: QueryClient }; params: { workflowId: string } };

/** Loader of a workflow tab that needs only the workflow: it lands in the cache the tab then reads. */
export const loadWorkflow = ({ context: { queryClient }, params }: LoaderArgs) =>
  queryClient.ensureQueryData(workflowQueries.detail(params.workflowId));

/** The workflow a tab's loader put in the cache. */
export const useLoadedWorkflow = (workflowId: string) => useSuspenseQuery(workflowQueries.detail(workflowId)).data;
