import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_WORDS } from './lexicon';
import { planWorkflow, PlanningError } from './plan';
import type { JsonSchema, WorkflowPlan } from '../workflow/plan-types';
import type { Schema } from './test-support/plan-shape';

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);

describe('planWorkflow refusals', () => {
  it.each(['', '   \n\t ', '!!! ???', '1234 5678', 'asdf qwer zxcv', 'zorblax the frobnicator'])(
    'refuses %j with a message that says what to write',
    (prompt) => {
      expect(() => planWorkflow(prompt, {})).toThrow(PlanningError);
      try {
        planWorkflow(prompt, {});
      } catch (error) {
        expect((error as Error).message).toMatch(/e\.g\. "/);
      }
    },
  );
});

describe('planWorkflow on any prompt', () => {
  const lexiconWord = fc.constantFrom(
    ...[...COMMON_WORDS].slice(0, 400),
    'tone:',
    'formal',
    'or',
    'casual',
    '(low, high)',
    'whether',
    'list of',
    'with',
    ',',
    'fail if',
    'is negative',
    'must not be',
    'optional',
    'csv',
    'pdf',
    'html',
    'json',
    'approve',
  );
  const prompts = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(lexiconWord, { minLength: 1, maxLength: 40 }).map((words) => words.join(' ')),
  );

  it('either refuses with a PlanningError or gives a valid, deterministic plan that ends with a bundle', () => {
    fc.assert(
      fc.property(prompts, (prompt) => {
        let plan: WorkflowPlan;
        try {
          plan = planWorkflow(prompt, {});
        } catch (error) {
          expect(error).toBeInstanceOf(PlanningError);
          return;
        }
        expect(plan.name.length).toBeGreaterThan(0);
        expect(plan.name.length).toBeLessThanOrEqual(60);
        expect(plan.description).toMatch(/\.$/);
        expect(plan.steps.at(-1)).toEqual({ kind: 'bundle' });
        expect(plan.steps.length).toBeGreaterThan(1);
        if (plan.input_schema) {
          const schema = plan.input_schema as Schema;
          expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
          expect(() => ajv.compile(plan.input_schema as JsonSchema)).not.toThrow();
        }
        expect(planWorkflow(prompt, {})).toEqual(plan);
      }),
      { numRuns: 400 },
    );
  });

  it('plans a long, repetitive prompt without repeating a field', () => {
    const plan = planWorkflow('from a name, '.repeat(400), {});
    const required = (plan.input_schema?.required as string[] | undefined) ?? [];
    expect(new Set(required).size).toBe(required.length);
    expect(plan.steps.length).toBeGreaterThan(0);
  });
});
