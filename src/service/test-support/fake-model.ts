import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMisbehaviour, misbehave, type Misbehaviour } from './fake-model-misbehaviour';

/** A chat-completions request as the fake received it. */
export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** What the fake answers to one request. */
export type FakeAnswer =
  /** A completion whose content is this value as JSON. */
  | { json: unknown; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** A completion with this text. */
  | { text: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** An error status with an OpenAI-style error body (429 and 503 with Retry-After: `retryAfter` seconds). */
  | { status: number; retryAfter?: number }
  /** Never answers: the client's timeout decides. */
  | { hang: true }
  /** A completion whose content is not JSON at all. */
  | { malformed: true }
  /** Drips, sends a huge answer, or echoes the key in an error (fake-model-misbehaviour.ts). */
  | Misbehaviour;

export type FakeScript = FakeAnswer | ((request: RecordedRequest) => FakeAnswer);

export interface FakeModel {
  /** The base URL to configure as WORKFLOW_MODEL_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Answers the next requests with these, in order; after them, `otherwise`. */
  script(...answers: FakeScript[]): void;
  /** The answer once the script is used up. */
  otherwise: FakeScript;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 120, completion_tokens: 80 };

function completion(body: Record<string, unknown>, content: string, usage = DEFAULT_USAGE) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A fake OpenAI-compatible server for tests: records every request to /v1/chat/completions and
 * answers as scripted (good or bad plans, texts, 429, 500, hangs, malformed JSON).
 */
export async function startFakeModel(otherwise: FakeScript = { text: 'A fake answer.' }, port = 0): Promise<FakeModel> {
  const queue: FakeScript[] = [];
  const hanging = new Set<ServerResponse>();
  const fake: FakeModel = {
    url: '',
    requests: [],
    script: (...answers) => queue.push(...answers),
    otherwise,
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
        send(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        send(res, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
        return;
      }
      const request: RecordedRequest = { path, headers: req.headers, body };
      fake.requests.push(request);
      const next = queue.shift() ?? fake.otherwise;
      const answer = typeof next === 'function' ? next(request) : next;
      if (isMisbehaviour(answer)) {
        misbehave(res, req.headers, answer, (held) => {
          hanging.add(held);
          held.on('close', () => hanging.delete(held));
        });
      } else if ('hang' in answer) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
      } else if ('status' in answer) {
        const headers: Record<string, string> =
          answer.retryAfter !== undefined ? { 'retry-after': String(answer.retryAfter) } : {};
        send(res, answer.status, { error: { message: `fake error ${answer.status}`, type: 'server_error' } }, headers);
      } else if ('malformed' in answer) send(res, 200, completion(body, '{"name": "Half a plan", "steps": ['));
      else if ('json' in answer) send(res, 200, completion(body, JSON.stringify(answer.json), answer.usage));
      else send(res, 200, completion(body, answer.text, answer.usage));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
