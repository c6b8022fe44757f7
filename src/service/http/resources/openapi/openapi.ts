import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../../../contract/openapi-document';

const body = JSON.stringify(openApiDocument);

/** The contract document, readable without a key so tools can discover the API. */
export function openApiRoute(app: FastifyInstance): void {
  app.get('/api/v1/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
