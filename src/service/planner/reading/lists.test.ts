import { describe } from 'vitest';
import { readLists } from './lists';
import { fieldsOf, itStageReads } from './test-support/it-reads';

describe('readLists', () => {
  itStageReads(readLists, fieldsOf, {
    'reads "a list of …" with its item kind': {
      'Check a list of email addresses': ['email_addresses:list<email>'],
      'from a set of urls': ['urls:list<uri>'],
    },
    'reads a given list of things an output word names, but not one the workflow makes': {
      'Check the list of attached files in a ticket': ['attached_files:list<string>'],
      'Write a list of files to archive': [],
    },
    'reads rows with their columns, in words or in parentheses': {
      'Total a list of expenses with date, amount and category': ['expenses:rows(date,amount,category)'],
      'Make badges for attendees (name, company, badge number)': ['attendees:rows(name,company,badge_number)'],
    },
    'reads a file of things and comma-separated lists': {
      'Import a spreadsheet of invoices': ['invoices:list<string>'],
      'given comma-separated keywords': ['keywords:list<string>'],
    },
  });
});
