// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchRecord, rowRecord } from '@/testing/batch-records';
import { layOutEveryElement } from '@/testing/layout';
import { descriptionOf, renderWithServer } from '@/testing/render';
import { BatchGrid } from './batch-grid';

// Re-running is the engine's (journal, chunked send: its own tests); here only what the grid hands it.
const engine = vi.hoisted(() => ({ rerunRows: vi.fn<(batchId: string, rows: unknown[]) => Promise<void>>() }));
vi.mock('@/batch-engine/batch-runtime', () => engine);
beforeEach(() => {
  engine.rerunRows.mockReset().mockResolvedValue(undefined);
  // The rows are virtualized: they need a box to fit in.
  layOutEveryElement();
});
afterEach(() => void vi.restoreAllMocks());

const SCHEMA = {
  type: 'object',
  required: ['company'],
  properties: {
    company: { type: 'string', title: 'Company', minLength: 1 },
    employees: { type: 'integer', title: 'Employees' },
  },
};

/** Four rows: two finished, and two failed whose cells no longer pass the checks ("many", an empty name). */
function renderGrid() {
  const rows = [
    rowRecord(0, { status: 'finished', cells: ['Acme', '12'], results: [] }),
    rowRecord(1, { status: 'error', cells: ['Globex', 'many'], error: 'The website did not answer.' }),
    rowRecord(2, { status: 'error', cells: ['', '7'], error: 'Company is missing.' }),
    rowRecord(3, { status: 'finished', cells: ['Initech', '40'], results: [] }),
  ];
  const batch = batchRecord(
    {
      columns: ['Company', 'Employees'],
      mapping: { columns: { Company: 'company', Employees: 'employees' }, constants: {} },
    },
    rows,
  );
  return renderWithServer(<BatchGrid batch={batch} rows={rows} schema={SCHEMA} workflowId={batch.workflowId} />);
}

describe('BatchGrid', () => {
  it('lets the person edit a failed row’s cells, and shows finished rows as they ran', async () => {
    await renderGrid();

    expect(screen.getByRole('textbox', { name: 'Employees, row 2' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Company, row 3' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Company, row 1' })).toBeNull();
    expect(screen.getByRole('row', { name: 'Row 1' }).textContent).toContain('Acme');
    expect(screen.getByText('2 rows failed: fix their cells below, then re-run them.')).toBeDefined();
  });

  it('checks an edited cell when the person leaves it, and selects its row for re-running', async () => {
    const { user } = await renderGrid();
    const employees = screen.getByRole('textbox', { name: 'Employees, row 2' });

    await user.clear(employees);
    await user.type(employees, 'twelve');
    expect(descriptionOf(employees)).toBe('');
    await user.tab();

    expect(descriptionOf(employees)).not.toBe('');
    expect((screen.getByRole('checkbox', { name: 'Select row 2' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Re-run selected (1)' })).toBeDefined();
  });

  it('re-runs a fixed row as a new attempt, with the cells as edited', async () => {
    const { user } = await renderGrid();
    const employees = screen.getByRole('textbox', { name: 'Employees, row 2' });

    await user.clear(employees);
    await user.type(employees, '40{Enter}');
    await user.click(screen.getByRole('button', { name: 'Re-run selected (1)' }));

    expect(engine.rerunRows).toHaveBeenCalledWith('batch-1', [
      { index: 1, input: { company: 'Globex', employees: 40 }, cells: ['Globex', '40'] },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('Re-running 1 row as a new attempt in this batch.');
  });

  it('re-runs nothing while the failed rows still have problems, and says so', async () => {
    const { user } = await renderGrid();

    await user.click(screen.getByRole('button', { name: 'Re-run all failed (2)' }));

    expect(engine.rerunRows).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(
      'Nothing was re-run: 2 rows still have problems. Fix the fields marked in red.',
    );
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Company, row 3' }))).not.toBe('');
  });

  it('says why a re-run failed', async () => {
    engine.rerunRows.mockRejectedValueOnce(new Error('Another tab is sending this batch.'));
    const { user } = await renderGrid();
    const employees = screen.getByRole('textbox', { name: 'Employees, row 2' });
    await user.clear(employees);
    await user.type(employees, '40{Enter}');

    await user.click(screen.getByRole('button', { name: 'Re-run selected (1)' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The rows were not re-run: Another tab is sending this batch.',
    );
  });

  it('narrows the rows to those whose cells match the search', async () => {
    const { user } = await renderGrid();

    await user.type(screen.getByRole('searchbox', { name: 'Search rows' }), 'Globex');

    const table = screen.getByRole('table', { name: 'Rows of this batch' });
    const shown = within(table)
      .getAllByRole('row')
      .map((row) => row.getAttribute('aria-label'))
      .filter((name) => name?.startsWith('Row '));
    expect(shown).toEqual(['Row 2']);
  });
});

describe('BatchGrid with a free-text column', () => {
  it('edits notes in a multi-line box whose line breaks reach the re-run’s input', async () => {
    const schema = {
      type: 'object',
      required: ['notes'],
      properties: {
        notes: { type: 'string', title: 'Meeting notes', description: 'The notes as free text; paste it in full.' },
        owner: { type: 'string', title: 'Owner' },
      },
    };
    const rows = [rowRecord(0, { status: 'error', cells: ['', 'Sam'], error: 'Meeting notes are missing.' })];
    const batch = batchRecord(
      { columns: ['Notes', 'Owner'], mapping: { columns: { Notes: 'notes', Owner: 'owner' }, constants: {} } },
      rows,
    );
    const { user } = await renderWithServer(
      <BatchGrid batch={batch} rows={rows} schema={schema} workflowId={batch.workflowId} />,
    );

    const notes = screen.getByRole('textbox', { name: 'Notes, row 1' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Owner, row 1' }).tagName).toBe('INPUT');
    // Enter is a line break in notes; leaving the box commits them.
    await user.type(notes, 'Sam sends the budget{Enter}Priya books the venue');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Re-run selected (1)' }));

    expect(engine.rerunRows).toHaveBeenCalledWith('batch-1', [
      {
        index: 0,
        input: { notes: 'Sam sends the budget\nPriya books the venue', owner: 'Sam' },
        cells: ['Sam sends the budget\nPriya books the venue', 'Sam'],
      },
    ]);
  });
});
