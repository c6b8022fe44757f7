import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { clipAtWord, snakeCase } from '../workflow/text-case';
import { FIXTURES_A } from './test-support/plan-fixtures-a';
import { FIXTURES_B } from './test-support/plan-fixtures-b';
import type { JsonSchema } from '../workflow/plan-types';
import { summary, type Schema } from './test-support/plan-shape';

const FIXTURES = [...FIXTURES_A, ...FIXTURES_B];

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);

describe('planWorkflow fixtures', () => {
  it.each(FIXTURES)('plans "$prompt"', (fixture) => {
    const plan = planWorkflow(fixture.prompt, {});
    const got = summary(plan);
    expect(plan.name).toBe(fixture.name);
    expect(got.fields).toEqual(fixture.fields);
    if (fixture.fields) expect(got.required).toEqual(fixture.required ?? Object.keys(fixture.fields));
    expect(got.steps).toEqual(fixture.steps);
    expect(plan.concurrency).toBe(fixture.concurrency ?? 'medium');
    if (plan.input_schema) expect(() => ajv.compile(plan.input_schema as JsonSchema)).not.toThrow();
  });

  it('does not take the verb of a clause after a "given" list for an input', () => {
    const keys = (prompt: string) => Object.keys(summary(planWorkflow(prompt, {})).fields ?? {});
    expect(keys('Given a list of email addresses, validate each one and produce a CSV report.')).toEqual([
      'email_addresses',
    ]);
    expect(keys('Given a text, translate it into French.')).toEqual(['text']);
    expect(keys('Given a JSON object with arbitrary fields, pretty-print it.')).toEqual(['json_object']);
  });

  it('writes a follow-up email rather than looking for follow-ups in a text nobody asked for', () => {
    const plan = planWorkflow('Given an email address and a subject line, draft a follow-up email.', {});
    expect(Object.keys(summary(plan).fields ?? {})).toEqual(['email', 'subject_line']);
    expect(plan.steps.map((step) => step.kind)).toContain('markdown_report');
    expect(plan.steps.map((step) => step.kind)).not.toContain('extract_entities');
  });

  it('describes a yes/no question without an unclosed parenthesis', () => {
    const schema = planWorkflow(
      'Given a person’s age and whether they are a student (yes/no), compute the ticket price.',
      {},
    ).input_schema as Schema;
    expect(schema.properties?.student?.description).toBe('Whether they are a student.');
  });

  it('writes a complete, titled schema that forms can render and refuses unknown properties', () => {
    expect(
      planWorkflow('Write a company brief from a company name and its website. Tone: formal or casual.', {})
        .input_schema,
    ).toEqual({
      type: 'object',
      properties: {
        company_name: {
          title: 'Company name',
          description: 'The company name.',
          type: 'string',
          maxLength: 500,
          minLength: 1,
        },
        website: {
          title: 'Website',
          description: 'The website as a full address, e.g. https://example.com.',
          type: 'string',
          format: 'uri',
        },
        tone: { title: 'Tone', description: 'One of: formal or casual.', type: 'string', enum: ['formal', 'casual'] },
      },
      required: ['company_name', 'website', 'tone'],
      additionalProperties: false,
    });
  });

  it('turns stated rules into guards with messages that name the field and the value', () => {
    const plan = planWorkflow(
      'Check an invoice with an invoice number, an amount and notes; fail if the amount is negative or the notes contain FAIL.',
      {},
    );
    expect(plan.steps.filter((step) => step.kind === 'guard')).toEqual([
      {
        kind: 'guard',
        field: 'amount',
        rule: 'minimum',
        limit: 0,
        message: 'amount must not be negative (got {{value}})',
      },
      {
        kind: 'guard',
        field: 'notes',
        rule: 'not_contains',
        value: 'FAIL',
        message: 'notes must not contain "FAIL" (got {{value}})',
      },
    ]);
    expect(plan.description).toBe(
      'Takes the invoice number, amount and notes, stops with an error when amount is negative or "FAIL" appears in notes, and returns a Markdown report.',
    );
  });

  it('reads "must" rules and creates the field a rule names when nothing else did', () => {
    const plan = planWorkflow('Log a donation. The amount must be at least 5 and the donor name is required.', {});
    expect(summary(plan).fields).toEqual({ amount: 'number', donor_name: 'string' });
    expect(plan.steps.filter((step) => step.kind === 'guard')).toEqual([
      {
        kind: 'guard',
        field: 'amount',
        rule: 'minimum',
        limit: 5,
        message: 'amount must be at least 5 (got {{value}})',
      },
      { kind: 'guard', field: 'donor_name', rule: 'required', message: 'donor name is required' },
    ]);
  });

  it('takes the number of summary sentences from the prompt', () => {
    const plan = planWorkflow('Summarise this transcript in 5 sentences', {});
    expect(plan.steps[0]).toEqual({ kind: 'summarize', fields: ['transcript'], sentences: 5, filename: 'summary.md' });
  });

  it('passes what earlier steps found to the report and the JSON file', () => {
    const plan = planWorkflow(
      'Summarize meeting notes into a digest and extract emails, dates and action items. Also give me JSON.',
      {},
    );
    const report = plan.steps.find((step) => step.kind === 'markdown_report');
    expect(report?.kind === 'markdown_report' && report.template).toContain('{{ files.summary | raw }}');
    expect(report?.kind === 'markdown_report' && report.template).toContain(
      '{% for item in files.entities.action_items -%}',
    );
    expect(plan.steps.find((step) => step.kind === 'json_output')).toEqual({
      kind: 'json_output',
      filename: 'meeting-notes-digest.json',
      findings: ['summary.md', 'entities.json'],
    });
  });

  it('uses the given name and description instead of deriving them', () => {
    const plan = planWorkflow('Summarize an article', { name: '  My summariser ', description: 'Short.' });
    expect(plan.name).toBe('My summariser');
    expect(plan.description).toBe('Short.');
    expect(plan.steps.find((step) => step.kind === 'summarize')).toBeDefined();
  });

  it('shortens a long name into file names that end on a whole word', () => {
    const plan = planWorkflow('Write a Markdown report and a PDF about a company from its website url', {
      name: 'Website to sales intro email and detailed company summary',
    });
    const names = plan.steps.flatMap((step) => ('filename' in step ? [step.filename] : []));
    expect(names).toEqual(['website-to-sales-intro-email.md', 'website-to-sales-intro-email.pdf']);
    for (const name of names) expect(name.replace(/\.\w+$/, '').length).toBeLessThanOrEqual(40);
  });

  it('cuts a field key at a word boundary when the title is long', () => {
    expect(snakeCase('The full postal address of the company headquarters building')).toBe(
      'the_full_postal_address_of_the_company',
    );
    expect(clipAtWord('sales-intro-email-and-company-summary', 36, '-')).toBe('sales-intro-email-and-company');
    expect(clipAtWord('a-company-summary-for-sales', 22, '-')).toBe('a-company-summary');
    expect(clipAtWord('short-name', 40, '-')).toBe('short-name');
    expect(clipAtWord('supercalifragilisticexpialidocious', 10, '-')).toBe('supercalif');
  });

  it('describes the workflow in one sentence', () => {
    expect(planWorkflow('Produce a random motivational quote', {}).description).toBe(
      'Needs no input and returns a Markdown report.',
    );
    expect(planWorkflow('Extract all links and email addresses from pasted text, fast', {}).description).toBe(
      'Takes the text and returns the links and email addresses it finds (JSON).',
    );
  });
});
