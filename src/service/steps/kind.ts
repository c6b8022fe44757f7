import type { z } from 'zod';
import type { JsonSchema } from '../lib/json-schema';
import type { StepContext, StepResult } from './step-io';

/**
 * What a parameter of a step is to the plan check: a template to fill (its `input.x` and `files.x`
 * are checked and repaired), input keys or file names (renamed with the inputs and files they
 * name), or a plain value.
 */
export type ParamRole = 'template' | 'input' | 'inputs' | 'files' | 'keys' | 'value';

/** One parameter of a step as the model answers it: its JSON Schema (nullable) and, for the type checker, its value. */
export interface Param<T> {
  schema: JsonSchema;
  role: ParamRole;
  /** Never set: carries the value's type. */
  readonly value?: T;
}

/** The parameters of a kind as the model answers them: each the declared type, or null when left out. */
export type AnswerOf<P> = { [K in keyof P]: P[K] extends Param<infer T> ? T | null : never };

/**
 * Builders of parameters, in the strict structured-outputs form: every value nullable (a kind's
 * unused parameters are null), strings and arrays bounded, no keyword a common server refuses.
 */
export const param = {
  text: (maxLength: number, description: string, role: ParamRole = 'value'): Param<string> => ({
    schema: { type: ['string', 'null'], maxLength, description },
    role,
  }),
  choice: <const V extends readonly string[]>(values: V, description: string): Param<V[number]> => ({
    schema: { type: ['string', 'null'], enum: [...values, null], description },
    role: 'value',
  }),
  names: (maxItems: number, maxLength: number, description: string, role: ParamRole = 'value'): Param<string[]> => ({
    schema: { type: ['array', 'null'], items: { type: 'string', maxLength }, maxItems, description },
    role,
  }),
  integer: (description: string): Param<number> => ({
    schema: { type: ['integer', 'null'], description },
    role: 'value',
  }),
  number: (description: string): Param<number> => ({
    schema: { type: ['number', 'null'], description },
    role: 'value',
  }),
  /** A list of objects; `role: 'keys'` marks objects whose `key` property names a JSON property. */
  objects: <T>(items: JsonSchema, maxItems: number, description: string, role: ParamRole = 'value'): Param<T[]> => ({
    schema: { type: ['array', 'null'], items, maxItems, description },
    role,
  }),
};

/**
 * What a kind's `fromAnswer` may ask of the plan check. Names are already repaired when it runs
 * (file names, key case, duplicates); what it reports is a semantic error, sent back to the model.
 */
export interface PlanCheck {
  /** The step, for messages: `step 2 (summarize)`. */
  where: string;
  /** The file this step writes, repaired; '' for a kind that writes none. */
  filename: string;
  error(message: string): void;
  /** Reports "needs `what`" when the value is null, blank or empty. */
  required<T>(what: string, value: T | null): value is T;
  /** Checks a template fills: the inputs and earlier files it reads exist, and it parses. */
  template(part: string, template: string, options?: { writer?: boolean }): void;
  /** Checks the named inputs exist (and are text, when `textOnly`). */
  inputs(keys: string[], textOnly: boolean): void;
  /** Checks an earlier step writes this file. */
  earlierFile(name: string): void;
  /** Checks an earlier step writes markdown, which this kind reads. */
  markdownBefore(): void;
}

/** What a describer knows besides the step: the inputs' titles, by key. */
export interface DescribeContext {
  title(key: string): string;
}

/** How the model is told about a kind and how its answer becomes a step. */
export interface ModelSide<S, P> {
  /** One line for the model: what the kind does and which parameters it reads. */
  description: string;
  /** The parameters it reads, besides `kind` and `filename`. */
  parameters: P;
  /** The extension of the file it writes, when the answer decides it (a writing step's format). */
  extensionOf?(answer: AnswerOf<P>): string | null;
  /** The step the answer describes, or null with the reasons given to `check`. */
  fromAnswer(answer: AnswerOf<P>, check: PlanCheck): S | null;
}

/** Everything about one kind of step. Adding a kind is one such file and one line in registry.ts. */
export interface StepKind<K extends string, S extends { kind: K }, P = Record<string, Param<unknown>>> {
  kind: K;
  /** The stored step, as plans hold it. */
  spec: z.ZodType<S>;
  /** What a person calls it, in a step's name on the run page. */
  label: string;
  /** What a workflow returns from it, in a plan's description ("a CSV table"); absent when that depends on the plan. */
  returns?: string;
  /** Nominal duration at time scale 1, in seconds. */
  seconds: number;
  /** The extension of the file it writes, or null when it writes none of its own (or the step decides). */
  extension: string | null;
  /** What the step is about besides its file: a guard's field. */
  subject?(step: S): string;
  /**
   * Runs the step on the input and the files so far. Deterministic: the same step, input and files
   * always give byte-identical files, so a run replayed after a crash writes the same results.
   * Throws StepFailure with a message for the person who ran the workflow.
   */
  run(step: S, ctx: StepContext): StepResult | Promise<StepResult>;
  /** One sentence in a person's words: what the step does. */
  describe(step: S, context: DescribeContext): string;
  /** Absent for kinds the model does not choose (bundle, added at the end of every plan). */
  model?: ModelSide<S, P>;
}

/** Keeps a kind's types tied together (its spec, its answer and its step) where it is declared. */
export function defineKind<K extends string, S extends { kind: K }, P extends Record<string, Param<unknown>>>(
  kind: StepKind<K, S, P>,
): StepKind<K, S, P> {
  return kind;
}
