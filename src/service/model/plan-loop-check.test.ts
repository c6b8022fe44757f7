import { afterAll, describe, expect, it } from 'vitest';
import type { WorkflowCreateResponse } from '../../contract/openapi-document';
import { startFakeModel } from '../test-support/fake-model';
import { answerInput, answerStep, salesPlan } from '../test-support/model-plans';
import { useTestService } from '../test-support/use-service';

const fake = await startFakeModel();
afterAll(() => fake.close());

const svc = useTestService({ WORKFLOW_MODEL_URL: fake.url, WORKFLOW_MODEL: 'fake-llm' });

describe('a model plan whose template loops over the input inside a loop over it', () => {
  it('is sent back at plan check with the sentence, and the plan that follows is used', async () => {
    const looping = {
      ...salesPlan(),
      inputs: [answerInput('names', 'Names', 'list of texts')],
      steps: [
        answerStep({
          kind: 'model_write',
          filename: 'pairs.md',
          format: 'markdown',
          instructions:
            'Introduce {% for a in input.names %}{% for b in input.names %}{{ a }} to {{ b }}. {% endfor %}{% endfor %}',
        }),
      ],
    };
    fake.script({ json: looping }, { json: salesPlan() });
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'introduce every person on a list to every other one' },
    });
    await svc.engine.idle();
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(retry.at(-1)!.content).toContain(
      'the template loops over input.names inside a loop over input.names, so its work would grow with the square of the input’s size',
    );
    const stored = await svc.store.workflows.byId(created.body.id);
    expect(stored?.name).toBe('Sales intro email');
  });
});
