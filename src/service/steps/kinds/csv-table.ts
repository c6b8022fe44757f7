import { z } from 'zod';
import { StepFailure } from '../step-io';
import { toCsv } from '../csv';
import { defineKind, param } from '../kind';
import { textFile } from '../output-files';
import { ANSWER_LIMITS as L, files, specParts } from '../step-parts';

/** A csv_table `field` that makes a one-row table of the whole input. */
const WHOLE_INPUT = '*';

const spec = z.object({
  kind: z.literal('csv_table'),
  /** A list input (array of objects or of strings), or `*` for one row of the whole input. */
  field: z.string().min(1),
  filename: specParts.filename,
});

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

function rowsOf(field: string, value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  // Pasted text works too: one row per non-empty line.
  if (typeof value === 'string') return value.split(/\r?\n/).filter((line) => line.trim() !== '');
  throw new StepFailure(`${field} must be a list of rows to build a table (got ${describeValue(value)})`);
}

/** Builds a CSV table from a list input, or one row of the whole input. */
export const csvTable = defineKind({
  kind: 'csv_table',
  spec,
  label: 'CSV table',
  returns: 'a CSV table',
  seconds: 2,
  extension: 'csv',
  run(step, { input }) {
    const whole = step.field === WHOLE_INPUT;
    const rows = whole ? [input] : rowsOf(step.field, input[step.field]);
    return files(textFile(step.filename, toCsv(rows, whole ? 'value' : step.field)));
  },
  describe: (step, context) =>
    step.field === WHOLE_INPUT
      ? `Puts the whole input in one row of a CSV table (${step.filename}).`
      : `Makes a CSV table of the ${context.title(step.field)}, a row for each (${step.filename}).`,
  model: {
    description: 'a .csv table of a list input named in "field" ("*" for one row of the whole input).',
    parameters: {
      field: param.text(L.key, 'the input key it works on ("*" for the whole input)', 'input'),
    },
    fromAnswer(answer, check) {
      if (!check.required('a field', answer.field)) return null;
      if (answer.field !== WHOLE_INPUT) check.inputs([answer.field], false);
      return { kind: 'csv_table', field: answer.field, filename: check.filename };
    },
  },
});
