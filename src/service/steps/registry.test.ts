import { describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import { stepName } from '../http/resources/executions/step-names';
import { planAnswerSchema, planMessages } from '../model/plan-request';
import { describeSteps } from './describe-steps';
import { stepKinds } from './registry';
import { stepSeconds } from './run-step';

type Node = { properties?: Record<string, Node>; items?: Node; enum?: unknown[]; description?: string };

/** One valid step of every kind, as the rule planner or the model's plan check makes them. */
const EXAMPLES: StepSpec[] = [
  { kind: 'model_write', filename: 'reply.md', instructions: 'Reply to {{ input.email_text }}.', format: 'markdown' },
  { kind: 'markdown_report', filename: 'brief.md', title: 'Brief', template: '{{ input.company_name }}' },
  { kind: 'summarize', fields: ['meeting_notes'], sentences: 3, filename: 'summary.md' },
  { kind: 'extract_entities', fields: ['meeting_notes'], filename: 'entities.json' },
  { kind: 'csv_table', field: 'line_items', filename: 'items.csv' },
  { kind: 'render_html', filename: 'brief.html' },
  { kind: 'pdf_document', filename: 'brief.pdf', title: 'Brief' },
  { kind: 'plain_text', filename: 'brief.txt' },
  { kind: 'json_output', filename: 'all.json' },
  { kind: 'approval', message: 'Send it?' },
  { kind: 'guard', field: 'amount', rule: 'maximum', limit: 500, message: 'Too much: {{value}}' },
  { kind: 'bundle' },
];

describe('the step registry', () => {
  const kinds = stepKinds();

  it('has an example here of every kind, each valid under its own spec', () => {
    expect(EXAMPLES.map((step) => step.kind).sort()).toEqual(kinds.map((kind) => kind.kind).sort());
    for (const step of EXAMPLES)
      expect(kinds.find((kind) => kind.kind === step.kind)!.spec.safeParse(step).success).toBe(true);
  });

  it('offers the model every kind but bundle, in the schema and in the instructions, each with what it reads', () => {
    const step = planAnswerSchema().properties as Record<string, Node>;
    const stepProperties = step.steps!.items!.properties!;
    const offered = kinds.filter((kind) => kind.model).map((kind) => kind.kind);
    expect(stepProperties.kind!.enum).toEqual(offered);
    expect(offered).toEqual(kinds.map((kind) => kind.kind).filter((kind) => kind !== 'bundle'));
    const instructions = planMessages('anything')[0]!.content;
    for (const kind of kinds.filter((k) => k.model)) {
      expect(instructions).toContain(`- ${kind.kind}: `);
      for (const parameter of Object.keys(kind.model!.parameters))
        expect(stepProperties[parameter]?.description, `${kind.kind} reads ${parameter}`).toContain(kind.kind);
    }
  });

  it('gives every kind a label, a time and a sentence in a person’s words', () => {
    const names = EXAMPLES.map(stepName);
    expect(new Set(names).size).toBe(EXAMPLES.length);
    for (const name of names) expect(name).not.toMatch(/_/);
    expect(names).toContain('Check · amount');
    expect(names).toContain('Write with the model · reply.md');
    for (const step of EXAMPLES) expect(stepSeconds(step)).toBeGreaterThanOrEqual(0);
    const sentences = describeSteps(EXAMPLES, { meeting_notes: 'Meeting notes', amount: 'Amount' });
    expect(sentences).toHaveLength(EXAMPLES.length);
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z][^_]*\.$/);
  });
});

describe('describing steps', () => {
  it('says what each step does with which inputs, in the form’s words', () => {
    expect(
      describeSteps(
        [
          { kind: 'guard', field: 'amount', rule: 'maximum', limit: 500, message: 'Too much' },
          { kind: 'summarize', fields: ['meeting_notes', 'url_list'], sentences: 2, filename: 'summary.md' },
          { kind: 'csv_table', field: 'line_items', filename: 'items.csv' },
          {
            kind: 'model_write',
            filename: 'category.json',
            format: 'json',
            instructions: 'Route {{ input.ticket }}.',
            schema: { type: 'object', properties: { label: { type: 'string', enum: ['billing', 'tech', 'sales'] } } },
          },
          { kind: 'bundle' },
        ],
        { meeting_notes: 'Meeting notes', url_list: 'URL list' },
      ),
    ).toEqual([
      'Stops with an error when the amount is above 500.',
      'Picks the 2 key sentences of the meeting notes and the URL list (summary.md).',
      'Makes a CSV table of the line items, a row for each (items.csv).',
      'Has the model choose "billing", "tech" or "sales" and say why (category.json).',
      'Returns every file made above.',
    ]);
  });
});
