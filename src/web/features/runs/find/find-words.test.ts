import { describe, expect, it } from 'vitest';
import { nothingLine, progressLine, scanLine } from './find-words';

describe('what Find says', () => {
  it('says how far the look through the runs went, without counting requests', () => {
    expect(scanLine({ through: 'runs', runs: 48, complete: true, stoppedAtMatch: false })).toBe(
      'Looked through all 48 runs.',
    );
    expect(scanLine({ through: 'runs', runs: 1, complete: true, stoppedAtMatch: false })).toBe(
      'Looked at the only run.',
    );
    expect(scanLine({ through: 'runs', runs: 0, complete: true, stoppedAtMatch: false })).toBe(
      'There are no runs yet.',
    );
    expect(scanLine({ through: 'runs', runs: 400, complete: false, stoppedAtMatch: true })).toBe(
      'Found among the 400 newest runs.',
    );
    expect(scanLine({ through: 'runs', runs: 2000, complete: false, stoppedAtMatch: false })).toMatch(
      /^Looked through the 2,000 newest runs; older runs were not searched\./,
    );
    expect(progressLine({ kind: 'runs', runs: 1200 })).toBe('Looking through recent runs… 1,200 runs so far');
  });
  it('says plainly that nothing matched, in the words of what was typed', () => {
    expect(nothingLine('zebra', undefined)).toBe(
      'No workflow name is like “zebra”. To find a run, use its id as the runs list shows it, or its link.',
    );
    expect(nothingLine('0ddba11c', undefined)).toMatch(/^Nothing matches “0ddba11c”: no workflow name is like it/);
    expect(nothingLine('EEEEEEEE-EEEE-4EEE-8EEE-EEEEEEEEEEEE', { through: 'workflows', checked: 3 })).toBe(
      'No workflow or run has the id eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee in this account (looked in 3 workflows).',
    );
  });
});
