import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: the model’s limits and the look for a local model server', () => {
  it('reads the answer and planning limits of a model, and refuses them without one', () => {
    const model = loadConfig({
      WORKFLOW_MODEL_URL: 'http://127.0.0.1:11434/v1',
      WORKFLOW_MODEL: 'llama3.1',
      WORKFLOW_MODEL_MAX_TOKENS: '800',
      WORKFLOW_PLANNING_TIMEOUT_MS: '30000',
    }).model;
    expect(model).toMatchObject({ maxTokens: 800, planningTimeoutMs: 30_000 });
    expect(() => loadConfig({ WORKFLOW_MODEL_MAX_TOKENS: '12' })).toThrow(
      'WORKFLOW_MODEL_MAX_TOKENS must be a whole number of tokens from 64 to 1,000,000',
    );
    expect(() => loadConfig({ WORKFLOW_PLANNING_TIMEOUT_MS: '5000' })).toThrow(
      'WORKFLOW_PLANNING_TIMEOUT_MS is set but WORKFLOW_MODEL_URL is not',
    );
  });

  it('looks for a local Ollama only without a model, at its default address unless told otherwise or off', () => {
    expect(loadConfig({ WORKFLOW_OLLAMA_PROBE_URL: 'http://127.0.0.1:9911/v1/' }).ollamaProbeUrl).toBe(
      'http://127.0.0.1:9911/v1',
    );
    expect(loadConfig({ WORKFLOW_OLLAMA_PROBE_URL: 'off' }).ollamaProbeUrl).toBeNull();
    expect(
      loadConfig({ WORKFLOW_MODEL_URL: 'http://127.0.0.1:11434/v1', WORKFLOW_MODEL: 'llama3.1' }).ollamaProbeUrl,
    ).toBeNull();
    expect(() => loadConfig({ WORKFLOW_OLLAMA_PROBE_URL: 'ollama' })).toThrow(
      'WORKFLOW_OLLAMA_PROBE_URL must be the absolute http(s) base URL',
    );
  });
});
