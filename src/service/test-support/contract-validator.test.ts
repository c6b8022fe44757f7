import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from './contract-validator';

const uuid = '8d6f0a3e-5b7c-4b7e-9a51-0c2f7d9e1a23';
const when = '2026-11-21T23:06:29.123456Z';
const finished = { id: uuid, workflow_id: uuid, status: 'finished', created_at: when, results: [] };

describe('assertMatchesContract', () => {
  it('accepts a body the contract allows', () => {
    expect(() => assertMatchesContract('getExecution', 200, finished)).not.toThrow();
    expect(() => assertMatchesContract('getWorkflow', 404, { error: 'workflow not found' })).not.toThrow();
  });

  it('rejects extra properties where the contract forbids them', () => {
    expect(() => assertMatchesContract('getExecution', 200, { ...finished, extra: 1 })).toThrow(
      /must NOT have additional properties/,
    );
  });

  it('rejects wrong formats and missing fields', () => {
    expect(() =>
      assertMatchesContract('createExecution', 201, { execution_id: 'nope', workflow_id: uuid, status: 'initial' }),
    ).toThrow(/format "uuid".*required property 'created_at'|required property 'created_at'.*format "uuid"/);
  });

  it('refuses a status the operation does not declare', () => {
    expect(() => assertMatchesContract('listWorkflows', 404, { error: 'x' })).toThrow('no 404 response');
  });
});
