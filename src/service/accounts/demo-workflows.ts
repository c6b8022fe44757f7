/**
 * Ready workflows a new account starts with. Together they show every feature: enums and URL
 * fields, free text with summaries and extraction, list input to CSV, a workflow without input,
 * an approval, guarded failures and a PDF. Each `example` is an input that runs successfully
 * (the invoice check also lists `failing` inputs that end in a clear error).
 */
export interface DemoWorkflow {
  prompt: string;
  name: string;
  description: string;
  /** An input that runs to `finished`; null for the workflow without input. */
  example: Record<string, unknown> | null;
  /** Inputs that end in `error`, with the message they give. */
  failing?: Array<{ input: Record<string, unknown>; error: string }>;
}

const MEETING_NOTES = `Weekly product sync - 3 March 2026
Attendees: Ana Ruiz (ana.ruiz@example.com), Bob Lee (bob@example.com), Chen Wu.
The mobile release moved to 2026-04-15 because the payment provider needs two more weeks of testing.
Support tickets fell by 15% after the help-centre update, and the refund backlog is down to 12 cases.
We agreed to keep the beta open to the 200 current testers rather than invite new ones.
Action: Bob to send the revised launch plan by Friday.
Ana will draft the release notes by April 2, 2026.
Please update the status page once the date is public.
Chen raised that the onboarding survey is still unowned; it goes on next week's agenda.`;

export const DEMO_WORKFLOWS: DemoWorkflow[] = [
  {
    prompt:
      'Write a company brief from a company name and its website. Tone: formal or casual. Return it as a Markdown report, an HTML page and JSON.',
    name: 'Company Brief',
    description:
      'Turns a company name and website into a short brief in a formal or casual tone, as Markdown, HTML and JSON.',
    example: { company_name: 'Acme Robotics', website: 'https://www.acme-robotics.example', tone: 'formal' },
  },
  {
    prompt: 'Summarize meeting notes into a digest and extract the emails, dates and action items they mention.',
    name: 'Meeting Notes Digest',
    description: 'Summarises pasted meeting notes and pulls out the email addresses, dates and action items in them.',
    example: { meeting_notes: MEETING_NOTES },
  },
  {
    prompt: 'Turn a list of products with name, price and quantity into a CSV spreadsheet.',
    name: 'Product Spreadsheet',
    description:
      'Builds a CSV spreadsheet from a list of products; large lists make large files, so try a few thousand rows.',
    example: {
      products: [
        { name: 'Espresso beans 1 kg', price: 24.5, quantity: 3 },
        { name: 'Oat milk, barista', price: 2.2, quantity: 12 },
        { name: '=cmd|"/c calc"!A1 (a formula, written safely)', price: 0, quantity: 1 },
      ],
    },
  },
  {
    prompt: "Generate today's status report template as Markdown and plain text.",
    name: 'Status Report Template',
    description: 'Needs no input: returns a fill-in status report template as Markdown and plain text.',
    example: null,
  },
  {
    prompt:
      "Draft a reply to a customer's message. Input: the customer name, their email address and the message. A person must approve the draft before it is final.",
    name: 'Customer Reply',
    description: 'Drafts a reply to a customer, waits for a person to approve it, then returns the final reply.',
    example: {
      customer_name: 'Jordan Miles',
      email: 'jordan.miles@example.com',
      message:
        'Hi, my order #4411 arrived with a cracked lid. Can you send a replacement before Friday? Thanks, Jordan',
    },
  },
  {
    prompt:
      'Check an invoice with an invoice number, a customer email, an amount and notes; fail if the amount is negative or the notes contain FAIL. Return a Markdown report and JSON.',
    name: 'Invoice Check',
    description:
      'Checks an invoice and reports on it; a negative amount or notes containing "FAIL" end the run with a clear error.',
    example: {
      invoice_number: 'INV-2026-0042',
      customer_email: 'billing@example.com',
      amount: 1250,
      notes: 'Net 30. Paid by bank transfer.',
    },
    failing: [
      {
        input: {
          invoice_number: 'INV-2026-0043',
          customer_email: 'billing@example.com',
          amount: -5,
          notes: 'Credit note',
        },
        error: 'amount must not be negative (got -5)',
      },
      {
        input: {
          invoice_number: 'INV-2026-0044',
          customer_email: 'billing@example.com',
          amount: 10,
          notes: 'Please FAIL this one',
        },
        error: 'notes must not contain "FAIL" (got "Please FAIL this one")',
      },
    ],
  },
  {
    prompt: 'Create a printable PDF certificate for a participant name, course title and completion date.',
    name: 'Course Certificate',
    description: 'Makes a printable PDF certificate of completion for a participant and a course.',
    example: {
      participant_name: 'Priya Natarajan',
      course_title: 'Data Visualisation Basics',
      completion_date: '2026-11-20',
    },
  },
];
