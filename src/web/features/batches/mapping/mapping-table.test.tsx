// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { descriptionOf } from '@/testing/render';
import type { Table } from '@/features/batches/upload/table';
import type { Mapping } from '@/batch-engine/batch-types';
import { autoMatch, checkMapping } from './mapping';
import { MappingTable } from './mapping-table';
import type { PropertyInfo } from './schema-info';

const PROPS: PropertyInfo[] = [
  { name: 'company', title: 'Company name', required: true, schema: { type: 'string', title: 'Company name' } },
  { name: 'website', title: 'Website', required: false, schema: { type: 'string', format: 'uri' } },
  { name: 'revenue', title: 'Revenue', required: false, schema: { type: 'number' } },
];

const TABLE: Table = {
  columns: ['Company name', 'Website', 'Revenue', 'Owner'],
  rows: [
    ['Acme', 'acme.com', '1.234,50', 'Ann'],
    ['Globex', 'https://globex.example', '99,00', 'Bo'],
    ['Initech', 'initech.io', '7', 'Cy'],
  ],
};

/** The mapping step as the upload panel holds it: the mapping in state, checked on every change. */
function MappingStep({
  decimalDetected = null,
}: {
  decimalDetected?: Parameters<typeof MappingTable>[0]['decimalDetected'];
}) {
  const [mapping, setMapping] = useState<Mapping>(() => autoMatch(TABLE.columns, PROPS).mapping);
  return (
    <MappingTable
      table={TABLE}
      props={PROPS}
      mapping={mapping}
      check={checkMapping(TABLE.columns, PROPS, mapping)}
      decimalDetected={decimalDetected}
      onChange={setMapping}
    />
  );
}

const selectedText = (select: HTMLElement) => {
  const s = select as HTMLSelectElement;
  return s.options[s.selectedIndex]?.textContent;
};

describe('MappingTable', () => {
  it('sends each column to the field it matches, and says why', () => {
    render(<MappingStep />);

    expect(selectedText(screen.getByLabelText('Company name'))).toBe('Company name (required)');
    expect(descriptionOf(screen.getByLabelText('Company name'))).toContain('Same as the field’s title');
    expect(selectedText(screen.getByLabelText('Website'))).toBe('Website');
    expect(selectedText(screen.getByLabelText('Owner'))).toBe('Ignore this column');
    expect(screen.getByText('Not sent: "Owner".')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('blocks sending when two columns fill one field, until one is ignored', async () => {
    const user = userEvent.setup();
    render(<MappingStep />);

    await user.selectOptions(screen.getByLabelText('Owner'), 'Company name (required)');

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fix the mapping before sending');
    expect(alert.textContent).toContain('Columns "Company name" and "Owner" both fill "company"');
    await user.selectOptions(screen.getByLabelText('Owner'), 'Ignore this column');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for one value for every row when a required field loses its column', async () => {
    const user = userEvent.setup();
    render(<MappingStep />);

    await user.selectOptions(screen.getByLabelText('Company name'), 'Ignore this column');

    expect(screen.getByRole('alert').textContent).toContain(
      'Required field "Company name" has no column. Pick a column for it or set one value for every row.',
    );
    const unfilled = screen.getByRole('group', { name: 'Fields no column fills' });
    await user.type(within(unfilled).getByLabelText(/Company name/), 'Acme Holdings');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how many bare website addresses get https:// in front', () => {
    render(<MappingStep />);

    expect(descriptionOf(screen.getByLabelText('Website'))).toContain('Added https:// to 2 websites');
  });

  it('converts numbers with the decimal mark the person picks', async () => {
    const user = userEvent.setup();
    render(<MappingStep decimalDetected={{ mark: ',', certain: false }} />);
    await user.click(screen.getByRole('radio', { name: 'Decimal comma: 1.234,50' }));
    const revenueRow = screen.getByLabelText('Revenue').closest('li')!;
    expect(within(revenueRow).getByText(/^Converted, e\.g\./).textContent).toBe('Converted, e.g. 1.234,50 → 1234.5');

    await user.click(screen.getByRole('radio', { name: 'Decimal point: 1,234.50' }));

    expect(revenueRow.textContent).not.toContain('→ 1234.5');
    expect(screen.getByText(/The file’s numbers do not settle it/)).toBeDefined();
  });
});
