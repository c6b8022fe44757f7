import { describe, expect, it } from 'vitest';
import { fileExtension } from '@contract/media-types';
import { isTextKind, mediaType, pickPreview, typeLabel } from './pick-preview';

describe('pickPreview', () => {
  it.each([
    ['report.md', 'markdown'],
    ['README.MARKDOWN', 'markdown'],
    ['table.csv', 'csv'],
    ['table.TSV', 'tsv'],
    ['page.html', 'html'],
    ['page.htm', 'html'],
    ['data.json', 'json'],
    ['notes.txt', 'text'],
    ['run.log', 'text'],
    ['events.ndjson', 'text'],
    ['chart.png', 'image'],
    ['photo.JPeG', 'image'],
    ['diagram.svg', 'image'],
    ['invoice.pdf', 'pdf'],
    ['archive.zip', 'download'],
    ['sheet.xlsx', 'download'],
  ] as const)('chooses the preview for %s by its extension (%s)', (filename, kind) => {
    expect(pickPreview(filename)).toBe(kind);
  });

  it('prefers the extension over a generic content type', () => {
    expect(pickPreview('table.csv', 'application/octet-stream')).toBe('csv');
    expect(pickPreview('data.json', 'text/plain')).toBe('json');
  });

  it.each([
    ['text/csv; charset=utf-8', 'csv'],
    ['text/tab-separated-values', 'tsv'],
    ['Text/HTML', 'html'],
    ['application/json', 'json'],
    ['application/vnd.api+json', 'json'],
    ['text/markdown', 'markdown'],
    ['image/webp', 'image'],
    ['image/svg+xml', 'image'],
    ['application/pdf', 'pdf'],
    ['text/x-python', 'text'],
    ['application/atom+xml', 'text'],
    ['application/zip', 'download'],
  ] as const)('falls back to the content type %s when the name has no known extension', (type, kind) => {
    expect(pickPreview('result', type)).toBe(kind);
    expect(pickPreview('result.bin', type)).toBe(kind);
  });

  it('treats inline content with an unknown name and type as text, because the server only inlines text', () => {
    expect(pickPreview('output', undefined, true)).toBe('text');
    expect(pickPreview('output', undefined, false)).toBe('download');
  });

  it('ignores dots in folder names and leading dots of hidden files', () => {
    expect(pickPreview('v1.2/output')).toBe('download');
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('dir.d/file.CSV')).toBe('csv');
  });
});

describe('helpers', () => {
  it('reduces a content type header to its bare media type', () => {
    expect(mediaType(' Text/CSV ; charset=UTF-8')).toBe('text/csv');
    expect(mediaType(null)).toBe('');
  });

  it('marks only url-loaded kinds as non-text', () => {
    expect(isTextKind('csv')).toBe(true);
    expect(isTextKind('image')).toBe(false);
    expect(isTextKind('pdf')).toBe(false);
    expect(isTextKind('download')).toBe(false);
  });

  it('labels files by kind and extension', () => {
    expect(typeLabel('a.png', 'image')).toBe('PNG image');
    expect(typeLabel('a.csv', 'csv')).toBe('CSV');
    expect(typeLabel('a.yaml', 'text')).toBe('YAML');
    expect(typeLabel('a.txt', 'text')).toBe('Text');
    expect(typeLabel('a.zip', 'download')).toBe('ZIP file');
    expect(typeLabel('blob', 'download')).toBe('File');
  });
});
