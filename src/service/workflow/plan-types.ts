import type { Concurrency, PlanningNote } from '../../contract/openapi-document';

/** A JSON Schema object (draft 2020-12 subset that ajv and RJSF both understand). */
export type JsonSchema = Record<string, unknown>;

/**
 * One step of a workflow. Steps run in order; each sees the input and the files of the step before
 * it, and the files of the last file-producing step are the execution's results.
 */
export type StepSpec =
  /** Fills a markdown template (Liquid: `{{ input.field }}`, `{% for x in input.list %}`) with input fields. */
  | { kind: 'markdown_report'; filename: string; title: string; template: string; syntax?: TemplateSyntax }
  /** Finds emails, URLs, dates and numbers in the named text fields; writes JSON (and markdown). */
  | { kind: 'extract_entities'; fields: string[]; filename: string }
  /** Picks the most informative sentences of the named text fields. */
  | { kind: 'summarize'; fields: string[]; sentences: number; filename: string }
  /** Builds a CSV table from a list input (array of objects or of strings); field `*` makes one row of the whole input. */
  | { kind: 'csv_table'; field: string; filename: string }
  /** Renders the previous step's markdown files as standalone HTML documents. */
  | { kind: 'render_html'; filename: string }
  /**
   * Writes the input plus what earlier steps found as a JSON document; `findings` names the earlier
   * files to include (JSON parsed, markdown as text); without it, every earlier JSON file.
   */
  | {
      kind: 'json_output';
      filename: string;
      findings?: string[];
      /** What was asked that the workflow does not produce (its output notes), first in the document. */
      notProduced?: string[];
    }
  /** Lays out the previous step's markdown as a PDF. */
  | { kind: 'pdf_document'; filename: string; title: string; syntax?: TemplateSyntax }
  /** Writes the previous step's markdown as plain text (`.txt`). */
  | { kind: 'plain_text'; filename: string }
  /** Stops in human_in_the_loop until someone approves; a rejection ends the execution in error. */
  | { kind: 'approval'; message: string; syntax?: TemplateSyntax }
  /**
   * Fails with `message` when the input breaks the rule; used to show error handling. `{{value}}` in
   * the message is replaced by the offending value. Numeric rules compare against `limit` and skip
   * an absent field (`required` covers absence).
   */
  | { kind: 'guard'; field: string; rule: GuardRule; value?: string; limit?: number; message: string }
  /** Adds every earlier file to the results, so one execution can return several files. */
  | { kind: 'bundle' }
  /**
   * Has the configured model write `filename`: `instructions` (Liquid, with `input` and earlier
   * `files` as in markdown_report) say what to write. `markdown` and `text` keep the answer as
   * written; `json` asks for JSON under `schema` (a classification or an extraction) and checks it.
   * The answer goes only into the file, never into code or another call.
   */
  | { kind: 'model_write'; filename: string; instructions: string; format: ModelWriteFormat; schema?: JsonSchema };

/** What a writing step's file holds. */
export type ModelWriteFormat = 'markdown' | 'text' | 'json';

/**
 * The language of a step's templates (`title`, `template`, `message`): Liquid, or, when absent, the
 * mustache-like syntax of plans saved before it, converted when the step runs (steps/templates/).
 */
export type TemplateSyntax = 'liquid';

/** What a guard checks: presence, a forbidden substring, or a numeric bound (JSON Schema naming). */
export type GuardRule = 'required' | 'not_contains' | 'minimum' | 'maximum' | 'exclusive_minimum' | 'exclusive_maximum';

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
