// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { ExecutionSteps } from './execution-steps';
import type { ServerStep } from './step-model';

const step = (index: number, fields: Partial<ServerStep>): ServerStep => ({
  index,
  kind: 'markdown_report',
  name: `Step ${index + 1}`,
  status: 'finished',
  started_at: null,
  finished_at: null,
  duration_ms: null,
  error: null,
  ...fields,
});

/** A local service whose run `run` went through `steps`. */
function serverWithSteps(steps: ServerStep[]) {
  const server = new FakeV1Server({ extensions: true });
  const workflow = server.addWorkflow({ name: 'Sales intro' });
  const run = server.addExecution(workflow.id, { status: 'finished' });
  server.answer('GET', /\/steps$/, () =>
    Response.json({ execution_id: run.id, workflow_id: workflow.id, status: 'finished', steps }),
  );
  return { server, ui: <ExecutionSteps workflowId={workflow.id} executionId={run.id} status="finished" /> };
}

describe('ExecutionSteps with writing steps', () => {
  it('says which model wrote a step and the tokens it used, read and written', async () => {
    const { server, ui } = serverWithSteps([
      step(0, { name: 'Read the lead' }),
      step(1, {
        kind: 'model_write',
        name: 'Write the email',
        model: 'llama3.1',
        tokens: { prompt_tokens: 900, completion_tokens: 334 },
      }),
    ]);
    await renderWithServer(ui, { server });

    const list = await screen.findByRole('list', { name: 'Steps' });
    const [read, write] = within(list).getAllByRole('listitem');
    expect(write!.textContent).toContain('Write the email');
    expect(write!.textContent).toContain('Written by llama3.1 · used 1,234 tokens (900 read, 334 written)');
    expect(read!.textContent).not.toContain('Written by');
  });

  it('names a writing step’s author as the model when the server does not say which, and shows any kind by name', async () => {
    const { server, ui } = serverWithSteps([
      step(0, { kind: 'model_write', name: 'Summarise the call', model: null, tokens: null }),
      step(1, { kind: 'crystal_ball', name: 'Predict the weather' }),
    ]);
    await renderWithServer(ui, { server });

    const list = await screen.findByRole('list', { name: 'Steps' });
    const [summary, unknown] = within(list).getAllByRole('listitem');
    expect(summary!.textContent).toContain('Written by the model');
    expect(summary!.textContent).not.toContain('tokens');
    expect(unknown!.textContent).toContain('Predict the weather');
  });
});
