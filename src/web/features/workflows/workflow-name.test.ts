import { describe, expect, it } from 'vitest';
import { namesMatch } from './workflow-name';

describe('namesMatch', () => {
  it('accepts the exact name', () => {
    expect(namesMatch('Invoice Summary', 'Invoice Summary')).toBe(true);
  });
  it('accepts a hyphen, an en dash or an em dash for any dash in the name', () => {
    expect(namesMatch('Lead Enrichment - Website', 'Lead Enrichment – Website')).toBe(true);
    expect(namesMatch('Lead Enrichment — Website', 'Lead Enrichment - Website')).toBe(true);
  });
  it('ignores case and spacing, around dashes too', () => {
    expect(namesMatch('  lead enrichment-website ', 'Lead Enrichment – Website')).toBe(true);
    expect(namesMatch('INVOICE  SUMMARY', 'Invoice Summary')).toBe(true);
  });
  it('accepts straight quotes for curly ones', () => {
    expect(namesMatch("Ana's Notes", 'Ana’s Notes')).toBe(true);
  });
  it('refuses another name, a part of the name and a blank', () => {
    expect(namesMatch('Invoice Summaries', 'Invoice Summary')).toBe(false);
    expect(namesMatch('Invoice', 'Invoice Summary')).toBe(false);
    expect(namesMatch('InvoiceSummary-', 'Invoice Summary')).toBe(false);
    expect(namesMatch('   ', '   ')).toBe(false);
  });
});
