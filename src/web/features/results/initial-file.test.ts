import { describe, expect, it } from 'vitest';
import { initialFileIndex } from './initial-file';

const files = (...names: string[]) => names.map((filename) => ({ filename }));

describe('the result file a run page opens on', () => {
  it('opens an approved run on the final document, not the draft listed before it', () => {
    expect(initialFileIndex(files('draft.md', 'customer-reply.md'), 'finished')).toBe(1);
  });

  it('opens a rejected run on the kept draft rather than the error report', () => {
    expect(initialFileIndex(files('error.txt', 'draft.md'), 'error')).toBe(1);
    expect(initialFileIndex(files('draft.md', 'error.txt'), 'error')).toBe(0);
  });

  it('opens a failed run on its error report when that is the only file', () => {
    expect(initialFileIndex(files('error.txt'), 'error')).toBe(0);
  });

  it('skips an error report in a finished run too, whatever its extension', () => {
    expect(initialFileIndex(files('ERROR.json', 'report.md'), 'finished')).toBe(1);
  });

  it('keeps the draft where a finished run made nothing else', () => {
    expect(initialFileIndex(files('draft.md', 'error.txt'), 'finished')).toBe(0);
  });

  it('shows a waiting run its draft first, as that is what the reviewer reads', () => {
    expect(initialFileIndex(files('draft.md', 'notes.md'), 'human_in_the_loop')).toBe(0);
  });

  it('takes the server’s first file otherwise, and when the status is not known', () => {
    expect(initialFileIndex(files('report.md', 'data.json'), 'finished')).toBe(0);
    expect(initialFileIndex(files('draft.md', 'final.md'))).toBe(0);
    expect(initialFileIndex([], 'finished')).toBe(0);
  });

  it('matches only files named error or draft, not names that contain the word', () => {
    expect(initialFileIndex(files('error-budget.md', 'b.md'), 'finished')).toBe(0);
    expect(initialFileIndex(files('drafting-guide.md', 'b.md'), 'finished')).toBe(0);
  });
});
