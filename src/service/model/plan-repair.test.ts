import { describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import { answerInput, answerStep, salesPlan } from '../test-support/model-plans';
import { titleLikeAnswer } from '../test-support/title-like-plan';
import { readPlanAnswer, type PlanAnswer } from './plan-answer';
import { planAnswerSchema } from './plan-request';

function read(answer: unknown) {
  const result = readPlanAnswer(JSON.stringify(answer), {});
  if ('errors' in result) throw new Error(`unusable: ${result.errors.join('; ')}`);
  return result.plan;
}

const keysOf = (plan: { input_schema: Record<string, unknown> | null }) =>
  Object.keys((plan.input_schema?.properties ?? {}) as object);
const filenamesOf = (steps: StepSpec[]) => steps.flatMap((step) => ('filename' in step ? [step.filename] : []));

describe('repairing the model’s plan', () => {
  it('uses the plan of a model that writes every name as a title and picks the first of every choice', () => {
    const plan = read(titleLikeAnswer(planAnswerSchema()));
    expect(keysOf(plan)).toEqual(['sales_email', 'sales_email_2']);
    expect(plan.steps.map((step) => step.kind)).toEqual(['model_write', 'model_write', 'bundle']);
    expect(filenamesOf(plan.steps)).toEqual(['sales-email.md', 'sales-email-2.md']);
    expect(plan.name).toBe('Sales Email');
  });

  it('puts input keys in snake case, and renames them in the templates and steps that read them', () => {
    const answer: PlanAnswer = {
      ...salesPlan(),
      inputs: [answerInput('customerName', 'Customer name'), answerInput('Company Name', 'Company')],
      steps: [
        answerStep({ kind: 'guard', field: 'CustomerName', rule: 'required', message: 'Who is it for?' }),
        answerStep({
          kind: 'model_write',
          filename: 'intro-email.md',
          format: 'markdown',
          instructions: 'Write to {{ input.customerName }} at {{ input["Company Name"] | upcase }}.',
        }),
      ],
    };
    const plan = read(answer);
    expect(keysOf(plan)).toEqual(['customer_name', 'company_name']);
    expect(plan.steps[0]).toMatchObject({ kind: 'guard', field: 'customer_name' });
    expect(plan.steps[1]).toMatchObject({
      instructions: 'Write to {{ input.customer_name }} at {{ input.company_name | upcase }}.',
    });
  });

  it('names files in kebab case with the extension their step writes, once each, and follows them where they are read', () => {
    const answer: PlanAnswer = {
      ...salesPlan(),
      inputs: [answerInput('notes', 'Notes', 'long text')],
      steps: [
        answerStep({ kind: 'summarize', filename: 'Summary', fields: ['notes'], sentences: 2 }),
        answerStep({
          kind: 'markdown_report',
          filename: 'Weekly Report',
          title: 'Week',
          template: '{{ files.Summary }}',
        }),
        answerStep({ kind: 'render_html', filename: 'Weekly Report' }),
        answerStep({ kind: 'json_output', filename: 'Summary', findings: ['Summary'] }),
        answerStep({ kind: 'markdown_report', filename: 'summary.md', title: 'Again', template: 'Twice.' }),
      ],
    };
    const plan = read(answer);
    expect(filenamesOf(plan.steps)).toEqual([
      'summary.md',
      'weekly-report.md',
      'weekly-report.html',
      'summary.json',
      'summary-2.md',
    ]);
    expect(plan.steps[1]).toMatchObject({ template: '{{ files.summary }}' });
    expect(plan.steps[3]).toMatchObject({ findings: ['summary.md'] });
  });

  it('gives a file a name from its title, or its kind, when the model left it out', () => {
    const answer: PlanAnswer = {
      ...salesPlan(),
      steps: [
        answerStep({ kind: 'markdown_report', filename: null, title: 'Account Brief', template: 'Hi.' }),
        answerStep({ kind: 'markdown_report', filename: '', title: 'Brief on {{ input.company }}', template: 'Hi.' }),
        answerStep({ kind: 'plain_text', filename: '  ' }),
      ],
    };
    expect(filenamesOf(read(answer).steps)).toEqual(['account-brief.md', 'brief-on.md', 'plain-text.txt']);
  });

  it('still sends back what only the model can settle: inputs and files that do not exist', () => {
    const answer: PlanAnswer = {
      ...salesPlan(),
      steps: [
        answerStep({ kind: 'summarize', filename: 'summary.md', fields: ['meeting_notes'] }),
        answerStep({ kind: 'json_output', filename: 'all.json', findings: ['entities.json'] }),
      ],
    };
    const result = readPlanAnswer(JSON.stringify(answer), {});
    expect('errors' in result && result.errors).toEqual([
      'step 1 (summarize) reads the input "meeting_notes", which is not one of the inputs',
      'step 2 (json_output) includes "entities.json", which no earlier step writes',
    ]);
  });
});
