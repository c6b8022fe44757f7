import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ModelConfig } from '../config-model';
import { connectModel } from './model-client';
import { failureOf, useFakeModel } from './test-support/fake-model-settings';

const { fake, settings } = await useFakeModel();

const KEY = 'sk-proj-Zx81VqT0pLmN4bC7dE2fG9hJ3kR6sW5u';

/** A logger whose lines are kept, to read what the server logged. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

const ask = (config: ModelConfig, logger = capturedLogger().logger) =>
  connectModel(config, undefined, logger).complete({
    kind: 'write',
    messages: [{ role: 'user', content: 'Say hello' }],
    account: 'a',
    retries: 0,
  });

describe('a model call’s deadline', () => {
  it('cuts a server that sends its headers and then one byte a second, at WORKFLOW_MODEL_TIMEOUT_MS', async () => {
    fake.otherwise = { drip: true };
    const began = performance.now();
    const failure = await failureOf(ask(settings({ timeoutMs: 300 })));
    const took = performance.now() - began;
    expect([failure.reason, failure.message]).toEqual(['timeout', 'the model fake-llm did not answer within 300 ms']);
    expect(took).toBeLessThan(1_500);
  });
});

describe('a model answer’s size', () => {
  it('asks for at most WORKFLOW_MODEL_MAX_TOKENS tokens', async () => {
    await ask(settings({ maxTokens: 321 }));
    expect(fake.requests[0]!.body.max_tokens).toBe(321);
  });

  it('stops reading an answer past 1 MB, without holding it in memory', async () => {
    fake.otherwise = { huge: 50 * 1024 * 1024 };
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const outcome = ask(settings());
    await outcome.catch(() => null);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const grewMb = (peak - before) / 1024 / 1024;
    console.log(`50 MB answer: rss grew ${grewMb.toFixed(1)} MB at its peak`);
    const failure = await failureOf(outcome);
    expect(failure.reason).toBe('too_large');
    expect(failure.message).toBe('the model fake-llm answered with more than 1 MB, more than any plan or file needs');
    expect(grewMb).toBeLessThan(40);
  });
});

describe('a model server’s error', () => {
  it('reaches the tenant as its status and a sentence, and the log without the key', async () => {
    fake.otherwise = { echoKey: 401 };
    const { logger, lines } = capturedLogger();
    const failure = await failureOf(ask(settings({ apiKey: KEY }), logger));
    expect(failure.message).toBe(
      'the model fake-llm was refused by its server (401 Unauthorized): the service’s model key is wrong or missing (the operator should check WORKFLOW_MODEL_KEY)',
    );
    expect(failure.message).not.toContain('Incorrect API key');
    const log = lines.join('\n');
    expect(log).toContain('Incorrect API key provided');
    expect(log).toContain('401');
    expect(log).not.toContain(KEY);
    expect(log).not.toContain('Zx81VqT0');
  });
});
