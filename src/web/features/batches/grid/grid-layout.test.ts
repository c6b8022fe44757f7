import { describe, expect, it } from 'vitest';
import { columnLabels, gridLayout, revealDelta, W } from './grid-layout';
import { rerunText } from './grid-toolbar';

describe('the grid layout', () => {
  it('gives the pinned columns their own tracks around one strip, results first, then the uploaded columns', () => {
    const { rowStyle, dataStyle, dataWidth } = gridLayout(['Name', 'Amount', 'Notes', 'City']);
    const tracks = String(rowStyle.gridTemplateColumns);
    expect(tracks).toBe(`${W.select} ${W.row} minmax(0, ${dataWidth}) ${W.status}`);
    expect(String(dataStyle.gridTemplateColumns).split(' ')).toEqual([
      W.results,
      W.cell,
      W.cell,
      W.cell,
      W.cell,
      W.attempt,
    ]);
    expect(dataStyle.width).toBe(dataWidth);
  });

  it('keeps the pinned columns under a quarter of the grid on a 1280 px page', () => {
    const rem = (w: string) => Number(w.replace('rem', '')) * 16;
    // The page's 72rem column, less its padding and the card's: the grid is about 1,060 px wide.
    expect(rem(W.select) + rem(W.row) + rem(W.status)).toBeLessThan(1060 / 4);
  });

  it('sizes the strip to exactly its columns, so it never grows past them', () => {
    expect(gridLayout([]).dataWidth).toBe(`calc(${W.results} + ${W.attempt})`);
    expect(gridLayout(['A']).dataWidth).toBe(`calc(${W.results} + ${W.cell} + ${W.attempt})`);
  });
});

describe('revealing a focused cell', () => {
  it('does not move when the cell is already fully in view', () => {
    expect(revealDelta(100, 200, 50, 400)).toBe(0);
    expect(revealDelta(50, 400, 50, 400)).toBe(0);
  });

  it('moves forward just enough for a cell cut at the far edge', () => {
    expect(revealDelta(350, 450, 50, 400)).toBe(50);
  });

  it('moves back to the start of a cell cut at the near edge, such as one behind the sticky header', () => {
    expect(revealDelta(20, 120, 50, 400)).toBe(-30);
  });

  it('aligns a cell larger than the view on its start', () => {
    expect(revealDelta(300, 900, 50, 400)).toBe(250);
    expect(revealDelta(0, 900, 50, 400)).toBe(-50);
  });
});

describe('the labels of a row card', () => {
  const schema = {
    type: 'object',
    properties: {
      contact_email: { type: 'string', title: 'Contact email' },
      amount: { type: 'number' },
    },
  };

  it('uses the title of the field a column fills, else the header as uploaded', () => {
    const mapping = { columns: { 'E-mail': 'contact_email', Total: 'amount', Notes: null } };
    expect(columnLabels(['E-mail', 'Total', 'Notes'], mapping, schema)).toEqual(['Contact email', 'Total', 'Notes']);
  });

  it('falls back to the headers while the schema loads or without a mapping', () => {
    expect(columnLabels(['E-mail'], { columns: { 'E-mail': 'contact_email' } }, undefined)).toEqual(['E-mail']);
    expect(columnLabels(['E-mail'], undefined, schema)).toEqual(['E-mail']);
  });
});

describe('what the re-run bar says', () => {
  it('says one row failed in the singular', () => {
    expect(rerunText(1, 0)).toBe('1 row failed: fix its cells below, then re-run it.');
  });

  it('says several rows failed in the plural, with thousands separated', () => {
    expect(rerunText(1234, 0)).toBe('1,234 rows failed: fix their cells below, then re-run them.');
  });

  it('gives no edit hint when nothing failed', () => {
    expect(rerunText(0, 0)).toBe('No row failed.');
    expect(rerunText(0, 3)).toBe('No row failed. The 3 rows never sent can be selected, edited and sent.');
    expect(rerunText(0, 1)).not.toMatch(/fix|re-run/);
  });

  it('mentions rows never sent beside the failed ones', () => {
    expect(rerunText(2, 1)).toBe(
      '2 rows failed: fix their cells below, then re-run them. The row never sent can be selected, edited and sent.',
    );
  });
});
