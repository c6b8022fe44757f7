import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOllama {
  /** The base URL to give as WORKFLOW_OLLAMA_PROBE_URL (ends in /v1). */
  url: string;
  /** How many times GET /v1/models was asked. */
  asked: number;
  close(): Promise<void>;
}

/**
 * A fake local Ollama for tests: its OpenAI-compatible GET /v1/models lists `models`, after
 * `delayMs` (to stand for one too slow to wait for).
 */
export async function startFakeOllama(models: string[], delayMs = 0): Promise<FakeOllama> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/v1/models') {
      res.writeHead(404).end();
      return;
    }
    fake.asked++;
    const timer = setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'library' })) }),
      );
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeOllama = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    asked: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
