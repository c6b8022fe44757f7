import type { Fixture } from './plan-shape';

/** Prompts and the plans they must give: forms, rules, lists and approval. */
export const FIXTURES_B: Fixture[] = [
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
    name: 'Job Candidate Screening',
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
    steps: ['markdown_report', 'bundle'],
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
