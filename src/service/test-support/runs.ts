import type { ExecutionCreateResponse } from '../../contract/openapi-document';
import type { NewExecution } from '../store/executions/executions-repo';
import type { BatchOptions } from '../store/store';
import type { TestService } from './test-service';

/** A workflow's executions collection. */
export const runsUrl = (workflowId: string) => `/api/v1/workflows/${workflowId}/executions`;

/** Starts one run of a workflow with `input`, answering its execution id. */
export async function startRun(svc: TestService, workflowId: string, input: object): Promise<string> {
  return (await svc.call<ExecutionCreateResponse>('POST', runsUrl(workflowId), { body: { input } })).body.execution_id;
}

/** Creates runs straight in the store and tells the engine, as the create routes do. */
export async function queueRuns(
  svc: TestService,
  workflowId: string,
  inputs: readonly object[],
  batch: BatchOptions | null = null,
): Promise<NewExecution[]> {
  const created = await svc.store.createExecutions(svc.accountId(), workflowId, inputs, batch);
  svc.engine.enqueued(workflowId, batch?.batchId ?? null, batch?.cap ?? null);
  return created;
}
