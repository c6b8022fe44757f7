import type { Concurrency, PlanningNote } from '../../contract/openapi-document';
import type { JsonSchema } from '../lib/json-schema';
import type { RegisteredStep } from '../steps/registry';

/**
 * One step of a workflow. Steps run in order; each sees the input and the files of the step before
 * it, and the files of the last file-producing step are the execution's results. Each kind is
 * described, checked and run by its file in steps/kinds/ (see steps/registry.ts); what a step is
 * given and gives back is in steps/step-io.ts.
 */
export type StepSpec = RegisteredStep;

/** What a guard checks: presence, a forbidden substring, or a numeric bound (JSON Schema naming). */
export type GuardRule = Extract<StepSpec, { kind: 'guard' }>['rule'];

export interface WorkflowPlan {
  name: string;
  description: string;
  input_schema: JsonSchema | null;
  concurrency: Concurrency;
  steps: StepSpec[];
  /** What the prompt asks that the local service does not do (the planner always sets it; test plans may leave it out). */
  planning_notes?: PlanningNote[];
}
