import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { generateSchemasModule, SCHEMAS_MODULE_PATH } from './gen-schemas';

describe('generated response schemas', () => {
  it('match the OpenAPI document (run `npm run gen:types` after editing it)', async () => {
    const options = await resolveConfig(SCHEMAS_MODULE_PATH);
    const fresh = await format(generateSchemasModule(), { ...options, filepath: SCHEMAS_MODULE_PATH });
    expect(readFileSync(SCHEMAS_MODULE_PATH, 'utf8')).toBe(fresh);
  });

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
