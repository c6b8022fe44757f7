import type { Concurrency, PlanningNote } from '../../contract/openapi-document';
import type { RegisteredStep } from '../steps/registry';

/** A JSON Schema object (draft 2020-12 subset that ajv and RJSF both understand). */
export type JsonSchema = Record<string, unknown>;

/**
 * One step of a workflow. Steps run in order; each sees the input and the files of the step before
 * it, and the files of the last file-producing step are the execution's results. Each kind is
 * described, checked and run by its file in steps/kinds/ (see steps/registry.ts).
 */
export type StepSpec = RegisteredStep;

/**
 * The language of a step's templates (`title`, `template`, `message`): Liquid, or, when absent, the
 * mustache-like syntax of plans saved before it, converted when the step runs (steps/templates/).
 */
export type TemplateSyntax = 'liquid';

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

/** A file a step produced. */
export interface OutputFile {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export interface StepContext {
  input: Record<string, unknown>;
  /** Files produced by the steps so far, oldest first; the step before this one's are last. */
  files: OutputFile[];
  /** Files of the step just before this one. */
  previous: OutputFile[];
}

export type StepResult = { kind: 'files'; files: OutputFile[] } | { kind: 'approval'; message: string };

/** A step's failure with a message meant for the person who ran the workflow. */
export class StepFailure extends Error {
  override name = 'StepFailure';
}
