import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_MAX_LENGTH } from './input-schema';
import { COMMON_WORDS } from './lexicon';
import { planWorkflow, PlanningError } from './plan';
import type { JsonSchema, WorkflowPlan } from './plan-types';

type Schema = Record<string, unknown> & {
  type?: string;
  format?: string;
  enum?: string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** A compact, exact description of a property: its type, format, enum, list items or columns. */
function shape(schema: Schema): string {
  if (schema.enum)
    return `enum:${schema.enum.join('|')}${schema.default !== undefined ? `=${String(schema.default)}` : ''}`;
  if (schema.type === 'array') {
    const items = schema.items ?? {};
    if (items.type === 'object')
      return `rows:${Object.entries(items.properties ?? {})
        .map(([key, column]) => `${key}(${shape(column)})`)
        .join(',')}`;
    return `list:${shape(items)}`;
  }
  let text = schema.type === 'string' && schema.maxLength === TEXT_MAX_LENGTH ? 'text' : String(schema.type);
  if (schema.format) text += `:${schema.format}`;
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    text += `[${schema.minimum ?? ''}..${schema.maximum ?? ''}]`;
  if (schema.default !== undefined) text += `=${String(schema.default)}`;
  return text;
}

function summary(plan: WorkflowPlan) {
  const schema = plan.input_schema as Schema | null;
  return {
    fields: schema
      ? Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, shape(value)]))
      : null,
    required: schema ? schema.required : null,
    steps: plan.steps.map((step) => step.kind),
  };
}

interface Fixture {
  prompt: string;
  name: string;
  fields: Record<string, string> | null;
  required?: string[];
  steps: string[];
  concurrency?: 'low' | 'medium' | 'high';
}

