import { normalizeTable, type Table } from './table';
import { MAX_FILE_BYTES, tooLargeMessage } from './parse-csv';

export type SheetCell = string | number | boolean | Date | null | undefined | object;

export interface Workbook {
  sheetNames: string[];
  /** The named sheet as a checked table. */
  table(sheetName: string): { ok: true; table: Table } | { ok: false; error: string };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Turns a cell into the text a person sees, so XLSX and CSV rows go through one coercion path. */
export function cellToText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    const isMidnight =
      cell.getUTCHours() === 0 &&
      cell.getUTCMinutes() === 0 &&
      cell.getUTCSeconds() === 0 &&
      cell.getUTCMilliseconds() === 0;
    return isMidnight
      ? `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`
      : cell.toISOString();
  }
  return String(cell);
}

/** Converts one sheet's grid (first row = header) into a checked table; blank rows are dropped. */
export function sheetToTable(
  grid: readonly (readonly SheetCell[])[],
  sheetName: string,
): { ok: true; table: Table } | { ok: false; error: string } {
  const rows = grid.map((r) => r.map(cellToText)).filter((r) => r.some((c) => c.trim() !== ''));
  const [header, ...data] = rows;
  if (header === undefined) return { ok: false, error: `The sheet "${sheetName}" is empty.` };
  if (data.length === 0) return { ok: false, error: `The sheet "${sheetName}" has a header row but no data rows.` };
  const width = Math.max(header.length, ...data.map((r) => r.length));
  const padRow = (r: string[]): string[] =>
    r.length === width ? r : [...r, ...Array<string>(width - r.length).fill('')];
  return normalizeTable(padRow(header), data.map(padRow));
}

/** Reads an .xlsx file; the reader is loaded only when someone uploads a workbook. */
export async function readWorkbook(
  file: Blob,
): Promise<{ ok: true; workbook: Workbook } | { ok: false; error: string }> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: tooLargeMessage(file.size) };
  if (file.size === 0) return { ok: false, error: 'The file is empty.' };
  const { default: readXlsxFile } = await import('read-excel-file/universal');
  let sheets: { sheet: string; data: SheetCell[][] }[];
  try {
    sheets = (await readXlsxFile(await file.arrayBuffer())) as unknown as { sheet: string; data: SheetCell[][] }[];
  } catch {
    return {
      ok: false,
      error:
        'This file could not be read as an Excel workbook (.xlsx). Older .xls files are not supported; save it as .xlsx or CSV.',
    };
  }
  if (sheets.length === 0) return { ok: false, error: 'The workbook has no sheets.' };
  const byName = new Map(sheets.map((s) => [s.sheet, s.data]));
  return {
    ok: true,
    workbook: {
      sheetNames: sheets.map((s) => s.sheet),
      table: (name) => {
        const grid = byName.get(name);
        return grid === undefined
          ? { ok: false, error: `The workbook has no sheet named "${name}".` }
          : sheetToTable(grid, name);
      },
    },
  };
}
