import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runStep } from '../steps/run-step';
import { makeField } from '../workflow/field';
import { planWorkflow } from '../planner/plan';
import type { JsonSchema } from '../lib/json-schema';
import type { StepContext } from '../steps/step-io';
import { literal, plain as plainLiteral } from './draft-parts';
import { documentKindOf, reportTemplate } from './report-template';

type Schema = {
  type?: string;
  format?: string;
  enum?: string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
};

/** A valid value for every property, so each generated template can be rendered for real. */
function sample(schema: Schema, key = 'x'): unknown {
  if (schema.enum) return schema.enum.at(-1);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return [sample(schema.items ?? {}, key), sample(schema.items ?? {}, key)];
    case 'integer':
      return schema.maximum ?? 3;
    case 'number':
      return 1234.5;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email') return 'a.person@example.com';
      if (schema.format === 'uri') return 'https://www.example.com/page';
      if (schema.format === 'date') return '2026-11-21';
      return `Sample ${key} *with* markdown | pipes. A second sentence mentions ops@example.com on 2026-12-01. Ana will call back by Friday.`;
  }
}

const PROMPTS = [
  'Write a company brief from a company name and its website. Tone: formal or casual.',
  'Summarize meeting notes into a digest and extract emails, dates and action items',
  'Build an event summary page in HTML from the event name, date, number of guests and a list of attendees',
  'Generate a price quote for a client: client name, email, items with name and price, discount percentage (default 0)',
  "Draft a reply to a customer's message in a formal or casual tone. Input: the customer name and the message. It needs approval.",
  'Create a printable PDF certificate for a participant name, course title and completion date',
  'Triage a support ticket: subject, body, priority (low, medium, high) and whether it is urgent',
  'Produce a random motivational quote',
  'Plan a meeting agenda',
];

const ajv = new Ajv({ strict: true });
addFormats(ajv);

describe('reportTemplate', () => {
  it.each(PROMPTS)('renders every tag of the report for "%s"', async (prompt) => {
    const plan = planWorkflow(prompt, {});
    const input = plan.input_schema ? (sample(plan.input_schema as Schema) as Record<string, unknown>) : {};
    if (plan.input_schema) expect(ajv.validate(plan.input_schema as JsonSchema, input)).toBe(true);
    const ctx: StepContext = { input, files: [], previous: [] };
    for (const step of plan.steps) {
      const outcome = await runStep(step, ctx);
      if (outcome.kind === 'files') {
        ctx.previous = outcome.files;
        ctx.files.push(...outcome.files);
      }
    }
    const reports = ctx.files.filter((file) => file.filename.endsWith('.md'));
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      const markdown = new TextDecoder().decode(report.data);
      expect(markdown).not.toMatch(/\{\{|\}\}/);
      expect(markdown).not.toContain('—');
      expect(markdown.startsWith('# ')).toBe(true);
    }
  });

  it('keeps prompt text literal: it can neither open a template tag nor add markup', () => {
    expect(literal('{{evil}} *x* # y')).toBe('{ {evil} } \\*x\\* # y');
    expect(literal('{% raw %} {{- x -}} {')).toBe('{ % raw % } { {- x -} } { ');
    expect(plainLiteral('A {{b}} *c*')).toBe('A { {b} } *c*');
    const { template } = reportTemplate({
      name: 'X',
      fields: [],
      entityKinds: [],
      prompt: 'Make {{secrets}} <b>bold</b>',
      documentKind: 'report',
      checks: [],
    });
    expect(template).toContain('Make { {secrets} } \\<b\\>bold\\</b\\>');
  });

  it('writes a certificate and a reply as such, and anything else as a report', () => {
    expect(documentKindOf('draft a reply to a customer')).toBe('reply');
    expect(documentKindOf('printable certificate for a participant')).toBe('certificate');
    expect(documentKindOf('company brief')).toBe('report');
    const fields = [
      makeField('participant_name', 'string', 'name', 0),
      makeField('course_title', 'string', 'title', 1),
      makeField('completion_date', 'date', 'date', 2),
    ];
    const { title, template } = reportTemplate({
      name: 'Certificate',
      fields,
      entityKinds: [],
      prompt: '',
      documentKind: 'certificate',
      checks: [],
    });
    expect(title).toBe('Certificate: {{ input.participant_name | inline }}');
    expect(template).toContain(
      'This certifies that **{{ input.participant_name }}**\nhas successfully completed **{{ input.course_title }}** on {{ input.completion_date | long_date }}.',
    );
  });

  it('picks the same quote for the same prompt every time', () => {
    const first = planWorkflow('Produce a random motivational quote', {});
    const again = planWorkflow('Produce a random motivational quote', {});
    expect(first.steps).toEqual(again.steps);
    const report = first.steps.find((step) => step.kind === 'markdown_report');
    expect(report?.kind === 'markdown_report' && report.template).toMatch(/^> .+\n>\n> - .+$/);
  });
});
