import { describe, expect, it } from 'vitest';
import { readDeliverables } from './deliverables';
import { planWorkflow } from './plan';
import { notesOf, renderedReport } from './test-support/drafts';

const SALES_INTRO =
  "Given a company's website URL and a contact's email, write a short sales intro email and a one-paragraph company summary";

describe('the sales intro email prompt', () => {
  const plan = planWorkflow(SALES_INTRO, {});
  const report = renderedReport(plan, {
    company_website_url: 'https://www.acme-robotics.com',
    contact_email: 'jordan.miles@acme-robotics.com',
  });

  it('writes an email draft with a subject line, a greeting to the contact, the company and a sign-off', () => {
    expect(report).toContain('**Subject:** A quick introduction for Acme Robotics');
    expect(report).toContain('Hi Jordan,');
    expect(report).toContain('I came across Acme Robotics (acme-robotics.com)');
    expect(report).toMatch(/Best regards,\n\n\[Your name\]\n$/);
    expect(report).not.toContain('| Field | Value |');
  });

  it('notes before the first run that it does not write the company summary, and what it returns instead', () => {
    expect(notesOf(plan, 'output')).toEqual([
      'Does not write the one-paragraph company summary: that needs a language model, the web or another system, which the local service does not use. It returns a draft of the short sales intro email instead.',
    ]);
  });

  it('says the same in the first lines of the result file', () => {
    expect(report.split('\n').slice(2, 3).join('\n')).toMatch(
      /^> \*\*Not produced:\*\* Does not write the one-paragraph company summary/,
    );
  });

  it('describes what it really returns, and returns no JSON nobody asked for', () => {
    expect(plan.description).toBe(
      'Takes the company website URL and contact email and returns a draft of the short sales intro email (Markdown). It does not write the one-paragraph company summary: that needs a language model, the web or another system.',
    );
    expect(plan.steps.map((step) => step.kind)).toEqual(['markdown_report', 'bundle']);
  });
});

