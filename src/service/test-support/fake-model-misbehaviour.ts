import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/** Ways a model server can misbehave that a scripted answer of fake-model.ts cannot show. */
export type Misbehaviour =
  /** Sends 200 and its headers at once, then one byte of the body a second, without end. */
  | { drip: true }
  /** A completion whose content is `bytes` long, written in chunks as the socket drains (never held whole here). */
  | { huge: number }
  /** An error status whose message quotes the request's Authorization header, as some servers do. */
  | { echoKey: number };

export const isMisbehaviour = (answer: object): answer is Misbehaviour =>
  'drip' in answer || 'huge' in answer || 'echoKey' in answer;

const CHUNK = Buffer.alloc(64 * 1024, 'a');

async function writeDrained(res: ServerResponse, chunk: Buffer | string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk))
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  return !res.destroyed;
}

async function sendHuge(res: ServerResponse, bytes: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json' });
  if (!(await writeDrained(res, '{"id":"chatcmpl-huge","object":"chat.completion","created":0,"model":"fake",')))
    return;
  if (
    !(await writeDrained(res, '"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"'))
  )
    return;
  for (let sent = 0; sent < bytes; sent += CHUNK.length) {
    if (!(await writeDrained(res, sent + CHUNK.length <= bytes ? CHUNK : CHUNK.subarray(0, bytes - sent)))) return;
  }
  res.end('"}}]}');
}

/** Answers one request with the misbehaviour; `hold` keeps the response to end at close. */
export function misbehave(
  res: ServerResponse,
  headers: IncomingHttpHeaders,
  answer: Misbehaviour,
  hold: (res: ServerResponse) => void,
): void {
  if ('drip' in answer) {
    hold(res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    const timer = setInterval(() => res.write(' '), 1000);
    res.on('close', () => clearInterval(timer));
  } else if ('huge' in answer) {
    hold(res);
    void sendHuge(res, answer.huge);
  } else {
    const key = headers.authorization ?? '(none)';
    res.writeHead(answer.echoKey, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message: `Incorrect API key provided: ${key}. You can find your key at https://example.test/keys`,
          type: 'invalid_request_error',
        },
      }),
    );
  }
}
