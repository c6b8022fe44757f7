import { describe, expect, it } from 'vitest';
import { fileSafe, runArchiveName } from './save-file';

describe('runArchiveName', () => {
  const run = { id: '0b7c2a4e-1111-4222-8333-944445555666', createdAt: '2026-11-26T14:05:09Z' };

  it('names a run’s zip by its workflow and the local date and time it was created', () => {
    const local = new Date(run.createdAt);
    const hh = String(local.getHours()).padStart(2, '0');
    expect(runArchiveName(run, 'Sales intro – Acme')).toMatch(
      new RegExp(`^Sales intro – Acme 2026-11-2\\d ${hh}\\.\\d\\d\\.zip$`),
    );
  });

  it('falls back to the short run id when the workflow has no usable name', () => {
    expect(runArchiveName(run, undefined)).toMatch(/^Run 0b7c2a4e \d{4}-/);
    expect(runArchiveName({ ...run, createdAt: 'not a date' }, '  ')).toBe('Run 0b7c2a4e.zip');
  });

  it('keeps path and reserved characters out of the name', () => {
    expect(fileSafe('a/b\\c: "d" <e>|f?*')).toBe('a_b_c_ _d_ _e_f_');
  });
});
