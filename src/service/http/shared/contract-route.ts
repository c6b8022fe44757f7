import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { operations } from '../../../contract/api-types';
import { findOperation, routeSchema } from './contract-schemas';

type OperationId = keyof operations;
type Parameters<Id extends OperationId> = operations[Id]['parameters'];
type JsonBody<Holder> = Holder extends { content: { 'application/json': infer Body } } ? Body : never;
/** An optional body arrives as null when the request has none (see routeSchema). */
type RequestBody<Id extends OperationId> = undefined extends operations[Id]['requestBody']
  ? JsonBody<NonNullable<operations[Id]['requestBody']>> | null
  : JsonBody<operations[Id]['requestBody']>;

/** Fastify's request generics for one contract operation, taken from the generated types. */
interface ContractRoute<Id extends OperationId> {
  Params: NonNullable<Parameters<Id>['path']>;
  Querystring: NonNullable<Parameters<Id>['query']>;
  Body: RequestBody<Id>;
}

type ContractHandler<Id extends OperationId> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContractRoute<Id>
>;

/**
 * Registers the handler of one contract operation at the operation's method and path (relative to
 * the `/api/v1` prefix), with its request and response schemas; the handler sees the generated
 * request types, so no route declares them by hand.
 */
export function contractRoute<Id extends OperationId>(
  app: FastifyInstance,
  operationId: Id,
  handler: ContractHandler<Id>,
): void {
  const { method, path } = findOperation(operationId);
  app.route<ContractRoute<Id>>({
    method: method.toUpperCase(),
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    schema: routeSchema(operationId),
    handler,
  });
}
