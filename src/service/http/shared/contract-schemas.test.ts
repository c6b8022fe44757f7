import { describe, expect, it } from 'vitest';
import { forSerializer, resolveSchema, routeSchema, schemaOf } from './contract-schemas';

describe('routeSchema', () => {
  it('builds params, query and response schemas from the contract, refs inlined', () => {
    const schema = routeSchema('listExecutions');
    expect(schema.params).toEqual({
      type: 'object',
      properties: { workflowId: { type: 'string', format: 'uuid' } },
      required: ['workflowId'],
    });
    expect(schema.querystring).toMatchObject({
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        cursor: { type: 'string', format: 'date-time' },
      },
      required: [],
    });
    expect(JSON.stringify(schema)).not.toContain('$ref');
    expect(Object.keys(schema.response as object)).toEqual(['200', '400', '401', '404', '429', '431', '500']);
  });

  it('lets an optional body be absent', () => {
    expect(routeSchema('createExecution').body).toMatchObject({ anyOf: [{ type: 'object' }, { type: 'null' }] });
    expect(routeSchema('createWorkflow').body).toMatchObject({ type: 'object', required: ['prompt'] });
  });

  it('drops x- annotations that strict validators would reject', () => {
    expect(JSON.stringify(routeSchema('decideApproval'))).not.toContain('x-local-extension');
  });
});

describe('forSerializer', () => {
  it('turns "value or null" oneOf into a nullable type and keeps everything else', () => {
    const detail = forSerializer(schemaOf('ExecutionDetail')) as { properties: Record<string, unknown> };
    expect(detail.properties.results).toMatchObject({
      type: ['array', 'null'],
      items: { additionalProperties: false },
    });
    expect(detail.properties).not.toHaveProperty('results.oneOf');
    const workflow = forSerializer(resolveSchema({ $ref: '#/components/schemas/WorkflowDetail' })) as {
      properties: Record<string, unknown>;
    };
    expect(workflow.properties.input_schema).toMatchObject({ type: ['object', 'null'], additionalProperties: true });
  });
});
