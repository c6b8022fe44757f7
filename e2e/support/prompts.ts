/** Prompts the local rule-based planner turns into the workflows each journey needs. */
export const PROMPTS = {
  /** Fields company_name and website; a report in every previewable format. */
  everyFormat:
    'Write a company brief from a company name and its website as a markdown report, a CSV table, an HTML page, JSON and a PDF',
  /** Required text, a URL, an email and an enum: enough to get each kind of field error. */
  form: 'Write a company brief from a company name, its website, a contact email and a tone: formal or casual',
  /** Names no input at all, so input_schema is null. */
  noInput: 'Write a motivational quote of the day as a markdown report',
  /** Stops in human_in_the_loop until someone approves. */
  approval: 'Draft a press release from a company name; a person must approve it before it is sent',
  /** A required list of objects (name, price) with at least one item: arrays and nested fields. */
  list: 'Build a CSV table from a list of products with a name and a price',
  /** Fails for a negative amount, with a clear message. */
  guarded: 'Write an invoice report from a customer name and an amount; fail if the amount is negative',
} as const;
