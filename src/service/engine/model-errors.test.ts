import { afterAll, describe, expect, it } from 'vitest';
import type { ExecutionDetail, WorkflowCreateResponse, WorkflowDetail } from '../../contract/openapi-document';
import type { StepSpec } from '../workflow/plan-types';
import { startFakeModel } from '../test-support/fake-model';
import { queueRuns, runsUrl } from '../test-support/runs';
import { useTestService } from '../test-support/use-service';

const KEY = 'sk-proj-Zx81VqT0pLmN4bC7dE2fG9hJ3kR6sW5u';
const CAUSE = 'was refused by its server (401 Unauthorized)';

/** A model server that answers 401 with the key it was sent in its error text, as some do. */
const fake = await startFakeModel({ echoKey: 401 });
afterAll(() => fake.close());

const svc = useTestService({ WORKFLOW_MODEL_URL: fake.url, WORKFLOW_MODEL: 'fake-llm', WORKFLOW_MODEL_KEY: KEY });

const emailStep: StepSpec = {
  kind: 'model_write',
  filename: 'email.md',
  instructions: 'Write a short email to {{ input.company }}.',
  format: 'markdown',
};

describe('a model server whose error quotes the key', () => {
  it('is heard by tenants as its status and a sentence: in the run, error.txt and its steps, never its words', async () => {
    const workflowId = await svc.addWorkflow({ steps: [emailStep] });
    const [execution] = await queueRuns(svc, workflowId, [{ company: 'Acme' }]);
    await svc.engine.idle();
    const url = `${runsUrl(workflowId)}/${execution!.id}`;
    const detail = await svc.call<ExecutionDetail>('GET', url);
    const steps = await svc.call('GET', `${url}/steps`);
    const files = await svc.store.files.summaries(execution!.id);
    const errorFile = files.find((file) => file.filename === 'error.txt')?.inline_data?.toString() ?? '';
    expect(detail.body.status).toBe('error');
    expect(errorFile).toContain(`could not write email.md: the model fake-llm ${CAUSE}`);
    for (const seen of [JSON.stringify(detail.body), JSON.stringify(steps.body), errorFile]) {
      expect(seen).toContain(CAUSE);
      expect(seen).toContain('WORKFLOW_MODEL_KEY');
      expect(seen).not.toContain('Zx81VqT0');
      expect(seen).not.toContain('Incorrect API key');
    }
  });

  it('is heard in a planning note the same way', async () => {
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes into action items' },
    });
    await svc.engine.idle();
    const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
    const notes = JSON.stringify(detail.body.planning_notes);
    expect(notes).toContain(`the model fake-llm ${CAUSE}`);
    expect(notes).not.toContain('Zx81VqT0');
    expect(notes).not.toContain('Incorrect API key');
  });
});
