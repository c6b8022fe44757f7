// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchRecord, rowRecord } from '@/testing/batch-records';
import { captureDownloads } from '@/testing/downloads';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { ExportsPanel } from './exports-panel';

// Gathering runs in the engine (its own tests); the panel only shows its progress.
const engine = vi.hoisted(() => ({
  gatheringState: vi.fn<(batchId: string) => unknown>(() => undefined),
  subscribeRuntime: vi.fn(() => () => undefined),
}));
vi.mock('@/batch-engine/batch-runtime', () => engine);
beforeEach(() => engine.gatheringState.mockReturnValue(undefined));
afterEach(() => void vi.restoreAllMocks());

const REPORT_URL = 'https://files.example/leads/row-1/report.md?sig=abc';
const LOST_URL = 'https://files.example/leads/row-3/brochure.pdf?sig=expired';

/** Four rows: two finished with a file each (a text not gathered yet, a PDF whose link broke), one failed, one not sent. */
function rows() {
  return [
    rowRecord(0, {
      status: 'finished',
      cells: ['=HYPERLINK("x")', 'acme.com'],
      results: [{ filename: 'report.md', url: REPORT_URL }],
    }),
    rowRecord(1, { status: 'error', error: 'The website did not answer.', results: null }),
    rowRecord(2, { status: 'finished', results: [{ filename: 'brochure.pdf', url: LOST_URL }] }),
    rowRecord(3, { status: 'unsent' }),
  ];
}

async function renderPanel(batchRows = rows()) {
  const server = new FakeV1Server();
  server.files.set(REPORT_URL, '# Acme\n\nA report.');
  const rendered = await renderWithServer(<ExportsPanel batch={batchRecord({}, batchRows)} rows={batchRows} />, {
    server,
  });
  return rendered;
}

const holds = () => screen.getByRole('status', { name: 'What the downloads hold' });

describe('ExportsPanel', () => {
  it('says what the downloads hold and what is still missing', async () => {
    await renderPanel();

    expect(holds().textContent).toContain('Holds 4 rows and 2 result files from 2 rows.');
    expect(holds().textContent).toContain('1 row has not finished yet.');
    expect(holds().textContent).toContain('1 result is still being collected;');
    expect(holds().textContent).not.toContain('Nothing is missing');
  });

  it('says nothing is missing once every row is done and every result is in', async () => {
    const done = rows().slice(0, 3);
    done[0] = { ...done[0]!, results: [{ filename: 'report.md', url: REPORT_URL, content: '# Acme' }] };
    await renderPanel(done);

    expect(holds().textContent).toContain('Nothing is missing: every row is done and every result is in.');
  });

  it('saves the results as a CSV named after the upload, with formulas kept as text', async () => {
    const downloads = captureDownloads();
    const { user } = await renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download results (CSV)' }));

    expect(downloads.map((d) => d.name)).toEqual(['leads-results.csv']);
    const csv = await downloads[0]!.blob.text();
    expect(csv).toContain(`'=HYPERLINK`);
    expect(csv).toContain('The website did not answer.');
    const saved = screen.getByText(/^Saved leads-results\.csv/).textContent;
    expect(saved).toContain('Saved leads-results.csv: 4 rows, 2 files. Still missing: 1 row has not finished yet.');
    expect(saved).toContain('1 result is still being collected;');
  });

  it('zips every file it can download, one folder per row, and names the ones it could not', async () => {
    const downloads = captureDownloads();
    const { user } = await renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download all files (zip)' }));

    await vi.waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['leads-files.zip']));
    const files = unzipSync(new Uint8Array(await downloads[0]!.blob.arrayBuffer()));
    expect(new TextDecoder().decode(files['row-0001/report.md'])).toBe('# Acme\n\nA report.');
    expect(new TextDecoder().decode(files['MISSING-FILES.txt'])).toContain('row-0003/brochure.pdf');
    expect(files['row-0003/brochure.pdf']).toBeUndefined();
    const saved = screen.getByText(/^Saved leads-files\.zip/).textContent;
    expect(saved).toContain('Saved leads-files.zip: 4 rows, 1 file.');
    expect(saved).toContain('1 file could not be downloaded (listed in MISSING-FILES.txt).');
  });

  it('offers no zip while no row has result files, and says why', async () => {
    await renderPanel([rowRecord(0, { status: 'processing' }), rowRecord(1, { status: 'unsent' })]);

    const zip = screen.getByRole('button', { name: 'Download all files (zip)' });
    expect(zip.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No result files yet, so there is nothing to zip.',
    );
  });

  it('shows how far this tab has gathered the results', async () => {
    engine.gatheringState.mockReturnValue({ rowsWithResults: 1, rowsTotal: 3, filesFetched: 2, filesMissing: 2 });
    await renderPanel();

    expect(screen.getByText(/^Gathering results:/).textContent).toBe(
      'Gathering results: 1 of 3 rows, 2 texts collected',
    );
    const bar = screen.getByRole('progressbar', { name: 'Results gathered' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([2, 4]);
  });
});
