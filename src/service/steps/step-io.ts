/**
 * What a step is given and gives back. It lives with the steps, not with the plan types, so the
 * steps import nothing from workflow/: a plan is made of steps, never the other way round.
 */

/**
 * The language of a step's templates (`title`, `template`, `message`): always Liquid. Plans saved
 * in the older syntax were converted by a store migration (store/db/legacy-templates/); the field
 * stays, so a plan says what it is written in.
 */
export type TemplateSyntax = 'liquid';

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
