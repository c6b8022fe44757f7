import { describe, expect, it } from 'vitest';
import { inputCaption, journalSource } from './input-source';

describe('inputCaption', () => {
  it('names this browser for a single run it submitted', () => {
    expect(inputCaption({ kind: 'run-journal' })).toBe('As this browser submitted it.');
  });

  it('names the row and file for a batch row', () => {
    expect(inputCaption({ kind: 'batch-journal', fileName: 'invoices.csv', row: 37 })).toBe(
      'Row 37 of invoices.csv, from this browser’s batch.',
    );
    expect(inputCaption({ kind: 'batch-journal', fileName: 'big.csv', row: 1200 })).toBe(
      'Row 1,200 of big.csv, from this browser’s batch.',
    );
  });

  it('names the server for the input extension', () => {
    expect(inputCaption({ kind: 'server' })).toBe('As the server recorded it.');
  });
});

describe('journalSource', () => {
  it('is the batch row where the annotation has one', () => {
    expect(journalSource({ fileName: 'invoices.csv', row: 37 })).toEqual({
      kind: 'batch-journal',
      fileName: 'invoices.csv',
      row: 37,
    });
    expect(inputCaption(journalSource({ fileName: 'invoices.csv', row: 37 }))).toBe(
      'Row 37 of invoices.csv, from this browser’s batch.',
    );
  });

  it('is the run journal without one', () => {
    expect(journalSource(undefined)).toEqual({ kind: 'run-journal' });
  });
});
