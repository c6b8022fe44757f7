import { z } from 'zod';
import { defineKind, param } from '../kind';
import { readFindings, textFile } from '../output-files';
import { ANSWER_LIMITS as L, files, specParts } from '../step-parts';
import { renderTemplate } from '../templates/liquid';

const spec = z.object({
  kind: z.literal('markdown_report'),
  filename: specParts.filename,
  /** Liquid: `{{ input.field }}`, `{% for x in input.list %}`, `{{ files.summary }}`. */
  title: z.string(),
  template: z.string(),
  syntax: specParts.syntax,
});

/** Fills a markdown template with the input fields and what earlier steps found. */
export const markdownReport = defineKind({
  kind: 'markdown_report',
  spec,
  label: 'Markdown report',
  seconds: 2,
  extension: 'md',
  run(step, { input, files: earlier }) {
    const data = { input, files: readFindings(earlier) };
    const title = renderTemplate(step.title, data).trim();
    const body = renderTemplate(step.template, data).trim();
    return files(textFile(step.filename, `${title ? `# ${title}\n\n` : ''}${body}\n`));
  },
  describe: (step) =>
    /[{%]/.test(step.title) || step.title.trim() === ''
      ? `Fills in a Markdown report from the inputs (${step.filename}).`
      : `Fills in the report “${step.title.trim()}” from the inputs (${step.filename}).`,
  model: {
    description: 'fills "template" (Liquid, same variables) into a .md document with "title"; no model.',
    parameters: {
      title: param.text(L.title, 'the document title', 'template'),
      template: param.text(
        L.template,
        'the document as a Liquid template using {{ input.key }} and {{ files.name }}',
        'template',
      ),
    },
    fromAnswer(answer, check) {
      if (!check.required('a title', answer.title) || !check.required('a template', answer.template)) return null;
      check.template('template', answer.template);
      check.template('title', answer.title);
      return {
        kind: 'markdown_report',
        filename: check.filename,
        title: answer.title,
        template: answer.template,
        syntax: 'liquid' as const,
      };
    },
  },
});
