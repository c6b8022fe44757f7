import { describe, expect, it } from 'vitest';
import { generateSchemasModule } from './gen-schemas';

describe('generated response schemas', () => {
  it('refuse a document they cannot express instead of writing a wrong schema', () => {
    const doc = {
      components: {
        schemas: { Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } } },
      },
    };
    expect(() => generateSchemasModule(doc)).toThrow(/Recursive schema Loop/);
    const remote = { components: { schemas: { A: { $ref: 'other.json#/A' } } } };
    expect(() => generateSchemasModule(remote)).toThrow(/Only component schema refs/);
  });
});
