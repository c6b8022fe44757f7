import { describe, expect, it } from 'vitest';
import type { ModelConfig } from '../config-model';
import { connectModel } from './model-client';
import { failureOf, useFakeModel } from './test-support/fake-model-settings';

const { fake, settings } = await useFakeModel();

const ask = (config: ModelConfig, retries = 0, signal?: AbortSignal) =>
  connectModel(config).complete({
    kind: 'write',
    messages: [{ role: 'user', content: 'Say hello' }],
    account: 'a',
    retries,
    ...(signal ? { signal } : {}),
  });

describe('connectModel', () => {
  it('sends no Authorization header without a key, and a Bearer token with one', async () => {
    await ask(settings());
    await ask(settings({ apiKey: 'sk-local-123' }));
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual([undefined, 'Bearer sk-local-123']);
  });

  it('answers with the text and the tokens the server counted', async () => {
    fake.script({ text: 'Hello.', usage: { prompt_tokens: 7, completion_tokens: 2 } });
    expect(await ask(settings())).toEqual({ text: 'Hello.', usage: { prompt_tokens: 7, completion_tokens: 2 } });
  });

  it('tries again after a 429 and gives the answer that follows', async () => {
    fake.script({ status: 429, retryAfter: 0 }, { text: 'Now I can.' });
    expect((await ask(settings(), 1)).text).toBe('Now I can.');
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    {
      answer: { status: 429, retryAfter: 0 },
      reason: 'rate_limited',
      message: 'is busy (429 Too Many Requests) and kept refusing',
    },
    { answer: { status: 503, retryAfter: 0 }, reason: 'server_error', message: 'failed on its server (503)' },
    { answer: { status: 400 }, reason: 'refused', message: 'refused the request (400' },
    { answer: { text: '  ' }, reason: 'empty', message: 'gave an empty answer' },
  ])('fails naming the model and the cause: $reason', async ({ answer, reason, message }) => {
    fake.otherwise = answer;
    const failure = await failureOf(ask(settings(), 1));
    expect(failure.reason).toBe(reason);
    expect(failure.message).toContain(`the model fake-llm ${message}`);
  });

  it('fails as a timeout when the model does not answer in time', async () => {
    fake.otherwise = { hang: true };
    const failure = await failureOf(ask(settings({ timeoutMs: 200 })));
    expect([failure.reason, failure.message]).toEqual(['timeout', 'the model fake-llm did not answer within 200 ms']);
  });

  it('fails as unreachable when nothing listens at the URL', async () => {
    const failure = await failureOf(ask(settings({ baseUrl: 'http://127.0.0.1:9/v1' })));
    expect(failure.reason).toBe('unreachable');
    expect(failure.message).toBe('the model fake-llm could not be reached (is its server running?)');
  });

  it('has at most WORKFLOW_MODEL_CONCURRENCY calls at the model at once', async () => {
    fake.otherwise = { hang: true };
    const model = connectModel(settings({ concurrency: 2 }));
    const stop = new AbortController();
    const calls = Array.from({ length: 5 }, (_, i) =>
      model
        .complete({
          kind: 'write',
          messages: [{ role: 'user', content: `n${i}` }],
          account: `a${i % 2}`,
          retries: 0,
          signal: stop.signal,
        })
        .catch(() => null),
    );
    await expect.poll(() => fake.requests.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.requests).toHaveLength(2);
    stop.abort();
    await Promise.all(calls);
  });
});
