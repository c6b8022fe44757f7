import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { plannerLines } from './planner-lines';
import { startFakeOllama } from './test-support/fake-ollama';

const ollama = await startFakeOllama(['llama3.1:8b', 'qwen2.5:7b']);
afterAll(() => ollama.close());

describe('the planner lines at start-up', () => {
  it('name a model server on this machine, its models and the one line that turns it on, without using it', async () => {
    expect(await plannerLines(loadConfig({ WORKFLOW_OLLAMA_PROBE_URL: ollama.url }))).toEqual([
      'Planner: built-in rules (set WORKFLOW_MODEL_URL and WORKFLOW_MODEL to plan and write with a model)',
      `A model server answers at ${ollama.url} with llama3.1:8b, qwen2.5:7b; it is not used unless you turn it on:`,
      `  WORKFLOW_MODEL_URL=${ollama.url} WORKFLOW_MODEL=llama3.1:8b npm start`,
    ]);
  });

  it('say only the rules when nothing answers, or when the look is off', async () => {
    const rules = [
      'Planner: built-in rules (set WORKFLOW_MODEL_URL and WORKFLOW_MODEL to plan and write with a model)',
    ];
    expect(await plannerLines(loadConfig({ WORKFLOW_OLLAMA_PROBE_URL: 'http://127.0.0.1:9/v1' }))).toEqual(rules);
    const asked = ollama.asked;
    expect(await plannerLines(loadConfig({ WORKFLOW_OLLAMA_PROBE_URL: 'off' }))).toEqual(rules);
    expect(ollama.asked).toBe(asked);
  });

  it('name a configured model’s address without its user name, password or query', async () => {
    const config = loadConfig({
      WORKFLOW_MODEL_URL: 'https://me:s3cret@models.example.com/v1',
      WORKFLOW_MODEL: 'gpt-x',
    });
    expect(await plannerLines(config)).toEqual([
      'Planner: the model gpt-x at https://models.example.com/v1, with the built-in rules as fallback',
    ]);
  });
});
