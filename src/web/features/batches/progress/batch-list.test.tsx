// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@contract/openapi-document';
import { getJournal } from '@/batch-engine/batch-journal';
import { batchRecord, rowRecord } from '@/testing/batch-records';
import { FakeV1Server } from '@/testing/fake-v1-server';
import { renderWithServer } from '@/testing/render';
import { BatchList } from './batch-list';

// Tracking is the engine's (its own tests); the list only holds it.
vi.mock('@/batch-engine/batch-runtime', () => ({ holdTracking: () => () => undefined }));

const WORKFLOW = '11111111-1111-4111-8111-111111111111';

const onServer = (fields: Partial<Schemas['Batch']>): Schemas['Batch'] => ({
  id: crypto.randomUUID(),
  workflow_id: WORKFLOW,
  file_name: 'people.csv',
  columns: ['Name'],
  mapping: {},
  row_count: 200,
  started_by: { id: crypto.randomUUID(), name: 'Sam from accounts' },
  created_at: '2026-11-26T10:00:00.000Z',
  rows_sent: 200,
  runs: 201,
  counts: { initial: 0, processing: 0, human_in_the_loop: 0, finished: 190, error: 10 },
  ...fields,
});

/** A batch of this browser's journal, created at `at`. */
async function inThisBrowser(id: string, fileName: string, at: string) {
  const rows = [rowRecord(0, { batchId: id, status: 'finished' })];
  await getJournal().create(
    batchRecord({ id, workflowId: WORKFLOW, fileName, createdAt: Date.parse(at), rowCount: 1 }, rows),
    rows,
  );
}

describe('the list of a workflow’s batches', () => {
  it('lists the batches others on the account started, newest first beside this browser’s, with who started each', async () => {
    const server = new FakeV1Server({ extensions: true });
    const mine = crypto.randomUUID();
    await inThisBrowser(mine, 'mine.csv', '2026-11-26T09:00:00.000Z');
    const theirs = onServer({ file_name: 'theirs.csv', created_at: '2026-11-26T11:00:00.000Z' });
    const older = onServer({ file_name: 'older.csv', created_at: '2026-11-26T08:00:00.000Z', started_by: null });
    const mineOnServer = onServer({ id: mine, file_name: 'mine.csv', started_by: { id: 'k', name: 'Dana' } });
    server.answer('GET', /^\/batches$/, () => Response.json({ data: [theirs, mineOnServer, older], cursor: null }));
    await renderWithServer(<BatchList workflowId={WORKFLOW} />, { server });

    const list = await screen.findByRole('list', { name: 'Batches of this workflow' });
    await within(list).findByRole('link', { name: 'theirs.csv' });
    expect(screen.getByText('Everyone on this account sees these batches; each resumes after a reload.')).toBeDefined();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getAllByRole('link')[0]!.textContent)).toEqual([
      'theirs.csv',
      'mine.csv',
      'older.csv',
    ]);
    expect(items[0]!.textContent).toContain('Started by Sam from accounts');
    expect(items[0]!.textContent).toContain('200 of 200 done');
    expect(within(items[0]!).getByRole('link', { name: /10 failed rows in theirs\.csv/ })).toBeDefined();
    expect(items[1]!.textContent).toContain('Started by Dana');
    expect(items[2]!.textContent).not.toContain('Started by');
    expect(
      server.requests.some((r) => r.path.includes(`/batches?`) && r.path.includes(`workflow_id=${WORKFLOW}`)),
    ).toBe(true);
  });

  it('loads older batches from the server a page at a time, when asked', async () => {
    const server = new FakeV1Server({ extensions: true });
    const newer = onServer({ file_name: 'november.csv', created_at: '2026-11-26T11:00:00.000Z' });
    const oldest = onServer({ file_name: 'october.csv', created_at: '2026-10-01T11:00:00.000Z' });
    server.answer('GET', /^\/batches$/, (request) =>
      request.path.includes('cursor=page-2')
        ? Response.json({ data: [oldest], cursor: null })
        : Response.json({ data: [newer], cursor: 'page-2' }),
    );
    const { user } = await renderWithServer(<BatchList workflowId={WORKFLOW} />, { server });

    const list = await screen.findByRole('list', { name: 'Batches of this workflow' });
    await within(list).findByRole('link', { name: 'november.csv' });
    expect(within(list).queryByRole('link', { name: 'october.csv' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByRole('link', { name: 'october.csv' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says batches are kept in this browser on a server that keeps none, and asks it for none', async () => {
    const server = new FakeV1Server();
    await inThisBrowser(crypto.randomUUID(), 'local.csv', '2026-11-26T09:00:00.000Z');
    await renderWithServer(<BatchList workflowId={WORKFLOW} />, { server });
    expect(await screen.findByText('Kept in this browser on this server; each resumes after a reload.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'local.csv' })).toBeDefined();
    expect(server.requests.some((r) => r.path.includes('/batches'))).toBe(false);
  });
});
