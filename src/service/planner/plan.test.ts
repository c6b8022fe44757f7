import { describe, expect, it } from 'vitest';
import { runSteps } from '../test-support/run-steps';
import type { WorkflowPlan } from '../workflow/plan-types';
import type { OutputFile } from '../steps/step-io';
import { planWorkflow, PlanningError } from './plan';

type Property = {
  type?: string;
  format?: string;
  enum?: string[];
  maxLength?: number;
  description?: string;
  title?: string;
  items?: Property;
};

const plan = (prompt: string) => planWorkflow(prompt, {});
const properties = (p: WorkflowPlan) => (p.input_schema?.properties ?? {}) as Record<string, Property>;
const text = (file: OutputFile | undefined) => new TextDecoder().decode(file?.data);

async function resultText(p: WorkflowPlan, input: Record<string, unknown>): Promise<string> {
  const { results } = await runSteps(p.steps, input);
  return results.map(text).join('\n');
}

describe('the newcomer’s four prompts', () => {
  it('a follow-up email asks for name, company, product and the renewal date, and uses each in its role', async () => {
    const p = plan(
      'Draft a follow-up email to a customer who missed their renewal date, using their name, company and the product they use',
    );
    expect(p.name).toBe('Follow-Up Email');
    expect(Object.keys(properties(p)).sort()).toEqual(['company', 'name', 'product', 'renewal_date']);
    expect(properties(p).renewal_date).toMatchObject({ title: 'Renewal date', format: 'date' });
    const email = await resultText(p, {
      name: 'Dana Whitfield',
      company: 'Globex',
      product: 'Acme CRM',
      renewal_date: '2026-10-31',
    });
    expect(email).toContain('Hi Dana,');
    expect(email).toContain('the renewal date for Acme CRM at Globex was 31 October 2026');
  });

  it('invoice amounts and a currency give a CSV of totals converted with the EUR rate it asks for', async () => {
    const p = plan('Given a list of invoice amounts and a currency, produce a CSV with totals converted to EUR');
    expect(properties(p)).toMatchObject({
      invoice_amounts: { type: 'array', items: { type: 'number' } },
      currency: { type: 'string' },
      eur_exchange_rate: { type: 'number', title: 'EUR exchange rate' },
    });
    const { results } = await runSteps(p.steps, {
      invoice_amounts: [100, 250.5],
      currency: 'usd',
      eur_exchange_rate: 0.92,
    });
    expect(results.map((f) => f.filename)).toEqual(['invoice-currency-conversion.csv']);
    expect(text(results[0])).toBe(
      '"item","amount","currency","amount_eur"\n"1",100,"USD",92\n"2",250.5,"USD",230.46\n"total",350.5,"USD",322.46\n',
    );
  });

  it('a currency the prompt says its amounts are in asks for no rate', () => {
    const p = plan('Work out the deposit and balance for a booking from the total price. Prices are all in GBP.');
    expect(p.name).not.toMatch(/conversion/i);
    expect(Object.keys(properties(p))).toEqual(['total_price']);
  });

  it('a support ticket is read as long text, checked for urgency and routed to one of the categories', async () => {
    const p = plan('Check whether a support ticket is urgent and route it to billing, tech or sales');
    expect(p.name).toBe('Support Ticket Routing');
    expect(properties(p).support_ticket).toMatchObject({
      type: 'string',
      maxLength: 100_000,
      description: expect.stringMatching(/free text/),
    });
    expect(p.description).not.toMatch(/report of the inputs/);
    const urgent = await resultText(p, {
      support_ticket: 'URGENT: I was charged twice on my invoice, please refund asap.',
    });
    expect(urgent).toContain('**Route to:** billing');
    expect(urgent).toContain('**Urgent:** yes');
    const calm = await resultText(p, {
      support_ticket: 'When you have time, could we get a quote for ten more seats?',
    });
    expect(calm).toContain('**Route to:** sales');
    expect(calm).toContain('**Urgent:** no');
  });

  it('meeting notes become action items with owners and due dates, with only the notes asked for', async () => {
    const p = plan('Turn meeting notes into a list of action items with owners and due dates');
    expect(Object.keys(properties(p))).toEqual(['meeting_notes']);
    const report = await resultText(p, {
      meeting_notes: 'Bob will send the plan by Friday. Ana will draft the notes by April 2, 2026.',
    });
    expect(report).toContain('Bob will send the plan by Friday. (owner: Bob) (due: Friday)');
    expect(report).toContain('(owner: Ana) (due: 2026-04-02)');
  });
});

describe('fields typed by their head noun', () => {
  it('amounts, rents and durations are numbers, deadlines dates, websites links, listed things lists', () => {
    const p = plan(
      'Write a rental summary from the monthly rent, the lease duration in months, the move-in deadline, the landlord website and the tags',
    );
    expect(properties(p)).toMatchObject({
      monthly_rent: { type: 'number' },
      lease_duration: { type: 'integer' },
      move_in_deadline: { type: 'string', format: 'date' },
      landlord_website: { type: 'string', format: 'uri' },
      tags: { type: 'array' },
    });
  });

  it('"X, Y or Z" after a field is a choice; a value fixed in the prompt is not an input', () => {
    const p = plan(
      'Write a refund reply within our 30 day policy from the order number and a tone: formal, casual or friendly',
    );
    expect(properties(p).tone?.enum).toEqual(['formal', 'casual', 'friendly']);
    expect(Object.keys(properties(p))).toEqual(['order_number', 'tone']);
  });
});