const FIXTURES: Fixture[] = [
  {
    prompt: 'Write a company brief from a company name and its website. Tone: formal or casual.',
    name: 'Company Brief',
    fields: { company_name: 'string', website: 'string:uri', tone: 'enum:formal|casual' },
    required: ['company_name', 'website', 'tone'],
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt: 'Summarize meeting notes into a digest and extract emails, dates and action items',
    name: 'Meeting Notes Digest',
    fields: { meeting_notes: 'text' },
    steps: ['summarize', 'extract_entities', 'markdown_report', 'bundle'],
  },
  {
    prompt: 'Turn a list of products with name, price and quantity into a CSV spreadsheet',
    name: 'Product Spreadsheet',
    fields: { products: 'rows:name(string),price(number),quantity(integer[0..])' },
    steps: ['csv_table', 'bundle'],
  },
  {
    prompt: 'Every morning, generate a status report template',
    name: 'Status Report Template',
    fields: null,
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt: 'Produce a random motivational quote',
    name: 'Motivational Quote',
    fields: null,
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt:
      "Draft a reply to a customer's message. Input: the customer name, their email address and the message. A person must approve the reply before it is sent.",
    name: 'Customer Reply',
    fields: { customer_name: 'string', email: 'string:email', message: 'text' },
    required: ['customer_name', 'email', 'message'],
    steps: ['markdown_report', 'approval', 'markdown_report', 'bundle'],
  },
  {
    prompt:
      'Check an invoice with an invoice number, an amount and notes; fail if the amount is negative or the notes contain FAIL.',
    name: 'Invoice Check',
    fields: { invoice_number: 'string', amount: 'number', notes: 'text' },
    steps: ['guard', 'guard', 'markdown_report', 'bundle'],
  },
  {
    prompt: 'Create a printable PDF certificate for a participant name, course title and completion date',
    name: 'PDF Certificate',
    fields: { participant_name: 'string', course_title: 'string', completion_date: 'string:date' },
    steps: ['markdown_report', 'pdf_document', 'bundle'],
  },
  {
    prompt: 'Send a reminder to an email address on a due date, optionally with a note',
    name: 'Reminder',
    fields: { email: 'string:email', due_date: 'string:date', note: 'text' },
    required: ['email', 'due_date'],
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Triage a support ticket: subject, body, priority (low, medium, high) and whether it is urgent',
    name: 'Support Ticket Triage',
    fields: { subject: 'string', body: 'text', priority: 'enum:low|medium|high', urgent: 'boolean=false' },
    required: ['subject', 'body', 'priority'],
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Build an event summary page in HTML from the event name, date, number of guests and a list of attendees',
    name: 'Event Summary Page',
    fields: { event_name: 'string', date: 'string:date', number_of_guests: 'integer[0..]', attendees: 'list:string' },
    steps: ['markdown_report', 'render_html', 'bundle'],
  },
  {
    prompt: 'Extract all links and email addresses from pasted text, fast',
    name: 'Link & Email Extraction',
    fields: { text: 'text' },
    steps: ['extract_entities', 'bundle'],
    concurrency: 'high',
  },
  {
    prompt:
      'Score a job application: applicant name, age, years of experience, skills (tags) and cover letter, as JSON',
    name: 'Job Application Scoring',
    fields: {
      applicant_name: 'string',
      age: 'integer[0..]',
      years_of_experience: 'integer[0..]',
      skills: 'list:string',
      cover_letter: 'text',
    },
    steps: ['json_output', 'bundle'],
  },
  {
    prompt: 'Process orders one at a time: order id, customer email, total amount and shipping date if available',
    name: 'Order Processing',
    fields: {
      order_id: 'string',
      customer_email: 'string:email',
      total_amount: 'number',
      shipping_date: 'string:date',
    },
    required: ['order_id', 'customer_email', 'total_amount'],
    steps: ['markdown_report', 'json_output', 'bundle'],
    concurrency: 'low',
  },
  {
    prompt: 'Generate a weekly newsletter in HTML and PDF from a title, an intro text and a list of links',
    name: 'Weekly Newsletter',
    fields: { title: 'string', intro_text: 'text', links: 'list:string:uri' },
    steps: ['markdown_report', 'render_html', 'pdf_document', 'bundle'],
  },
  {
    prompt: 'Summarize an article',
    name: 'Article Summary',
    fields: { article: 'text' },
    steps: ['summarize', 'bundle'],
  },
  {
    prompt: 'Rate product feedback in bulk: product name, rating (1-5) and comment',
    name: 'Product Feedback Rating',
    fields: { product_name: 'string', rating: 'integer[1..5]', comment: 'text' },
    steps: ['markdown_report', 'json_output', 'bundle'],
    concurrency: 'high',
  },
  {
    prompt:
      'Generate a price quote for a client: client name, email, items with name and price, discount percentage (default 0)',
    name: 'Price Quote',
    fields: {
      client_name: 'string',
      email: 'string:email',
      items: 'rows:name(string),price(number)',
      discount_percentage: 'number=0',
    },
    required: ['client_name', 'email', 'items'],
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt: 'Translate a paragraph into French, German or Spanish',
    name: 'Paragraph Translation',
    fields: { paragraph: 'text', language: 'enum:French|German|Spanish' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Make a CSV of a contact name, email and phone number',
    name: 'Contact CSV',
    fields: { contact_name: 'string', email: 'string:email', phone_number: 'string' },
    steps: ['csv_table', 'bundle'],
  },
  {
    prompt:
      'Create an invoice for a customer with line items (description, quantity, unit price), a due date and a VAT rate (default 20)',
    name: 'Invoice',
    fields: {
      customer: 'string',
      line_items: 'rows:description(text),quantity(integer[0..]),unit_price(number)',
      due_date: 'string:date',
      vat_rate: 'number=20',
    },
    required: ['customer', 'line_items', 'due_date'],
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt:
      'Screen job candidates: candidate name, resume text, years of experience; reject if years of experience is less than 2',
    name: 'Job Candidates Screening',
    fields: { candidate_name: 'string', resume_text: 'text', years_of_experience: 'integer[0..]' },
    steps: ['guard', 'markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Draft a press release; needs sign-off from legal. Fields: headline, body, embargo date (optional)',
    name: 'Press Release',
    fields: { headline: 'string', body: 'text', embargo_date: 'string:date' },
    required: ['headline', 'body'],
    steps: ['markdown_report', 'approval', 'markdown_report', 'bundle'],
  },
  {
    prompt: "Generate today's status report template as Markdown and plain text.",
    name: 'Status Report Template',
    fields: null,
    steps: ['markdown_report', 'plain_text', 'bundle'],
  },
  {
    prompt: 'Research a company given its name and website and write a brief',
    name: 'Company Research',
    fields: { company_name: 'string', website: 'string:uri' },
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt: 'Take a CSV of leads and return a cleaned spreadsheet',
    name: 'Cleaned Spreadsheet',
    fields: { leads: 'list:string' },
    steps: ['csv_table', 'bundle'],
  },
  {
    prompt: 'For each customer, write a personalised thank-you note using their first name and last purchase',
    name: 'Thank-you Note',
    fields: { first_name: 'string', purchase: 'string' },
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt: 'Plan meals for a week for a family, vegetarian or not',
    name: 'Meal Planner',
    fields: { vegetarian: 'boolean=false' },
    required: [],
    steps: ['markdown_report', 'bundle'],
  },
  // Enumerations keep every item, even one the lexicon names as a verb ("and email") or does not know ("company size").
  {
    prompt: 'Create a signup form that asks for a name, age and email',
    name: 'Signup Form',
    fields: { name: 'string', age: 'integer[0..]', email: 'string:email' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Welcome a new member: a name, age and email',
    name: 'Member Welcome',
    fields: { name: 'string', age: 'integer[0..]', email: 'string:email' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Score a lead from company size, budget and industry',
    name: 'Lead Scoring',
    fields: { company_size: 'string', budget: 'number', industry: 'string' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Write a thank-you note from a first name, last name and phone number',
    name: 'Thank-you Note',
    fields: { first_name: 'string', last_name: 'string', phone_number: 'string' },
    steps: ['markdown_report', 'bundle'],
  },
  {
    prompt: 'Make an order confirmation for the product name, price and quantity',
    name: 'Order Confirmation',
    fields: { product_name: 'string', price: 'number', quantity: 'integer[0..]' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: "Given a customer's email and order id, write a shipping update",
    name: 'Shipping Update',
    fields: { customer_email: 'string:email', order_id: 'string' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  // What a workflow estimates or sends is its result, not an input.
  {
    prompt: 'Estimate a project cost from team size, hourly rate and duration',
    name: 'Project Cost Estimate',
    fields: { team_size: 'string', hourly_rate: 'number', duration: 'string' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Send a welcome email to a new user with a name and email',
    name: 'Welcome Email',
    fields: { name: 'string', email: 'string:email' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  // Classifying reads the item's text; what it classifies by (and its labels) is the output.
  {
    prompt: 'Classify a support ticket by urgency',
    name: 'Support Ticket Classification',
    fields: { support_ticket: 'text' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Classify a support ticket by urgency (low, medium, high)',
    name: 'Support Ticket Classification',
    fields: { support_ticket: 'text' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Classify an email by topic',
    name: 'Email Classification',
    fields: { email_text: 'text' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Rate a review by sentiment',
    name: 'Review Rating',
    fields: { review: 'text' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Analyze a product review by sentiment (positive, neutral, negative)',
    name: 'Product Review Analysis',
    fields: { product_review: 'text' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
  {
    prompt: 'Translate a sentence into a language: French or German',
    name: 'Sentence Translation',
    fields: { sentence: 'text', language: 'enum:French|German' },
    steps: ['markdown_report', 'json_output', 'bundle'],
  },
];

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
    expect(report?.kind === 'markdown_report' && report.template).toContain('{{{@files.summary}}}');
    expect(report?.kind === 'markdown_report' && report.template).toContain('{{#each @files.entities.action_items}}');
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

  it('describes the workflow in one sentence', () => {
    expect(planWorkflow('Produce a random motivational quote', {}).description).toBe(
      'Needs no input and returns a Markdown report.',
    );
    expect(planWorkflow('Extract all links and email addresses from pasted text, fast', {}).description).toBe(
      'Takes the text and returns the links and email addresses it finds (JSON).',
    );
  });
});

describe('planWorkflow refusals', () => {
  it.each(['', '   \n\t ', '!!! ???', '1234 5678', 'asdf qwer zxcv', 'zorblax the frobnicator'])(
    'refuses %j with a message that says what to write',
    (prompt) => {
      expect(() => planWorkflow(prompt, {})).toThrow(PlanningError);
      try {
        planWorkflow(prompt, {});
      } catch (error) {
        expect((error as Error).message).toMatch(/e\.g\. "/);
      }
    },
  );
});

describe('planWorkflow on any prompt', () => {
  const lexiconWord = fc.constantFrom(
    ...[...COMMON_WORDS].slice(0, 400),
    'tone:',
    'formal',
    'or',
    'casual',
    '(low, high)',
    'whether',
    'list of',
    'with',
    ',',
    'fail if',
    'is negative',
    'must not be',
    'optional',
    'csv',
    'pdf',
    'html',
    'json',
    'approve',
  );
  const prompts = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(lexiconWord, { minLength: 1, maxLength: 40 }).map((words) => words.join(' ')),
  );

  it('either refuses with a PlanningError or gives a valid, deterministic plan that ends with a bundle', () => {
    fc.assert(
      fc.property(prompts, (prompt) => {
        let plan: WorkflowPlan;
        try {
          plan = planWorkflow(prompt, {});
        } catch (error) {
          expect(error).toBeInstanceOf(PlanningError);
          return;
        }
        expect(plan.name.length).toBeGreaterThan(0);
        expect(plan.name.length).toBeLessThanOrEqual(60);
        expect(plan.description).toMatch(/\.$/);
        expect(plan.steps.at(-1)).toEqual({ kind: 'bundle' });
        expect(plan.steps.length).toBeGreaterThan(1);
        if (plan.input_schema) {
          const schema = plan.input_schema as Schema;
          expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
          expect(() => ajv.compile(plan.input_schema as JsonSchema)).not.toThrow();
        }
        expect(planWorkflow(prompt, {})).toEqual(plan);
      }),
      { numRuns: 400 },
    );
  });

  it('plans a long, repetitive prompt without repeating a field', () => {
    const plan = planWorkflow('from a name, '.repeat(400), {});
    const required = (plan.input_schema?.required as string[] | undefined) ?? [];
    expect(new Set(required).size).toBe(required.length);
    expect(plan.steps.length).toBeGreaterThan(0);
  });
});
