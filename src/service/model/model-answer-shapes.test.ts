// Where a model's answer text is and what wraps it: content parts, tool calls, a stream nobody asked for,
// a body that is no completion, reasoning before the answer, and an answer cut off at max_tokens.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeStepPool } from '../engine/step-pool';
import { writeStep, type WriteStep } from '../engine/write-step';
import { StepFailure } from '../steps/step-io';
import { fileText } from '../steps/output-files';
import { SALES_PROMPT, salesPlan } from '../test-support/model-plans';
import { connectModel, ModelFailure, type Model, type ModelAnswer } from './model-client';
import { planWithModel } from './model-planner';

const KEY = 'sk-proj-Wq52HtY8uVrX3zB1cD4eF6gH7jK9lM0p';

/** One raw HTTP answer of the fake server. */
interface Raw {
  contentType?: string;
  body: string;
}

const queue: Raw[] = [];
let calls = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    calls++;
    const raw = queue.shift() ?? says('A fake answer.');
    res.writeHead(200, { 'content-type': raw.contentType ?? 'application/json' });
    res.end(raw.body);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeStepPool();
});
afterEach(() => {
  queue.length = 0;
  calls = 0;
});

function completion(message: Record<string, unknown>, finishReason = 'stop'): Raw {
  const choice = { index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason };
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  return { body: JSON.stringify({ id: 'c', object: 'chat.completion', created: 0, choices: [choice], usage }) };
}
const says = (content: string, finishReason = 'stop') => completion({ content }, finishReason);

function stream(...contents: string[]): Raw {
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const chunks = contents.map((content, i) => chunk({ content }, i === contents.length - 1 ? 'stop' : null));
  return { contentType: 'text/event-stream', body: `${chunks.join('')}data: [DONE]\n\n` };
}

function capturedLogger() {
  const lines: string[] = [];
  return { logger: pino({ level: 'debug' }, { write: (line: string) => lines.push(line) }), lines };
}

function model(logger = capturedLogger().logger): Model {
  const config = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    model: 'fake-llm',
    apiKey: KEY,
    timeoutMs: 2_000,
    concurrency: 2,
    maxTokens: 500,
    planningTimeoutMs: 10_000,
  };
  return connectModel(config, undefined, logger);
}

async function ask(raw: Raw, logger = capturedLogger().logger): Promise<ModelAnswer> {
  queue.push(raw);
  return model(logger).complete({
    kind: 'write',
    messages: [{ role: 'user', content: 'Hi' }],
    account: 'a',
    retries: 0,
  });
}

async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );
}

const toolCall = (args: string) => ({ id: 'call_1', type: 'function', function: { name: 'answer', arguments: args } });

describe('where complete() finds the answer', () => {
  it.each([
    [
      'content parts, joined',
      completion({
        content: [
          { type: 'text', text: 'Hello ' },
          { type: 'text', text: 'Ada.' },
        ],
      }),
    ],
    ['a tool call’s arguments', completion({ tool_calls: [toolCall('Hello Ada.')] }, 'tool_calls')],
    ['the older function_call’s arguments', completion({ function_call: { name: 'answer', arguments: 'Hello Ada.' } })],
    ['a server-sent-events body put back together', stream('Hel', 'lo A', 'da.')],
    ['events sent as application/json', { ...stream('Hello ', 'Ada.'), contentType: 'application/json' }],
  ])('reads %s', async (_, raw) => {
    expect((await ask(raw)).text).toBe('Hello Ada.');
  });

  it.each([
    ['an HTML page', { contentType: 'text/html', body: `<html>Bad gateway for Bearer ${KEY}</html>` }],
    ['JSON without choices', { body: JSON.stringify({ error: { message: `Incorrect API key ${KEY}` } }) }],
    ['a JSON body cut short', { body: '{"choices":[{"message":{"content":"Hel' }],
  ])('fails in a sentence of its own on %s, and logs the body without the key', async (_, raw) => {
    const { logger, lines } = capturedLogger();
    const error = await rejection(ask(raw, logger));
    expect(error).toBeInstanceOf(ModelFailure);
    expect((error as ModelFailure).message).toBe('the model fake-llm answered in a form the service cannot read');
    const log = lines.join('\n');
    expect(log).toContain('a model answer was unreadable');
    expect(log).not.toContain(KEY);
    expect(log).not.toContain('Wq52HtY8');
  });
});

