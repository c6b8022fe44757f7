import { describe, expect, it } from 'vitest';
import { canDisplayInline, contentDisposition, contentTypeFor, inlineContent } from './content-types';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('contentTypeFor', () => {
  it.each([
    ['report.md', 'text/markdown; charset=utf-8'],
    ['table.CSV', 'text/csv; charset=utf-8'],
    ['page.html', 'text/html; charset=utf-8'],
    ['data.json', 'application/json; charset=utf-8'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['brief.pdf', 'application/pdf'],
    ['mystery.bin', 'application/octet-stream'],
    // From the table the dashboard shares: code and config are plain text, +json types keep their charset.
    ['script.py', 'text/plain; charset=utf-8'],
    ['map.geojson', 'application/geo+json; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['.md', 'application/octet-stream'],
    ['no-extension', 'application/octet-stream'],
  ])('serves %s as %s', (name, type) => expect(contentTypeFor(name)).toBe(type));
});

describe('inlineContent', () => {
  it('returns text files as strings', () => {
    expect(inlineContent('a.md', bytes('# Hi é'))).toBe('# Hi é');
  });

  it('keeps binary types, invalid UTF-8 and files of 100 KB or more out of the response', () => {
    expect(inlineContent('a.pdf', bytes('%PDF-1.7'))).toBeNull();
    expect(inlineContent('a.txt', new Uint8Array([0xff, 0xfe, 0x00]))).toBeNull();
    expect(inlineContent('a.txt', new Uint8Array(102_400).fill(97))).toBeNull();
    expect(inlineContent('a.txt', new Uint8Array(102_399).fill(97))).toHaveLength(102_399);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('rapport été (1).md', 'attachment')).toBe(
      `attachment; filename="rapport _t_ (1).md"; filename*=UTF-8''rapport%20%C3%A9t%C3%A9%20%281%29.md`,
    );
    expect(contentDisposition('a"b.pdf', 'inline')).toBe(`inline; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
  });
});

describe('canDisplayInline', () => {
  it('allows PDFs and raster images but not HTML or SVG, which could run script', () => {
    expect(canDisplayInline('application/pdf')).toBe(true);
    expect(canDisplayInline('image/png')).toBe(true);
    expect(canDisplayInline('image/svg+xml')).toBe(false);
    expect(canDisplayInline('text/html; charset=utf-8')).toBe(false);
  });
});
