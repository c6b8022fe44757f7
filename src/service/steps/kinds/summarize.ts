import { z } from 'zod';
import { defineKind, param } from '../kind';
import { escapeMarkdown } from '../markdown-escape';
import { textFile } from '../output-files';
import { ANSWER_LIMITS as L, fieldsText, files, inputsPhrase, specParts } from '../step-parts';
import { summarize as pickSentences } from '../summarize';

const spec = z.object({
  kind: z.literal('summarize'),
  fields: specParts.fields,
  sentences: z.number().int(),
  filename: specParts.filename,
});

/** Picks the most informative sentences of the named text fields. */
export const summarize = defineKind({
  kind: 'summarize',
  spec,
  label: 'Summarize',
  returns: 'a summary',
  seconds: 3,
  extension: 'md',
  run(step, { input }) {
    const sentences = pickSentences(fieldsText(input, step.fields), step.sentences);
    const body =
      sentences.length > 0
        ? sentences.map((s) => `- ${escapeMarkdown(s)}`).join('\n')
        : '_There was no text to summarise._';
    return files(textFile(step.filename, `# Summary\n\n${body}\n`));
  },
  describe: (step, context) =>
    `Picks the ${step.sentences === 1 ? 'key sentence' : `${step.sentences} key sentences`} of ${inputsPhrase(step.fields, context)} (${step.filename}).`,
  model: {
    description: 'picks "sentences" key sentences of the long text inputs in "fields"; writes a .md file.',
    parameters: {
      fields: param.names(L.names, L.key, 'the input keys of the texts to read', 'inputs'),
      sentences: param.integer('how many sentences (1 to 20)'),
    },
    fromAnswer(answer, check) {
      if (!check.required('fields', answer.fields)) return null;
      check.inputs(answer.fields, true);
      const sentences = Math.min(20, Math.max(1, answer.sentences ?? 3));
      return { kind: 'summarize', fields: answer.fields, sentences, filename: check.filename };
    },
  },
});
