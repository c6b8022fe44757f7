import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ExecutionDetail } from '@contract/openapi-document';
import { readRunNow, runQueries } from '@/server-state/runs';
import { useCapabilities } from '@/server-state/server';
import { cachedWorkflow, workflowQueries } from '@/server-state/workflows';
import { rejectionOf } from '@/features/runs/rejections';
import { annotationQueries } from '@/features/runs/run-annotations';
import { runArchiveName } from '@/lib/save-file';

/** The error file an errored execution carries (error.txt on the local service). */
const errorFile = (execution: ExecutionDetail) =>
  execution.status === 'error' ? execution.results?.find((f) => /error/i.test(f.filename)) : undefined;

/**
 * What a run's page shows: the run (kept fresh while it goes on), its input as this browser knows it,
 * the workflow's input schema, whether the page saw it wait for approval, and how it ended (its error
 * text, or a person's rejection and the files it had made).
 */
export function useRunPage(workflowId: string, executionId: string) {
  const queryClient = useQueryClient();
  const query = useSuspenseQuery(runQueries.detail(workflowId, executionId));
  const { executionInput } = useCapabilities();
  const { data: entry } = useSuspenseQuery(annotationQueries.input(workflowId, executionId, executionInput));
  const execution = query.data;
  // The workflow's page around this one has read it: its input schema titles the input's fields.
  const { data: workflow } = useQuery(workflowQueries.detail(workflowId));
  const sawApproval = useRef(false);
  if (execution.status === 'human_in_the_loop') sawApproval.current = true;
  const failure = errorFile(execution)?.content?.trim() || null;
  const rejection = rejectionOf(execution, failure);
  // What the run made before it was rejected (the draft the reviewer read), where the server keeps it.
  const keptFiles = rejection ? (execution.results ?? []).filter((f) => f !== errorFile(execution)) : [];

  return {
    execution,
    checkedAt: query.dataUpdatedAt,
    entry,
    schema: workflow?.input_schema,
    sawApproval: sawApproval.current,
    failure,
    rejection,
    keptFiles,
    refreshFiles: async () => (await readRunNow(queryClient, workflowId, executionId)).results ?? [],
    archiveName: runArchiveName(
      { id: execution.id, createdAt: execution.created_at },
      cachedWorkflow(queryClient, workflowId)?.name,
    ),
  };
}
