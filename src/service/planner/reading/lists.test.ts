import { describe, expect, it } from 'vitest';
import { readLists } from './lists';
import { fieldsOf, stateAfter } from './test-state';

const listsOf = (prompt: string) => fieldsOf(stateAfter(readLists, prompt));

describe('readLists', () => {
  it('reads "a list of …" with its item kind', () => {
    expect(listsOf('Check a list of email addresses')).toEqual(['email_addresses:list<email>']);
    expect(listsOf('from a set of urls')).toEqual(['urls:list<uri>']);
  });

  it('reads a given list of things an output word names, but not one the workflow makes', () => {
    expect(listsOf('Check the list of attached files in a ticket')).toEqual(['attached_files:list<string>']);
    expect(listsOf('Write a list of files to archive')).toEqual([]);
  });

  it('reads rows with their columns, in words or in parentheses', () => {
    expect(listsOf('Total a list of expenses with date, amount and category')).toEqual([
      'expenses:rows(date,amount,category)',
    ]);
    expect(listsOf('Make badges for attendees (name, company, badge number)')).toEqual([
      'attendees:rows(name,company,badge_number)',
    ]);
  });

  it('reads a file of things and comma-separated lists', () => {
    expect(listsOf('Import a spreadsheet of invoices')).toEqual(['invoices:list<string>']);
    expect(listsOf('given comma-separated keywords')).toEqual(['keywords:list<string>']);
  });
});
