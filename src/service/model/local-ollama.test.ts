import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOllama } from '../test-support/fake-ollama';
import { findLocalModels } from './local-ollama';

const ollama = await startFakeOllama(['llama3.1:8b', 'qwen2.5:7b']);
const slow = await startFakeOllama(['llama3.1:8b'], 2_000);
afterAll(() => Promise.all([ollama.close(), slow.close()]));

describe('findLocalModels', () => {
  it('names the models a local OpenAI-compatible server has, and the one line that turns the first on', async () => {
    expect(await findLocalModels(ollama.url)).toEqual({
      url: ollama.url,
      models: ['llama3.1:8b', 'qwen2.5:7b'],
      command: `WORKFLOW_MODEL_URL=${ollama.url} WORKFLOW_MODEL=llama3.1:8b npm start`,
    });
  });

  it('answers null at once when nothing listens, and within 300 ms when the server is slow', async () => {
    expect(await findLocalModels('http://127.0.0.1:9/v1')).toBeNull();
    const began = performance.now();
    expect(await findLocalModels(slow.url)).toBeNull();
    expect(performance.now() - began).toBeLessThan(1_000);
  });
});
