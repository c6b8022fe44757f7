import { beforeAll } from 'vitest';
import type { ExecutionListItem } from '../../contract/openapi-document';
import { reportStep } from './test-service';
import { useTestService } from './use-service';

export type Page = { data: ExecutionListItem[]; cursor: string | null };
export type Err = { error: string };

export const SCHEMA = {
  type: 'object',
  required: ['name', 'tone'],
  properties: {
    name: { type: 'string' },
    website: { type: 'string', format: 'uri' },
    tone: { type: 'string', enum: ['formal', 'casual'] },
  },
};
export const GOOD = { name: 'Ann', tone: 'formal' };

/**
 * A test service without a practical rate limit and one workflow whose input needs a name and a
 * tone: the executions API suites (one run, batches and pages) all start from it.
 */
export function useExecutionsWorkflow() {
  const svc = useTestService({ WORKFLOW_RATE_LIMIT: '1000000' });
  let id = '';
  beforeAll(async () => {
    id = await svc.addWorkflow({ input_schema: SCHEMA, steps: [reportStep()] });
  });
  const workflowId = () => id;
  const runs = (workflow = id) => `/api/v1/workflows/${workflow}/executions`;
  return { svc, workflowId, runs };
}
