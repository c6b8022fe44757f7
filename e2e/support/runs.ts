import { expect, type APIRequestContext } from '@playwright/test';

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
