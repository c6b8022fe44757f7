// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import type { RunFilter } from './run-filter';
import { RunsView } from './runs-view';

/** The all-runs list with its filters held in state, as the runs page holds them in the URL. */
function AllRuns({ initial = {} }: { initial?: Partial<RunFilter> }) {
  const [filter, setFilter] = useState<RunFilter>({ status: 'all', ...initial });
  return (
    <RunsView
      scope={{ kind: 'all' }}
      filter={filter}
      onFilterChange={(next) => setFilter((prev) => ({ ...prev, ...next }))}
      empty={<p>No runs yet</p>}
    />
  );
}

/** Two workflows; Ana started two runs (one in a batch), Ben one. */
function server(extensions: boolean) {
  const s = new FakeV1Server({ extensions });
  const ana = s.addKey({ name: 'Ana’s laptop', secret: s.apiKey });
  const ben = s.addKey({ name: 'Ben' });
  const invoices = s.addWorkflow({ name: 'Invoice intake' });
  const contracts = s.addWorkflow({ name: 'Contract review' });
  const byAna = s.addExecution(invoices.id, { status: 'finished', startedBy: { key_id: ana.id, name: ana.name } });
  const inBatch = s.addExecution(contracts.id, {
    status: 'finished',
    startedBy: { key_id: ana.id, name: ana.name },
    batchId: '7d3c1b2a-0000-4000-8000-000000000001',
  });
  const byBen = s.addExecution(contracts.id, { status: 'error', startedBy: { key_id: ben.id, name: ben.name } });
  return { s, ana, ben, invoices, contracts, runs: { byAna, inBatch, byBen } };
}

const listedRuns = () =>
  within(screen.getByRole('list', { name: /runs/i }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('the runs page’s workflow, started-by and batch filters', () => {
  it('lists the account’s keys by name under Started by and asks the server for one key’s runs', async () => {
    const { s, ben, runs } = server(true);
    const { user } = await renderWithServer(<AllRuns />, { server: s });
    const startedBy = await screen.findByLabelText('Started by');
    await vi.waitFor(() =>
      expect(
        within(startedBy)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Anyone', 'Ben', 'Ana’s laptop']),
    );
    await user.selectOptions(startedBy, 'Ben');
    await vi.waitFor(() =>
      expect(s.seen('GET', /^\/executions$/).some((r) => r.path.includes(`started_by=${ben.id}`))).toBe(true),
    );
    await vi.waitFor(() => expect(listedRuns()).toHaveLength(1));
    expect(listedRuns()[0]).toContain(runs.byBen.id.slice(0, 8));
  });

  it('asks the server for one workflow’s runs and one batch’s runs where it declares the filters', async () => {
    const { s, contracts, runs } = server(true);
    await renderWithServer(
      <AllRuns initial={{ workflow: contracts.id, batch: '7d3c1b2a-0000-4000-8000-000000000001' }} />,
      { server: s },
    );
    await vi.waitFor(() => expect(listedRuns()).toHaveLength(1));
    expect(listedRuns()[0]).toContain(runs.inBatch.id.slice(0, 8));
    const asked = s.seen('GET', /^\/executions$/).map((r) => r.path);
    expect(asked.some((p) => p.includes(`workflow_id=${contracts.id}`) && p.includes('batch_id=7d3c1b2a'))).toBe(true);
    expect(screen.getByLabelText('Workflow')).toHaveProperty('value', contracts.id);
  });

  it('offers the batches kept on the server, whoever sent them, and asks the server for the chosen one’s runs', async () => {
    const { s, contracts, runs } = server(true);
    const shared = {
      id: '7d3c1b2a-0000-4000-8000-000000000001',
      workflow_id: contracts.id,
      file_name: 'contracts-november.csv',
      columns: ['Contract'],
      mapping: {},
      row_count: 1,
      started_by: { id: 'k-ben', name: 'Ben' },
      created_at: '2026-11-20T09:00:00.000Z',
      rows_sent: 1,
      runs: 1,
      counts: { initial: 0, processing: 0, human_in_the_loop: 0, finished: 1, error: 0 },
    };
    s.answer('GET', /^\/batches$/, () => Response.json({ data: [shared], cursor: null }));
    const { user } = await renderWithServer(<AllRuns initial={{ workflow: contracts.id }} />, { server: s });
    const batch = await screen.findByLabelText('Batch');
    await vi.waitFor(() =>
      expect(
        within(batch)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any batch or single run', expect.stringMatching(/^contracts-november\.csv · .+ · Ben$/)]),
    );
    await user.selectOptions(batch, shared.id);
    await vi.waitFor(() => expect(listedRuns()).toHaveLength(1));
    expect(listedRuns()[0]).toContain(runs.inBatch.id.slice(0, 8));
    expect(s.seen('GET', /^\/executions$/).some((r) => r.path.includes(`batch_id=${shared.id}`))).toBe(true);
  });

  it('on a plain v1 server offers no Started by filter and reads a chosen workflow from its own list', async () => {
    const { s, invoices, runs } = server(false);
    await renderWithServer(<AllRuns initial={{ workflow: invoices.id }} />, { server: s });
    await vi.waitFor(() => expect(listedRuns()).toHaveLength(1));
    expect(listedRuns()[0]).toContain(runs.byAna.id.slice(0, 8));
    await vi.waitFor(() => expect(listedRuns()[0]).toContain('Invoice intake'));
    expect(screen.queryByLabelText('Started by')).toBeNull();
    expect(s.seen('GET', new RegExp(`^/workflows/${invoices.id}/executions$`)).length).toBeGreaterThan(0);
    expect(s.seen('GET', /^\/workflows\/[^/]+\/executions$/).every((r) => r.path.includes(invoices.id))).toBe(true);
  });

  it('filters by who started in the browser where the server lists keys but cannot filter by them', async () => {
    const { s, ana, runs } = server(true);
    // A server from before the filter: the same answers, but the contract does not declare started_by.
    s.answer('GET', /^\/openapi\.json$/, async () => {
      const { openApiDocument } = await import('@contract/openapi-document');
      const doc = structuredClone(openApiDocument) as unknown as {
        paths: Record<string, { get: { parameters: { $ref?: string }[] } }>;
      };
      const list = doc.paths['/executions']!.get;
      list.parameters = list.parameters.filter((p) => !p.$ref?.endsWith('StartedByFilter'));
      return Response.json(doc);
    });
    await renderWithServer(<AllRuns initial={{ startedBy: ana.id }} />, { server: s });
    await vi.waitFor(() => expect(listedRuns()).toHaveLength(2));
    expect(listedRuns().join('\n')).not.toContain(runs.byBen.id.slice(0, 8));
    expect(s.seen('GET', /^\/executions$/).some((r) => r.path.includes('started_by'))).toBe(false);
  });
});
