import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@/api/errors';
import { findById, idsIn, type FindDeps } from './find-by-id';

const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const E = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

function deps(executions: Record<string, string[]>, known?: string) {
  const calls: string[] = [];
  const notFound = () => new NotFoundError('not found');
  const d: FindDeps = {
    knownWorkflowOf: async () => known,
    client: {
      getWorkflow: async (id) => {
        calls.push(`workflow ${id}`);
        if (!(id in executions)) throw notFound();
        return { id, name: '', description: '', created_at: '', updated_at: '', input_schema: null };
      },
      listWorkflows: async () => {
        calls.push('list');
        return {
          data: Object.keys(executions).map((id) => ({
            id,
            name: '',
            description: '',
            created_at: '',
            updated_at: id,
          })),
          cursor: null,
        };
      },
      getExecution: async (workflowId, executionId) => {
        calls.push(`execution ${workflowId.slice(0, 1)}`);
        if (!executions[workflowId]?.includes(executionId)) throw notFound();
        return { id: executionId, workflow_id: workflowId, status: 'finished', created_at: '', results: null };
      },
    },
  };
  return { d, calls };
}

describe('findById', () => {
  it('reads both ids out of a pasted link', async () => {
    expect(idsIn(`http://x/workflows/${W1}/executions/${E.toUpperCase()}`)).toEqual([W1, E]);
    const { d, calls } = deps({});
    expect(await findById(`/workflows/${W1}/executions/${E}`, d)).toEqual({
      kind: 'execution',
      workflowId: W1,
      executionId: E,
    });
    expect(calls).toEqual([]);
  });
  it('lands on a workflow with one request', async () => {
    const { d, calls } = deps({ [W1]: [] });
    expect(await findById(W1, d)).toEqual({ kind: 'workflow', workflowId: W1 });
    expect(calls).toEqual([`workflow ${W1}`]);
  });
  it('asks nothing for an execution this browser knows', async () => {
    const { d, calls } = deps({ [W1]: [E] }, W1);
    expect(await findById(E, d)).toMatchObject({ kind: 'execution', workflowId: W1 });
    expect(calls).toEqual([]);
  });
  it('looks under each workflow, most recently changed first, for an unknown execution id', async () => {
    const { d, calls } = deps({ [W1]: [E], [W2]: [] });
    expect(await findById(E, d)).toEqual({ kind: 'execution', workflowId: W1, executionId: E });
    expect(calls).toEqual([`workflow ${E}`, 'list', 'execution 2', 'execution 1']);
  });
  it('says so when nothing has the id, and when the text holds none', async () => {
    const { d } = deps({ [W1]: [] });
    expect(await findById(E, d)).toEqual({ kind: 'not-found', id: E, checkedWorkflows: 1 });
    expect(await findById('hello', d)).toEqual({ kind: 'no-id' });
  });
});
