import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './plugins/errors';

/** An app whose one route fails with `error`, answered by the service's error handling. */
async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  app.get('/fails', () => Promise.reject(error));
  const res = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json<{ error: string }>() };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that cannot answer just now', () => {
  it.each([
    ['PostgreSQL refusing connections', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'an administrator shutting PostgreSQL down',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['PostgreSQL out of connections', withCode('sorry, too many clients already', '53300')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['SQLite locked past its busy timeout', withCode('database is locked', 'SQLITE_BUSY')],
  ])('answers 503 with Retry-After for %s, never the driver message', async (_case, error) => {
    const answer = await answerTo(error);
    expect(answer).toEqual({
      status: 503,
      retryAfter: '5',
      body: { error: 'the database is unavailable just now; try again in a few seconds' },
    });
  });

  it('keeps other faults a 500 that describes nothing', async () => {
    expect(await answerTo(new TypeError('x is undefined'))).toMatchObject({
      status: 500,
      body: { error: 'internal server error' },
    });
  });
});