describe('reasoning before the answer', () => {
  it.each([
    ['<think>', '<think>\nThe user wants {"a": 1}.\n</think>\n\nHello Ada.'],
    ['<thinking>', '<thinking>Plan it.</thinking>Hello Ada.'],
    ['two blocks', '<think>one</think>\n<think>two</think>\nHello Ada.'],
    ['a closing tag alone (the template opened it)', 'Plan it first.\n</think>\n\nHello Ada.'],
  ])('is taken off: %s', async (_, content) => {
    expect((await ask(says(content))).text).toBe('Hello Ada.');
  });

  it('is an empty answer when there is nothing after it', async () => {
    const error = await rejection(ask(says('<think>only thoughts</think>')));
    expect((error as ModelFailure).reason).toBe('empty');
  });
});

describe('an answer cut off at max_tokens', () => {
  it('says why it ended', async () => {
    expect(await ask(says('Hello A', 'length'))).toMatchObject({ text: 'Hello A', finish_reason: 'length' });
  });

  it('says an empty answer was cut off, naming what the operator can raise', async () => {
    const error = await rejection(ask(says('', 'length')));
    expect((error as ModelFailure).message).toMatch(/cut off at its token limit.*WORKFLOW_MODEL_MAX_TOKENS/);
  });
});

const planning = (m: Model) =>
  planWithModel(m, SALES_PROMPT, {}, { account: 'a', signal: new AbortController().signal });

describe('planWithModel', () => {
  it('uses a plan given as content parts', async () => {
    queue.push(completion({ content: [{ type: 'text', text: JSON.stringify(salesPlan()) }] }));
    expect(await planning(model())).toHaveProperty('plan.name', 'Sales intro email');
  });

  it('says a plan cut off at the token limit was cut off, and does not ask again', async () => {
    queue.push(says(JSON.stringify(salesPlan()).slice(0, 120), 'length'));
    expect(await planning(model())).toEqual({
      unusable:
        'the model fake-llm was cut off at its token limit before its plan was whole (the operator can raise WORKFLOW_MODEL_MAX_TOKENS).',
    });
    expect(calls).toBe(1);
  });

  it('falls back with a note when the call fails in a way the client does not know', async () => {
    const broken: Model = {
      name: 'odd-llm',
      planningTimeoutMs: 1000,
      complete: () => Promise.reject(new TypeError('x')),
    };
    expect(await planning(broken)).toEqual({
      unusable: 'the model odd-llm gave an answer the service could not read.',
    });
  });
});

const step = (format: WriteStep['format'], filename = 'email.md'): WriteStep => ({
  kind: 'model_write',
  filename,
  instructions: 'Write to {{ input.name }}.',
  format,
});

async function write(s: WriteStep, m: Model) {
  const ctx = { input: { name: 'Ada' }, files: [], previous: [] };
  return writeStep(s, ctx, { model: m, account: 'a', signal: new AbortController().signal, earlier: undefined });
}

describe('writeStep', () => {
  it('writes a file from content parts, without the reasoning before them', async () => {
    queue.push(completion({ content: [{ type: 'text', text: '<think>internal</think>Hello ' }, { text: 'Ada.' }] }));
    const { file, writing } = await write(step('markdown'), model());
    expect(fileText(file)).toBe('Hello Ada.\n');
    expect(writing?.text).toBe('Hello Ada.');
  });

  it('keeps a text cut off at the token limit, with a line saying so', async () => {
    queue.push(says('Hello Ada, our widgets are', 'length'));
    const { file, writing } = await write(step('markdown'), model());
    expect(fileText(file)).toBe('Hello Ada, our widgets are\n\n*[Cut off here: the model reached its token limit.]*\n');
    expect(writing?.text).toContain('Cut off here');
  });

  it('fails JSON cut off at the token limit, saying so', async () => {
    queue.push(says('{"category": "bil', 'length'));
    const error = await rejection(write(step('json', 'category.json'), model()));
    expect(error).toBeInstanceOf(StepFailure);
    expect((error as Error).message).toBe(
      'the model fake-llm did not finish the JSON for category.json, cut off at its token limit (the operator can raise WORKFLOW_MODEL_MAX_TOKENS)',
    );
  });

  it('fails an answer that is reasoning only, never writing it', async () => {
    queue.push(says('<think>The user wants an email, so first', 'length'));
    const error = await rejection(write(step('markdown'), model()));
    expect((error as Error).message).toMatch(
      /^the model fake-llm answered for email.md with its reasoning only, cut off/,
    );
  });

  it('fails in words, not as an internal error, when the call fails in a way the client does not know', async () => {
    const broken: Model = {
      name: 'odd-llm',
      planningTimeoutMs: 1000,
      complete: () => Promise.reject(new TypeError('x')),
    };
    const error = await rejection(write(step('markdown'), broken));
    expect(error).toBeInstanceOf(StepFailure);
    expect((error as Error).message).toBe(
      'could not write email.md: the model odd-llm gave an answer the service could not read',
    );
  });
});
