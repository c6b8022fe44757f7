import { z } from 'zod';
import { StepFailure, type OutputFile, type StepContext, type StepResult } from './step-io';
import { humanList } from '../lib/text-case';
import type { DescribeContext } from './kind';
import { latestMarkdown } from './output-files';
import { formatValue } from './templates/format-value';

/** The stored parts several kinds share. */
export const specParts = {
  filename: z.string().min(1),
  /** The language of a step's templates: Liquid, marked or not (older plans were converted by a store migration). */
  syntax: z.literal('liquid').optional(),
  fields: z.array(z.string()),
};

/** How long the model's answers may be, for each kind of parameter. */
export const ANSWER_LIMITS = {
  key: 40,
  title: 80,
  filename: 60,
  template: 4000,
  message: 500,
  names: 25,
  value: 200,
  choice: 80,
} as const;

export function files(...list: OutputFile[]): StepResult {
  return { kind: 'files', files: list };
}

/** The text of the named input fields, one after another; lists give one line per item. */
export function fieldsText(input: Record<string, unknown>, fields: string[]): string {
  return fields
    .map((field) => {
      const value = input[field];
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      if (Array.isArray(value))
        return value.map((item) => (typeof item === 'string' ? item : formatValue(item))).join('\n');
      return '';
    })
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** The markdown a rendering step works from, or a failure saying the plan lacks a report before it. */
export function markdownSource(ctx: StepContext, purpose: string): OutputFile {
  const source = latestMarkdown(ctx.previous, ctx.files);
  if (!source)
    throw new StepFailure(
      `there is no markdown report to turn into ${purpose}; the workflow needs a report step before this one`,
    );
  return source;
}

/** "the notes and the agenda", from input keys, in the inputs' titles. */
export function inputsPhrase(keys: string[], context: DescribeContext): string {
  return humanList(keys.map((key) => `the ${context.title(key)}`));
}
