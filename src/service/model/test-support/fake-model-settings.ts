import { afterAll, afterEach, expect } from 'vitest';
import type { ModelConfig } from '../../config-model';
import { startFakeModel, type FakeModel } from '../../test-support/fake-model';
import { ModelFailure } from '../model-client';

/**
 * A fake model server for one test file, closed after it and reset after each test, with the
 * settings that point a client at it (`changes` on top).
 */
export async function useFakeModel(): Promise<{
  fake: FakeModel;
  settings: (changes?: Partial<ModelConfig>) => ModelConfig;
}> {
  const fake = await startFakeModel();
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.otherwise = { text: 'A fake answer.' };
  });
  const settings = (changes: Partial<ModelConfig> = {}): ModelConfig => ({
    baseUrl: fake.url,
    model: 'fake-llm',
    apiKey: null,
    timeoutMs: 5_000,
    concurrency: 4,
    maxTokens: 1000,
    planningTimeoutMs: 10_000,
    ...changes,
  });
  return { fake, settings };
}

/** The ModelFailure a call ends in; the test fails if it succeeds or fails otherwise. */
export async function failureOf(call: Promise<unknown>): Promise<ModelFailure> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelFailure);
  return error as ModelFailure;
}