describe('everyday prompts', () => {
  it.each([
    {
      behaviour: 'writes a follow-up email that greets the client by first name and follows up on the topic',
      prompt: 'Write a follow-up email to a client from the client name, their email and the meeting topic',
      input: { client_name: 'Ana Ruiz', email: 'ana@example.com', meeting_topic: 'the spring pilot' },
      says: ['**Subject:** Following up on the spring pilot', 'Hi Ana,'],
    },
    {
      behaviour: 'writes a job posting with the role, its facts, the requirements as a list and how to apply',
      prompt: 'Write a job posting from a job title, location, salary range and a list of requirements',
      input: {
        job_title: 'Data Engineer',
        location: 'Lisbon',
        salary_range: '€50k-€60k',
        requirements: ['SQL', 'Python'],
      },
      says: [
        'We are hiring a Data Engineer.',
        '- **Location:** Lisbon',
        '## Requirements\n\n- SQL\n- Python',
        '## How to apply',
      ],
    },
    {
      behaviour: 'writes a meeting reminder whose subject names the meeting and its date',
      prompt: 'Send a meeting reminder to an attendee with their name, the meeting title, date and location',
      input: { attendee_name: 'Lee Park', meeting_title: 'Quarterly review', date: '2027-01-15', location: 'Room 4' },
      says: [
        '**Subject:** Reminder: Quarterly review on 15 January 2027',
        'Hi Lee,',
        'a friendly reminder about **Quarterly review** on 15 January 2027 at Room 4.',
      ],
    },
  ])('$behaviour, with no note about what it cannot do', ({ prompt, input, says }) => {
    const plan = planWorkflow(prompt, {});
    const report = renderedReport(plan, input);
    for (const words of says) expect(report).toContain(words);
    expect(notesOf(plan, 'output')).toEqual([]);
  });

  it('writes a short message without a subject line, signed off', () => {
    const plan = planWorkflow('Write a short message to a customer with the customer name and the product name', {});
    const report = renderedReport(plan, { customer_name: 'Bo Chen', product_name: 'the Trail 2 tent' });
    expect(report).not.toContain('Subject');
    expect(report).toContain('Hi Bo,');
    expect(report).toContain('about the Trail 2 tent');
    expect(report).toMatch(/Thanks,\n\[Your name\]\n$/);
  });

  it('writes an onboarding checklist of tick boxes that names the new starter and the start date', () => {
    const plan = planWorkflow(
      'Create an onboarding checklist for a new employee from the employee name, start date and team',
      {},
    );
    const report = renderedReport(plan, { employee: 'Sam Okafor', start_date: '2026-12-01' });
    const boxes = report.split('\n').filter((line) => line.startsWith('- [ ] '));
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    expect(report).toContain("- [ ] Set up Sam Okafor's laptop, email and accounts before 1 December 2026");
    expect(plan.description).toContain('returns the onboarding checklist (Markdown)');
  });

  it('says before the first run that it cannot look up an order status, and returns a report of its inputs', () => {
    const plan = planWorkflow('Look up order status for an order number', {});
    expect(notesOf(plan, 'output')).toEqual([
      'Does not look up order status: that needs a language model, the web or another system, which the local service does not use. It returns a report of the inputs it is given instead.',
    ]);
    expect(plan.description).toContain('It does not look up order status');
    expect(renderedReport(plan, { order_number: 'A-1001' })).toMatch(/^# Order Status\n\n> \*\*Not produced:\*\*/);
    const json = plan.steps.find((step) => step.kind === 'json_output');
    expect(json?.kind === 'json_output' && json.notProduced).toEqual(notesOf(plan, 'output'));
  });

  it("says it cannot find the contact's job title, rather than extracting email addresses nobody asked for", () => {
    const plan = planWorkflow("Find the contact's job title from their email", {});
    expect(plan.steps.map((step) => step.kind)).not.toContain('extract_entities');
    expect(notesOf(plan, 'output')).toEqual([
      "Does not find the contact's job title: that needs a language model, the web or another system, which the local service does not use. It returns a report of the inputs it is given instead.",
    ]);
  });

  it('leaves the demo workflows without notes about outputs', () => {
    for (const prompt of [
      'Write a company brief from a company name and its website. Tone: formal or casual. Return it as a Markdown report, an HTML page and JSON.',
      "Draft a reply to a customer's message. Input: the customer name, their email address and the message. A person must approve the draft before it is final.",
    ])
      expect(notesOf(planWorkflow(prompt, {}), 'output'), prompt).toEqual([]);
  });

  it('sums up a text it is given instead of noting that it cannot', () => {
    const plan = planWorkflow('Given the meeting notes, write a short summary and a follow-up email', {});
    expect(plan.steps.map((step) => step.kind)).toContain('summarize');
    expect(notesOf(plan, 'output')).toEqual([]);
  });

  it('does not take a "pull request" for something to pull', () => {
    const plan = planWorkflow('Go through the list of changed files in a pull request and write release notes.', {});
    expect(notesOf(plan, 'output')).toEqual([]);
  });
});

describe('readDeliverables', () => {
  it('reads each document a making verb asks for, with its words and what kind of draft it is', () => {
    expect(
      readDeliverables('write a short sales intro email and a one-paragraph company summary').map((d) => [
        d.phrase,
        d.draft,
        d.needsModel,
      ]),
    ).toEqual([
      ['short sales intro email', 'email', false],
      ['one-paragraph company summary', null, true],
    ]);
    expect(readDeliverables('draft a job post for a role').map((d) => d.draft)).toEqual(['posting']);
    expect(readDeliverables('make a to-do list from a project').map((d) => d.draft)).toEqual(['checklist']);
  });

  it('ignores what it is written from and documents it does not draft', () => {
    expect(readDeliverables('write a report from an email and a message')).toEqual([]);
  });
});
