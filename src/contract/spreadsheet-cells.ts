/**
 * How the dashboard's exports and the service's CSV step write a text cell so that no spreadsheet
 * runs it as a formula and no spreadsheet locale splits it, while the cell's text stays exactly what
 * it was: at most one `'` goes in front of a formula trigger, and nothing inside the cell changes.
 */

/** Text a spreadsheet reads as a number (-75.00, +1.5, 1,234, 12%, -0.5e3): data, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?$/;

/** A formula trigger at the start of the cell, after any spaces (OWASP "CSV injection"). */
const FORMULA_START = /^( *)(?=[=+\-@\t\r])/;

/**
 * A cell whose first character other than quotes and spaces is `;`, a tab or a line break: a reader splitting on
 * `;` (many European locales) or tabs would end our quoted field right there and start a cell of its
 * own with what follows. (`|` is left alone, so a Markdown table keeps its first `|`.)
 */
const SPLIT_START = /^"* *[;\t\r\n]/;

/**
 * One `'` in front of the trigger when the cell starts, after any spaces, with = + - @, a tab or a
 * carriage return, unless the cell is a plain number; one `'` at the very start when its first
 * character other than quotes and spaces is `;`, a tab or a line break; otherwise the cell unchanged.
 */
export function neutralizeFormula(cell: string): string {
  if (SPLIT_START.test(cell)) return `'${cell}`;
  const start = FORMULA_START.exec(cell);
  if (start === null || PLAIN_NUMBER.test(cell.trim())) return cell;
  const spaces = start[1] ?? '';
  return `${spaces}'${cell.slice(spaces.length)}`;
}

/**
 * One CSV field: neutralized, then always quoted (quotes doubled). Quoting every field, not only those
 * holding a separator, keeps a reader that splits on another locale's separator (`;`, tab, `|`) inside
 * the quotes, so it never starts a cell in the middle of one of ours.
 */
export function csvField(cell: string): string {
  return `"${neutralizeFormula(cell).replace(/"/g, '""')}"`;
}
