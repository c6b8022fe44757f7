import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { itReads } from './reading/test-support/it-reads';

const nameOf = (prompt: string) => planWorkflow(prompt, {}).name;

/** Names from the prompt's main verb and object (issue 14), on sentences outside the held-out set. */
describe('workflow names', () => {
  itReads(nameOf, {
    'names what a finding verb looks for': {
      'Fetch the weekly exchange rates for a list of currencies': 'Weekly Exchange Rates',
      "Look up the hotel's address, star rating and check-in time from its name": 'Hotel Profile',
    },
    'names a summary of something after that thing, not its owner': {
      "Every evening, email the manager a summary of the day's failed payments": 'Failed Payments Summary',
    },
    'names new verbs by what they do to their object': {
      'Enrich a contact from their email address': 'Contact Enrichment',
      'Reconcile a bank statement against the ledger export': 'Bank Statement Reconciliation',
    },
    'ends an object before a participle that has its own object': {
      'Write a tweet thanking a customer for a review': 'Tweet',
    },
  });
});

/** Issue 22's naming rules, on sentences outside the held-out set. */
describe('workflow names people recognise', () => {
  itReads(nameOf, {
    'spells acronyms and brands as people do, plurals and hyphenated words too': {
      'Summarize a TikTok video': 'TikTok Video Summary',
      'Write a wordpress blog post about our launch': 'WordPress Blog Post',
      'Draft an sms confirmation for a booking': 'SMS Confirmation',
      'Make a faq-style help page for a product': 'FAQ-style Help Page',
      'Review our kpis for the quarter': 'KPI Review',
    },
    'names the object of an action in the singular, as English compounds do': {
      'Triage incoming bug reports': 'Bug Report Triage',
      'Score inbound job applications': 'Job Application Scoring',
    },
    'leaves counts and tone words out of the name': {
      'Write 5 catchy taglines for a coffee brand': 'Catchy Taglines',
      'Draft a warm follow-up email after a sales call': 'Follow-up Email',
      'Write three personalised thank-you notes for our volunteers': 'Thank-you Notes',
    },
    'names what a converter converts between, not the amount': {
      'Convert a distance from one unit to another': 'Unit Converter',
    },
    'names whether-questions by what they ask about': {
      'Check whether an employee is eligible for a bonus given their tenure': 'Bonus Eligibility Check',
      'Read the contract and tell me if it renews automatically': 'Contract Check',
      'Find out where a supplier is located from its name': 'Supplier Location',
    },
    'names what is sent, not whom it is sent to': {
      'Send a tenant a reminder about the rent due date': 'Rent Due Date Reminder',
      'From an order ID, check where the parcel is and write the buyer a short update': 'Parcel Update',
      'Send a renewal notice to a phone number before the expiry date': 'Renewal Notice',
      'Email a quote to a customer email address for a kitchen refit': 'Kitchen Refit Quote',
      'Post the daily sign-ups to Discord every evening': 'Daily Sign-ups',
    },
    'reads past a question or a time clause to the request': {
      'Who owes us money? List the unpaid invoices from the ledger export': 'Unpaid Invoice List',
      'Every Sunday after the shop closes, get the weekly till totals': 'Weekly Till Totals',
    },
    'ends a noun phrase at a participle or a preposition that starts its own phrase': {
      'Fetch the support tickets closed this week': 'Support Tickets',
      'Give me the distance between two cities': 'Distance',
    },
    'drops the medium a thing comes in and keeps what it is about': {
      'Summarize a sales call recording transcript': 'Sales Call Summary',
      'Extract the product names from a spreadsheet into a JSON file': 'Product Name Extraction',
    },
    'names a list made from something by what is listed': {
      'Turn an interview transcript into a list of follow-up questions': 'Follow-up Questions',
    },
    'names what is written after a research, not the research': {
      'Research a wedding venue from its website and draft an enquiry email': 'Enquiry Email',
    },
    'keeps two things returned together': {
      'Look at a stock symbol and return the current price and market cap': 'Price and Market Cap',
    },
  });

  itReads(nameOf, {
    'names a generic made thing after what the prompt is about': {
      'Take a customer message and draft a reply': 'Customer Message Reply',
      'Given a booking reference, send a confirmation': 'Booking Confirmation',
      'Given a list of email addresses, check each one and produce a report': 'Email Address Report',
    },
    'reads a leading "email" as a thing unless it is sent to someone': {
      'Email classification': 'Email Classification',
      'Email the landlord a summary of the repairs': 'Repairs Summary',
    },
  });

  it('never names a workflow with one generic word', () => {
    const generic = /^(?:Reply|Object|Confirmation|Summary|Email|Report|Update|Message|Result|Output|File|Price|Data)$/;
    for (const prompt of [
      'From an order ID, check where the parcel is and write the buyer a short update',
      'Take a customer message and draft a reply',
      'Given a booking reference, send a confirmation',
      'Email a summary',
    ])
      expect(nameOf(prompt), prompt).not.toMatch(generic);
  });

  it('leaves schedules and services out of the name', () => {
    expect(nameOf('Every Monday at 9am, post the sprint burndown summary to Slack')).not.toMatch(/monday|slack|9am/i);
  });
});
