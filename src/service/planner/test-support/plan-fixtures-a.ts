import type { Fixture } from './plan-shape';

/** Prompts and the plans they must give: reports, summaries, extraction and tables. */
export const FIXTURES_A: Fixture[] = [
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
    name: 'Due Date Reminder',
    fields: { email: 'string:email', due_date: 'string:date', note: 'text' },
    required: ['email', 'due_date'],
    steps: ['markdown_report', 'bundle'],
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
];
