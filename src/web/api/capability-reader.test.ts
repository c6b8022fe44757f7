import { describe, expect, it } from 'vitest';
import contract from '@contract/openapi.json' with { type: 'json' };
import { NO_CAPABILITIES, PROBES } from './capabilities';
import { readCapabilities } from './capability-reader';

const capabilitiesFromDocument = (doc: unknown) => readCapabilities(doc, PROBES);

const marked = { 'x-local-extension': true };

describe('capabilitiesFromDocument', () => {
  it('finds every extension of the local service in its own contract document', () => {
    expect(capabilitiesFromDocument(contract)).toEqual(
      Object.fromEntries(Object.keys(NO_CAPABILITIES).map((key) => [key, true])),
    );
  });

  it('sees none in a plain v1 document, nor in anything that is not one', () => {
    const v1 = {
      paths: {
        '/workflows': { get: { responses: {} }, post: { responses: {} } },
        '/workflows/{workflowId}/executions': {
          get: { parameters: [{ name: 'limit', in: 'query' }, { $ref: '#/components/parameters/Cursor' }] },
        },
      },
      components: { parameters: { Cursor: { name: 'cursor', in: 'query' } }, schemas: { ExecutionStatus: {} } },
    };
    expect(capabilitiesFromDocument(v1)).toEqual(NO_CAPABILITIES);
    for (const junk of [null, 'x', [], { paths: [] }, { paths: { '/executions': 'get' } }])
      expect(capabilitiesFromDocument(junk)).toEqual(NO_CAPABILITIES);
  });

  it('offers rename, re-plan and delete only where they are marked, not for any server with such methods', () => {
    const plain = { patch: { responses: {} }, delete: { responses: {} } };
    const unmarked = capabilitiesFromDocument({
      paths: { '/workflows/{id}': plain, '/workflows/{id}/replan': { post: {} } },
    });
    expect([unmarked.updateWorkflow, unmarked.replanWorkflow, unmarked.deleteWorkflow]).toEqual([false, false, false]);
    const local = capabilitiesFromDocument({
      paths: {
        '/workflows/{id}': { patch: { ...marked }, delete: { ...marked } },
        '/workflows/{id}/replan': { post: { ...marked } },
      },
    });
    expect([local.updateWorkflow, local.replanWorkflow, local.deleteWorkflow]).toEqual([true, true, true]);
  });

  it('finds the cancel extension by the document structure, whatever the path parameter is called', () => {
    const post = { post: { ...marked, responses: {} } };
    expect(capabilitiesFromDocument({ paths: { '/workflows/{workflowId}/executions/cancel': post } }).cancel).toBe(
      true,
    );
    expect(capabilitiesFromDocument({ paths: { '/workflows/{id}/executions/cancel/': post } }).cancel).toBe(true);
    // An unmarked operation is not the extension, a GET is not the operation, and a mention in text is not a path.
    const unmarked = { '/workflows/{workflowId}/executions/cancel': { post: { responses: {} } } };
    expect(capabilitiesFromDocument({ paths: unmarked }).cancel).toBe(false);
    const get = { '/workflows/{workflowId}/executions/cancel': { get: post.post } };
    expect(capabilitiesFromDocument({ paths: get }).cancel).toBe(false);
    const text = { description: '"/workflows/{workflowId}/executions/cancel" "x-local-extension":true' };
    expect(capabilitiesFromDocument({ info: text, paths: {} })).toEqual(NO_CAPABILITIES);
  });

  it('finds a parameter declared on the operation, on its path item, or through a $ref', () => {
    const path = '/workflows/{workflowId}/executions';
    const status = { name: 'status', in: 'query', ...marked };
    const onOperation = { paths: { [path]: { get: { parameters: [status] } } } };
    const onPathItem = { paths: { [path]: { parameters: [status], get: {} } } };
    const byRef = {
      paths: { [path]: { get: { parameters: [{ $ref: '#/components/parameters/Status' }] } } },
      components: { parameters: { Status: status } },
    };
    for (const doc of [onOperation, onPathItem, byRef])
      expect(capabilitiesFromDocument(doc)).toMatchObject({ executionStatusFilter: true, localExtensions: true });
    // The same name without the mark is a server's own v1 parameter, not the extension.
    const plain = { paths: { [path]: { get: { parameters: [{ name: 'status', in: 'query' }] } } } };
    expect(capabilitiesFromDocument(plain).executionStatusFilter).toBe(false);
  });

  it('says the server marks extensions only where an operation, parameter, schema or property carries the mark', () => {
    const property = { components: { schemas: { WorkflowDetail: { properties: { concurrency: marked } } } } };
    expect(capabilitiesFromDocument(property).localExtensions).toBe(true);
    const schema = { components: { schemas: { WorkflowStatus: { type: 'string', ...marked } } } };
    expect(capabilitiesFromDocument(schema)).toMatchObject({ localExtensions: true, workflowStatus: true });
    const nowhere = { info: { 'x-local-extension': false }, paths: { '/workflows': { get: {} } } };
    expect(capabilitiesFromDocument(nowhere).localExtensions).toBe(false);
  });
});
