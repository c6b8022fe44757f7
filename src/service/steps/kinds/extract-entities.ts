import { z } from 'zod';
import { extractEntities as findEntities } from '../extract-entities';
import { defineKind, param } from '../kind';
import { textFile } from '../output-files';
import { ANSWER_LIMITS as L, fieldsText, files, inputsPhrase, specParts } from '../step-parts';

const spec = z.object({
  kind: z.literal('extract_entities'),
  fields: specParts.fields,
  filename: specParts.filename,
});

/** Finds emails, URLs, dates and numbers in the named text fields; writes them as JSON. */
export const extractEntities = defineKind({
  kind: 'extract_entities',
  spec,
  label: 'Extract entities',
  seconds: 2,
  extension: 'json',
  run(step, { input }) {
    const entities = findEntities(fieldsText(input, step.fields));
    return files(textFile(step.filename, `${JSON.stringify({ source_fields: step.fields, ...entities }, null, 2)}\n`));
  },
  describe: (step, context) =>
    `Finds the email addresses, links, dates and numbers in ${inputsPhrase(step.fields, context)} (${step.filename}).`,
  model: {
    description: 'finds emails, links, dates and numbers in the text inputs in "fields"; writes a .json file.',
    parameters: {
      fields: param.names(L.names, L.key, 'the input keys of the texts to read', 'inputs'),
    },
    fromAnswer(answer, check) {
      if (!check.required('fields', answer.fields)) return null;
      check.inputs(answer.fields, true);
      return { kind: 'extract_entities', fields: answer.fields, filename: check.filename };
    },
  },
});
