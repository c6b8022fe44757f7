import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../contract/openapi-document';

type Node = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(openApiDocument as unknown as Node, 'contract');

const cache = new Map<string, ValidateFunction>();

function at(pointer: string): Node {
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Node>((node, key) => node[key] as Node, openApiDocument as unknown as Node);
}

/** JSON pointer of the response body schema of an operation's status, following a response $ref. */
function responseSchemaPointer(operationId: string, status: number): string {
  const paths = openApiDocument.paths as unknown as Record<string, Record<string, Node>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId !== operationId) continue;
      const escapedPath = path.replace(/~/g, '~0').replace(/\//g, '~1');
      let pointer = `#/paths/${escapedPath}/${method}/responses/${status}`;
      if (!(String(status) in (operation.responses as Node))) {
        throw new Error(`the contract has no ${status} response for ${operationId}`);
      }
      const response = at(pointer);
      if (typeof response.$ref === 'string') pointer = response.$ref;
      return `${pointer}/content/application~1json/schema`;
    }
  }
  throw new Error(`the contract has no operation ${operationId}`);
}

/** Throws, listing every mismatch, unless `body` is what the contract promises for this operation and status. */
export function assertMatchesContract(operationId: string, status: number, body: unknown): void {
  const key = `${operationId} ${status}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `contract${responseSchemaPointer(operationId, status)}` });
    cache.set(key, validate);
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
    throw new Error(
      `${operationId} ${status} response does not match the contract: ${problems}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}
