import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ResultFile } from '@contract/openapi-document';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { loadPdf, looksLikePdf } from './pdf-source';
import { PdfPreviewBody, type ShownState } from './pdf-preview';

const file: ResultFile = { filename: 'invoice.pdf', url: 'https://files.example/invoice.pdf?sig=abc' };
const resolver: LinkResolver = { peek: () => file, fresh: async () => file, update: () => undefined };
const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const HOSTILE_PAGE = '<!doctype html><script>parent.document.title="pwned"</script><p>Invoice</p>';

const fetchAnswering = (body: BodyInit, headers: Record<string, string>) =>
  vi.fn(async () => new Response(body, { headers })) as unknown as typeof fetch;

/** The preview's markup for a state; a checked PDF only ever reaches the body as a blob URL. */
const render = (state: Awaited<ReturnType<typeof loadPdf>> | ShownState) => {
  if (state.status === 'pdf') throw new Error('a PDF is shown through its blob URL');
  return renderToStaticMarkup(<PdfPreviewBody file={file} resolver={resolver} state={state} />);
};

describe('looksLikePdf', () => {
  it('knows a PDF by its %PDF- header, also after a little leading junk, and nothing else', () => {
    expect(looksLikePdf(PDF_BYTES)).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode(`\r\n  ${'%PDF-1.4'}`))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode(HOSTILE_PAGE))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode(`${' '.repeat(2000)}%PDF-1.4`))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });
});

describe('loadPdf', () => {
  it('refuses an HTML page answered for a .pdf link, so nothing of it is framed', async () => {
    const fetchImpl = fetchAnswering(HOSTILE_PAGE, { 'content-type': 'text/html; charset=utf-8' });
    const state = await loadPdf(resolver, file.filename, { fetchImpl });
    expect(state).toEqual({ status: 'not-pdf', contentType: 'text/html' });

    const html = render(state);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<object');
    expect(html).not.toContain('<embed');
    expect(html).toContain('This file is not a PDF');
    expect(html).toMatch(/<a[^>]*href="https:\/\/files\.example\/invoice\.pdf\?sig=abc"[^>]*download=/);
  });

  it('refuses an HTML page even when the server calls it application/pdf', async () => {
    const fetchImpl = fetchAnswering(HOSTILE_PAGE, { 'content-type': 'application/pdf' });
    expect(await loadPdf(resolver, file.filename, { fetchImpl })).toEqual({
      status: 'not-pdf',
      contentType: 'application/pdf',
    });
  });

  it('keeps the bytes of a real PDF as a blob typed application/pdf, whatever type the server named', async () => {
    const fetchImpl = fetchAnswering(PDF_BYTES, { 'content-type': 'application/octet-stream' });
    const state = await loadPdf(resolver, file.filename, { fetchImpl });
    expect(state.status).toBe('pdf');
    if (state.status !== 'pdf') return;
    expect(state.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await state.blob.arrayBuffer())).toEqual(PDF_BYTES);
  });

  it('says honestly when the file host does not let the dashboard read the file, and offers the download', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const state = await loadPdf(resolver, file.filename, { fetchImpl });
    expect(state.status).toBe('unreachable');

    const html = render(state);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('cannot be shown here');
    expect(html).toContain('download=');
  });

  it('asks for a fresh link once when the first one was rejected', async () => {
    let calls = 0;
    const fetchImpl = vi.fn(async () => {
      calls += 1;
      return calls === 1
        ? new Response('expired', { status: 403 })
        : new Response(PDF_BYTES, { headers: { 'content-type': 'application/pdf' } });
    }) as unknown as typeof fetch;
    const fresh = vi.fn(async () => file);
    const state = await loadPdf({ fresh }, file.filename, { fetchImpl });
    expect(state.status).toBe('pdf');
    expect(fresh).toHaveBeenLastCalledWith(file.filename, { force: true });
  });

  it('stops reading a PDF past the preview limit and offers the download instead', async () => {
    const fetchImpl = fetchAnswering(PDF_BYTES, { 'content-type': 'application/pdf', 'content-length': '999999999' });
    const state = await loadPdf(resolver, file.filename, { fetchImpl, limit: 1000 });
    expect(state).toEqual({ status: 'too-large', bytes: 999_999_999, limit: 1000 });
    expect(render(state)).not.toContain('<iframe');
  });
});

describe('PdfPreviewBody', () => {
  it('frames only the checked blob and opens the same blob in a new tab', () => {
    const html = render({ status: 'ready', blobUrl: 'blob:http://localhost/1234' });
    const frames = html.match(/<iframe[^>]*>/g) ?? [];
    expect(frames).toHaveLength(1);
    expect(frames[0]).toContain('src="blob:http://localhost/1234"');
    expect(html).toMatch(/<a[^>]*href="blob:http:\/\/localhost\/1234"[^>]*>Open the PDF in a new tab/);
  });
});
