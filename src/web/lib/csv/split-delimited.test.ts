import { describe, expect, it } from 'vitest';
import { decodeText, splitDelimited } from './split-delimited';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('splitDelimited', () => {
  it('guesses commas, semicolons and tabs from the head of the text', () => {
    expect(splitDelimited('a,b\n1,2\n')).toMatchObject({
      delimiter: ',',
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
    expect(splitDelimited('a;b\n1;2\n3;4\n').delimiter).toBe(';');
    expect(splitDelimited('a\tb\n1\t2\n').delimiter).toBe('\t');
  });

  it('guesses only among the candidates it is given', () => {
    expect(splitDelimited('a:b\n1:2\n', { delimitersToGuess: [',', ';'] }).delimiter).toBe(',');
  });

  it('splits on the delimiter it is told, keeping other delimiters inside cells', () => {
    const r = splitDelimited('city\tpopulation\nParis, FR\t2,102,650\n', { delimiter: '\t' });
    expect(r.rows).toEqual([
      ['city', 'population'],
      ['Paris, FR', '2,102,650'],
    ]);
  });

  it('skips blank lines and keeps quoted line breaks in one cell', () => {
    expect(splitDelimited('a,b\n\n"line 1\nline 2",x\n ,\n').rows).toEqual([
      ['a', 'b'],
      ['line 1\nline 2', 'x'],
    ]);
  });

  it('counts a problem row among all rows, whether read at once or in slices with progress', () => {
    const text = `a,b\n${'1,2\n'.repeat(300_000)}"unclosed,3\n`;
    const atOnce = splitDelimited(text);
    const seen: number[] = [];
    const sliced = splitDelimited(text, {}, (f) => seen.push(f));
    expect(atOnce.problems).toContainEqual(expect.objectContaining({ type: 'Quotes', row: 300_001 }));
    expect(sliced.problems).toContainEqual(expect.objectContaining({ type: 'Quotes', row: 300_001 }));
    expect(sliced.rows).toHaveLength(atOnce.rows.length);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
  });

  it('reads only the header and the first rows from the head, never a row cut in half', () => {
    const text = `id,note\n${Array.from({ length: 20_000 }, (_, i) => `${i},row ${i}`).join('\n')}\n`;
    const r = splitDelimited(text, { previewRows: 50 });
    expect(r.rows).toHaveLength(51);
    expect(r.rows.at(-1)).toEqual(['49', 'row 49']);
  });
});

describe('decodeText', () => {
  it('decodes UTF-8 with accents and drops a byte order mark', () => {
    expect(decodeText(bytes('café'))).toEqual({ ok: true, text: 'café' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('name')]))).toEqual({ ok: true, text: 'name' });
  });

  it('reads UTF-16 text with a byte order mark', () => {
    const text = 'a\tb\n1\t2\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i += 1) utf16[2 + i * 2] = text.charCodeAt(i);
    expect(decodeText(utf16)).toEqual({ ok: true, text });
  });

  it('refuses binary data and invalid UTF-8 as not text', () => {
    const binary = decodeText(new Uint8Array([0x00, 0x01, 0x02, 0x41, 0x0a]));
    expect(!binary.ok && binary.error).toMatch(/^This file is not text; is it really a CSV\?/);
    const invalidUtf8 = decodeText(new Uint8Array([0x61, 0x0a, 0xff, 0xfe, 0xfd, 0x0a]));
    expect(!invalidUtf8.ok && invalidUtf8.error).toMatch(/not text/);
  });

  it('recognizes a zip archive (a workbook) by its signature', () => {
    const r = decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(!r.ok && r.error).toContain('rename it to .xlsx');
  });
});
