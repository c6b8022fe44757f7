import { expect, type APIRequestContext } from '@playwright/test';
import { PROMPTS } from './prompts';

/** Starts one run through the API, as another tool or person would, and returns its id. */
export async function startRun(
  api: APIRequestContext,
  workflowId: string,
  input: Record<string, unknown>,
): Promise<string> {
  const res = await api.post(`workflows/${workflowId}/executions`, { data: { input } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { execution_id: string }).execution_id;
}

/** Waits until the run's status is `status`, or one of them. */
export async function waitForStatus(
  api: APIRequestContext,
  workflowId: string,
  id: string,
  status: string | string[],
): Promise<void> {
  const wanted = new RegExp(`^(${[status].flat().join('|')})$`);
  await expect
    .poll(
      async () =>
        ((await (await api.get(`workflows/${workflowId}/executions/${id}`)).json()) as { status: string }).status,
      { timeout: 60_000, intervals: [250, 500] },
    )
    .toMatch(wanted);
}

/** Starts a run and waits until its status is `status` (or one of them); returns its id. */
export async function runUntil(
  api: APIRequestContext,
  workflowId: string,
  input: Record<string, unknown>,
  status: string | string[],
): Promise<string> {
  const id = await startRun(api, workflowId, input);
  await waitForStatus(api, workflowId, id, status);
  return id;
}

/**
 * Journeys share the server and the key, and some leave runs waiting (a rejected slip undone, a
 * page closed before deciding). Journeys that count waiting runs (the inbox, the header's count)
 * reject those first on the local service; a strict server has no way to decide through its
 * API, and runs only the journeys tagged for both modes, none of which leaves a run waiting.
 */
export async function rejectRunsAlreadyWaiting(api: APIRequestContext): Promise<void> {
  const res = await api.get('executions?status=human_in_the_loop&limit=100');
  if (!res.ok()) return;
  const { data } = (await res.json()) as { data: Array<{ id: string; workflow_id: string }> };
  for (const run of data) {
    const decided = await api.post(`workflows/${run.workflow_id}/executions/${run.id}/approval`, {
      data: { approved: false, comment: 'cleared before a journey that counts waiting runs' },
    });
    expect(decided.ok(), await decided.text()).toBe(true);
  }
}

/**
 * The only runs waiting for approval: a new approval workflow named `name` with one waiting run per
 * company, after rejecting whatever waited before (so counts and inboxes hold just these).
 */
export async function onlyWaitingRuns<const Companies extends readonly string[]>(
  api: APIRequestContext,
  readyWorkflow: (prompt: string, name?: string) => Promise<{ id: string }>,
  name: string,
  companies: Companies,
): Promise<{ workflowId: string; runs: { [K in keyof Companies]: string } }> {
  await rejectRunsAlreadyWaiting(api);
  const { id: workflowId } = await readyWorkflow(PROMPTS.approval, name);
  const runs: string[] = [];
  for (const company of companies)
    runs.push(await runUntil(api, workflowId, { company_name: company }, 'human_in_the_loop'));
  return { workflowId, runs: runs as { [K in keyof Companies]: string } };
}
