import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runSteps } from '../test-support/run-steps';
import { DEMO_WORKFLOWS, type DemoWorkflow } from '../accounts/demo-workflows';
import { planWorkflow } from './plan';
import type { JsonSchema } from '../lib/json-schema';
import type { WorkflowPlan } from '../workflow/plan-types';
import { StepFailure, type OutputFile } from '../steps/step-io';

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);

const run = (plan: WorkflowPlan, input: Record<string, unknown>) => runSteps(plan.steps, input);

const text = (file: OutputFile | undefined) => new TextDecoder().decode(file?.data);
const byName = (files: OutputFile[], name: string) => files.find((file) => file.filename === name);

function demo(name: string): { demo: DemoWorkflow; plan: WorkflowPlan } {
  const found = DEMO_WORKFLOWS.find((d) => d.name === name);
  if (!found) throw new Error(`no demo ${name}`);
  return { demo: found, plan: planWorkflow(found.prompt, { name: found.name, description: found.description }) };
}

const properties = (plan: WorkflowPlan) =>
  Object.keys((plan.input_schema as { properties?: object } | null)?.properties ?? {});

describe('DEMO_WORKFLOWS', () => {
  it('covers every feature once: enum and URL, summary and extraction, CSV, no input, approval, failures and PDF', () => {
    const plans = DEMO_WORKFLOWS.map((d) => planWorkflow(d.prompt, d));
    const kinds = new Set(plans.flatMap((plan) => plan.steps.map((step) => step.kind)));
    for (const kind of [
      'markdown_report',
      'summarize',
      'extract_entities',
      'csv_table',
      'render_html',
      'json_output',
      'pdf_document',
      'plain_text',
      'approval',
      'guard',
      'bundle',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(plans.filter((plan) => plan.input_schema === null)).toHaveLength(1);
    expect(new Set(DEMO_WORKFLOWS.map((d) => d.name)).size).toBe(DEMO_WORKFLOWS.length);
  });

  it.each(DEMO_WORKFLOWS.map((d) => [d.name, d] as const))(
    '%s: its example input is valid and runs to files',
    async (_name, d) => {
      const plan = planWorkflow(d.prompt, d);
      expect(plan.name).toBe(d.name);
      expect(plan.description).toBe(d.description);
      if (plan.input_schema === null) expect(d.example).toBeNull();
      else {
        const validate = ajv.compile(plan.input_schema as JsonSchema);
        expect(validate(d.example), JSON.stringify(validate.errors)).toBe(true);
      }
      const { results } = await run(plan, d.example ?? {});
      expect(results.length).toBeGreaterThan(0);
      for (const file of results.filter((f) => !f.filename.endsWith('.pdf')))
        expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file.data)).not.toThrow();
    },
  );

  it('company brief: a URL field and a tone enum, returned as Markdown, HTML and JSON', async () => {
    const { demo: d, plan } = demo('Company Brief');
    expect(plan.input_schema).toMatchObject({
      properties: {
        company_name: { type: 'string' },
        website: { type: 'string', format: 'uri' },
        tone: { type: 'string', enum: ['formal', 'casual'] },
      },
      required: ['company_name', 'website', 'tone'],
    });
    const { results } = await run(plan, d.example!);
    expect(results.map((f) => f.filename)).toEqual(['company-brief.md', 'company-brief.html', 'company-brief.json']);
    expect(text(results[0])).toContain('| Website domain | acme-robotics.example |');
    expect(text(results[0])).toContain('This company brief sets out the key facts about Acme Robotics.');
    const casual = await run(plan, { ...d.example, tone: 'casual' });
    expect(text(casual.results[0])).toContain("Here's a quick, friendly look at Acme Robotics.");
    expect(text(results[1])).toContain('<title>Company Brief: Acme Robotics</title>');
    expect(JSON.parse(text(results[2]))).toMatchObject({ input: d.example });
  });

  it('meeting notes digest: free text summarised, with its emails, dates and action items', async () => {
    const { demo: d, plan } = demo('Meeting Notes Digest');
    expect(properties(plan)).toEqual(['meeting_notes']);
    expect(plan.steps.map((s) => s.kind)).toEqual(['summarize', 'extract_entities', 'markdown_report', 'bundle']);
    const { results } = await run(plan, d.example!);
    expect(results.map((f) => f.filename)).toEqual(['summary.md', 'entities.json', 'meeting-notes-digest.md']);
    const entities = JSON.parse(text(results[1])) as { emails: string[]; action_items: { owner: string | null }[] };
    expect(entities.emails).toEqual(['ana.ruiz@example.com', 'bob@example.com']);
    expect(entities.action_items.map((a) => a.owner)).toEqual(['Bob', 'Ana', null]);
    const digest = text(results[2]);
    expect(digest).toContain('## Summary\n\n- The mobile release moved to 2026-04-15');
    expect(digest).toContain('- [ ] Bob to send the revised launch plan by Friday. (owner: Bob) (due: Friday)');
  });

  it('product spreadsheet: a list of rows becomes CSV, in full even past the inline size', async () => {
    const { demo: d, plan } = demo('Product Spreadsheet');
    expect(plan.input_schema).toMatchObject({
      properties: {
        products: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, price: { type: 'number' }, quantity: { type: 'integer' } },
          },
        },
      },
    });
    const { results } = await run(plan, d.example!);
    expect(text(results[0])).toBe(
      '"name","price","quantity"\r\n"Espresso beans 1 kg","24.5","3"\r\n"Oat milk, barista","2.2","12"\r\n"\'=cmd|""/c calc""!A1 (a formula, written safely)","0","1"\r\n',
    );
    const products = Array.from({ length: 3000 }, (_, i) => ({
      name: `Product ${i} with a descriptive name`,
      price: i / 4,
      quantity: i % 7,
    }));
    const big = await run(plan, { products });
    expect(big.results[0]!.data.byteLength).toBeGreaterThan(100 * 1024);
  });

  it('status report template: no input, Markdown and plain text', async () => {
    const { plan } = demo('Status Report Template');
    expect(plan.input_schema).toBeNull();
    const { results } = await run(plan, {});
    expect(results.map((f) => f.filename)).toEqual(['status-report-template.md', 'status-report-template.txt']);
    expect(text(results[1])).toContain('Next steps\n----------');
  });

  it('customer reply: waits for approval with a message about this customer, then returns the reply', async () => {
    const { demo: d, plan } = demo('Customer Reply');
    expect(plan.steps.map((s) => s.kind)).toEqual(['markdown_report', 'approval', 'markdown_report', 'bundle']);
    const { results, approvals } = await run(plan, d.example!);
    expect(approvals).toEqual([
      'Review the draft customer reply for Jordan Miles: approve it to finish, or reject it to stop.',
    ]);
    expect(results.map((f) => f.filename)).toEqual(['draft.md', 'customer-reply.md']);
    expect(text(results[1])).toContain('_Approved by a reviewer._\n\nDear Jordan Miles,');
  });

  it('invoice check: fails with a clear message for a negative amount or notes containing FAIL', async () => {
    const { demo: d, plan } = demo('Invoice Check');
    const { results } = await run(plan, d.example!);
    expect(text(byName(results, 'invoice-check.md'))).toContain('- Passed: amount must not be negative');
    for (const failing of d.failing ?? [])
      await expect(run(plan, failing.input)).rejects.toThrow(new StepFailure(failing.error));
    expect(d.failing).toHaveLength(2);
  });

  it('course certificate: returns a PDF', async () => {
    const { demo: d, plan } = demo('Course Certificate');
    const { results } = await run(plan, d.example!);
    const pdf = byName(results, 'course-certificate.pdf');
    expect(pdf?.contentType).toBe('application/pdf');
    expect(new TextDecoder('latin1').decode(pdf!.data.slice(0, 5))).toBe('%PDF-');
    expect(text(byName(results, 'course-certificate.md'))).toContain(
      'This certifies that **Priya Natarajan**\nhas successfully completed **Data Visualisation Basics** on 20 November 2026.',
    );
  });
});
