import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An app whose every injected request stays unanswered, for what must not wait on a slow answer. */
export const stalledApp = (): FastifyInstance =>
  ({ inject: () => new Promise(() => {}) }) as unknown as FastifyInstance;

/** A page request carrying `cookie`, as the SPA's routes read it. */
export const pageRequest = (cookie: string): FastifyRequest =>
  ({ headers: { accept: 'text/html', cookie }, socket: { remoteAddress: '127.0.0.1' } }) as unknown as FastifyRequest;