describe('prompts the rules were never tuned on', () => {
  const required = (p: WorkflowPlan) => (p.input_schema?.required ?? []) as string[];

  it('reads a list after "with", choices in brackets, and "optionally" as a value one may leave out', () => {
    const p = plan(
      'Write a welcome message for a gym member with their first name, the membership plan (basic, plus or premium) and optionally a trainer name',
    );
    expect(Object.keys(properties(p))).toEqual(['first_name', 'membership_plan', 'trainer_name']);
    expect(properties(p).membership_plan?.enum).toEqual(['basic', 'plus', 'premium']);
    expect(required(p)).toEqual(['first_name', 'membership_plan']);
  });

  it('types "the rent owed" as a number and "the original due date" as a date, and "if known" as optional', () => {
    const p = plan(
      'Draft a late payment notice: tenant name, the rent owed, the original due date and a late fee if known',
    );
    expect(properties(p)).toMatchObject({
      tenant_name: { type: 'string' },
      rent_owed: { type: 'number' },
      original_due_date: { format: 'date' },
      late_fee: { type: 'number' },
    });
    expect(required(p)).not.toContain('late_fee');
  });

  it('asks for neither a stated policy nor what a state is for, and names the check by what is checked', () => {
    const p = plan(
      'Check whether a booking is eligible for a free cancellation under our 48 hour policy, given the booking date and the check-in date',
    );
    expect(Object.keys(properties(p))).toEqual(['booking_date', 'check_in_date']);
    expect(p.name).toBe('Free Cancellation Check');
  });

  it('reads "the email of a colleague" as the colleague’s email, and a rate "per day" as one number', () => {
    const p = plan(
      'Write a handover note with the email of a colleague, the hours worked per day and the site address',
    );
    expect(properties(p)).toMatchObject({
      colleague_email: { format: 'email' },
      hours_worked_per_day: { type: 'number' },
      site_address: { type: 'string' },
    });
  });
});

describe('results and notes', () => {
  it('greets with "Hello," when there is no name to greet', async () => {
    const p = plan('Write a reply to a complaint message');
    const reply = await resultText(p, { complaint_message: 'The parcel arrived late.' });
    expect(reply).toContain('Hello,');
    expect(reply).not.toMatch(/Dear there|Hi there/);
  });

  it('says before the first run what it cannot do: a schedule and a service', () => {
    const p = plan('Every Monday, summarize the meeting notes and post the summary to Slack');
    expect(p.planning_notes?.map((note) => note.kind)).toEqual(['schedule', 'integration']);
    expect(Object.keys(properties(p))).toEqual(['meeting_notes']);
  });

  it('refuses a prompt with nothing to do, saying what to write instead', () => {
    expect(() => plan('   ')).toThrow(PlanningError);
    expect(() => plan('zxq vbnm qwrt')).toThrow(/could not find anything to do/);
    // A prompt in another language is told which one the rules read.
    expect(() => plan('Escribe un correo de bienvenida para un cliente nuevo.')).toThrow(
      /the built-in rules read English/,
    );
  });
});

describe('a prompt cut off anywhere', () => {
  it('plans every start and end of a prompt, or refuses it with a sentence, never with a crash', () => {
    const prompts = [
      "I need an offer letter generator: candidate name, position, start date and the hiring manager's name",
      'Write a rental listing for an apartment: address, monthly rent, number of bedrooms and whether pets are allowed.',
    ];
    for (const prompt of prompts) {
      const words = prompt.split(' ');
      for (let i = 1; i < words.length; i++)
        for (const part of [words.slice(0, i).join(' '), words.slice(i).join(' ')]) {
          try {
            plan(part);
          } catch (error) {
            expect(error, part).toBeInstanceOf(PlanningError);
          }
        }
    }
  });
});

describe('a check the rules cannot make', () => {
  it('says before the first run that the judgement is left to a person, and the result says so too', async () => {
    const p = plan('Check whether a parcel was delivered late, given the promised date and the delivery date.');
    expect(p.planning_notes).toEqual([
      expect.objectContaining({
        kind: 'output',
        text: expect.stringContaining('Does not decide whether a parcel was delivered late'),
      }),
    ]);
    const report = await resultText(p, { promised_date: '2026-11-02', delivery_date: '2026-11-05' });
    expect(report).toContain('Does not decide whether a parcel was delivered late');
    expect(report).toContain('5 November 2026');
  });

  it('says nothing of the kind when the prompt states a rule the steps test', () => {
    expect(plan('Check an invoice: fail if the total is above 10000.').planning_notes).toEqual([]);
  });
});

describe('greetings before what is asked', () => {
  it('plans a prompt whose greeting is followed by a dash or a number, not only by a verb', () => {
    for (const prompt of [
      'hello - I run a small charity and we want to write grant summaries',
      'hi, 3 things: name, date, amount',
    ])
      expect(() => planWorkflow(prompt, {})).not.toThrow(TypeError);
  });
});
