import type { ExecutionCreateResponse } from '../../contract/openapi-document';
import type { TestService } from './test-service';

/** A workflow's executions collection. */
export const runsUrl = (workflowId: string) => `/api/v1/workflows/${workflowId}/executions`;

/** Starts one run of a workflow with `input`, answering its execution id. */
export async function startRun(svc: TestService, workflowId: string, input: object): Promise<string> {
  return (await svc.call<ExecutionCreateResponse>('POST', runsUrl(workflowId), { body: { input } })).body.execution_id;
}
