import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ExecutionCreateResponse,
  WorkflowCreateResponse,
  WorkflowDetail,
} from '../../../../contract/openapi-document';
import { planWorkflow } from '../../../planner/plan';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_B, reportStep, type TestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Err = { error: string };

const svc = useTestService();
const url = (id: string) => `/api/v1/workflows/${id}`;

async function planned(prompt: string): Promise<string> {
  const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', { body: { prompt } });
  await svc.engine.idle();
  return created.body.id;
}

async function runOnce(id: string, input: object = { name: 'Ann' }): Promise<string> {
  const res = await svc.call<ExecutionCreateResponse>('POST', `${url(id)}/executions`, { body: { input } });
  expect(res.status).toBe(201);
  return res.body.execution_id;
}

/** How many rows a count query found (PostgreSQL counts as bigint, which arrives as a string). */
async function counted(query: {
  executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }>;
}): Promise<number> {
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Step records and files of the workflow's executions, and those whose execution is gone. */
async function rows(service: TestService, id: string) {
  const db = service.store.kysely;
  const ofWorkflow = db.selectFrom('executions').select('id').where('workflow_id', '=', id);
  const anyExecution = db.selectFrom('executions').select('id');
  const gone = (table: 'files' | 'execution_steps') =>
    counted(
      db
        .selectFrom(table)
        .where('execution_id', 'not in', anyExecution)
        .select((eb) => eb.fn.countAll().as('n')),
    );
  const of = (table: 'files' | 'execution_steps') =>
    counted(
      db
        .selectFrom(table)
        .where('execution_id', 'in', ofWorkflow)
        .select((eb) => eb.fn.countAll().as('n')),
    );
  return {
    executions: await counted(
      db
        .selectFrom('executions')
        .where('workflow_id', '=', id)
        .select((eb) => eb.fn.countAll().as('n')),
    ),
    files: await of('files'),
    steps: await of('execution_steps'),
    orphans: (await gone('files')) + (await gone('execution_steps')),
  };
}

describe('PATCH /workflows/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = await svc.addWorkflow({ steps: [reportStep()] });
  });

  it('renames a workflow and edits its description, answering the detail', async () => {
    const res = await svc.call<WorkflowDetail>('PATCH', url(id), {
      body: { name: '  Invoice Summary ', description: 'Sums up invoices' },
    });
    expect(res.status).toBe(200);
    assertMatchesContract('updateWorkflow', 200, res.body);
    expect(res.body).toMatchObject({ id, name: 'Invoice Summary', description: 'Sums up invoices', status: 'ready' });
    expect((await svc.call<WorkflowDetail>('GET', url(id))).body.name).toBe('Invoice Summary');
  });

  it('changes only the fields given', async () => {
    const res = await svc.call<WorkflowDetail>('PATCH', url(id), { body: { description: 'Only this' } });
    expect(res.body).toMatchObject({ name: 'Invoice Summary', description: 'Only this' });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name must not be blank'],
    ['an empty name', { name: '' }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a description over 2,000 characters', { description: 'x'.repeat(2001) }, 'description'],
    ['no field', {}, ''],
    ['an unknown field', { prompt: 'no' }, 'prompt'],
  ])('refuses %s with 400', async (_label, body, words) => {
    const res = await svc.call<Err>('PATCH', url(id), { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(words);
  });

  it("answers 404 for another account's workflow, as GET does", async () => {
    const res = await svc.call<Err>('PATCH', url(id), { body: { name: 'Mine now' }, key: KEY_B });
    expect(res.status).toBe(404);
    expect((await svc.call<WorkflowDetail>('GET', url(id))).body.name).toBe('Invoice Summary');
  });
});

describe('POST /workflows/{id}/replan', () => {
  it('re-plans in place from the new prompt, keeping the runs', async () => {
    const id = await planned('Summarize a support ticket from its text');
    // The ticket's one input, whatever the planner keys it.
    const [ticketKey] = Object.keys(
      (await svc.call<WorkflowDetail>('GET', url(id))).body.input_schema?.properties ?? {},
    );
    const executionId = await runOnce(id, { [ticketKey!]: 'The printer is on fire' });
    await svc.engine.idle();
    expect((await svc.call<WorkflowDetail>('GET', url(id))).body.name).toBe('Support Ticket Summary');
    const prompt = 'Enrich a lead from its email address and company website';
    const res = await svc.call<WorkflowDetail>('POST', `${url(id)}/replan`, { body: { prompt } });
    expect(res.status).toBe(202);
    assertMatchesContract('replanWorkflow', 202, res.body);
    expect(res.body).toMatchObject({ id, status: 'planning', input_schema: null, prompt });
    await svc.engine.idle();
    const after = (await svc.call<WorkflowDetail>('GET', url(id))).body;
    expect(after).toMatchObject({ status: 'ready', name: 'Lead Enrichment' });
    expect(Object.keys((after.input_schema?.properties ?? {}) as object)).toEqual(['email', 'company_website']);
    const old = await svc.call<{ status: string }>('GET', `${url(id)}/executions/${executionId}`);
    expect(old.body.status).toBe('finished');
    // Runs after re-planning are checked against the new input schema.
    const bad = await svc.call<Err>('POST', `${url(id)}/executions`, { body: { input: { support_ticket: 'x' } } });
    expect(bad.status).toBe(400);
  });

  it('keeps a name the user gave', async () => {
    const id = await planned('Summarize a support ticket from its text');
    await svc.call('PATCH', url(id), { body: { name: 'My Triage' } });
    await svc.call('POST', `${url(id)}/replan`, { body: { prompt: 'Check a refund request from its order id' } });
    await svc.engine.idle();
    expect((await svc.call<WorkflowDetail>('GET', url(id))).body).toMatchObject({ name: 'My Triage', status: 'ready' });
  });

  it('writes a new description for the new plan, even after a rename sent the generated one back unchanged', async () => {
    const id = await planned('Summarize a support ticket from its text');
    const before = (await svc.call<WorkflowDetail>('GET', url(id))).body;
    await svc.call('PATCH', url(id), { body: { name: 'Ticket digest', description: before.description } });
    const prompt = 'Write a company brief from a company name and its website as an HTML page';
    await svc.call('POST', `${url(id)}/replan`, { body: { prompt } });
    await svc.engine.idle();
    const after = (await svc.call<WorkflowDetail>('GET', url(id))).body;
    expect(after).toMatchObject({ name: 'Ticket digest', status: 'ready' });
    expect(after.description).toBe(planWorkflow(prompt, {}).description);
    expect(after.description).toContain('an HTML page');
  });

  it('keeps a description the user wrote', async () => {
    const id = await planned('Summarize a support ticket from its text');
    await svc.call('PATCH', url(id), { body: { description: 'Our triage notes' } });
    await svc.call('POST', `${url(id)}/replan`, { body: { prompt: 'Check a refund request from its order id' } });
    await svc.engine.idle();
    expect((await svc.call<WorkflowDetail>('GET', url(id))).body.description).toBe('Our triage notes');
  });

  it('stamps updated_at at the re-plan and at the new plan, never ahead of the wall clock', async () => {
    const id = await planned('Summarize a support ticket from its text');
    const created = (await svc.call<WorkflowDetail>('GET', url(id))).body;
    const asked = Date.now();
    const answer = await svc.call<WorkflowDetail>('POST', `${url(id)}/replan`, { body: { prompt: 'Write a memo' } });
    const answered = Date.now();
    const replanned = Date.parse(answer.body.updated_at);
    expect(replanned).toBeGreaterThanOrEqual(asked - 1);
    expect(replanned).toBeLessThanOrEqual(answered);
    await svc.engine.idle();
    const ready = (await svc.call<WorkflowDetail>('GET', url(id))).body;
    expect(Date.parse(ready.updated_at)).toBeGreaterThanOrEqual(replanned);
    expect(Date.parse(ready.updated_at)).toBeLessThanOrEqual(Date.now());
    expect(ready.created_at).toBe(created.created_at);
  });

  it('refuses while a run waits for approval (it would resume under other steps)', async () => {
    const id = await svc.addWorkflow({ steps: [reportStep(), { kind: 'approval', message: 'Check' }, reportStep()] });
    await runOnce(id);
    await svc.engine.idle();
    const res = await svc.call<Err>('POST', `${url(id)}/replan`, { body: { prompt: 'Something else' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('1 run is waiting, processing or waiting for approval; cancel or finish them first');
  });

  it.each([
    ['a blank prompt', { prompt: '  ' }],
    ['no prompt', {}],
    ['a prompt over 20,000 characters', { prompt: 'x'.repeat(20001) }],
  ])('refuses %s with 400', async (_label, body) => {
    const id = await svc.addWorkflow({ steps: [reportStep()] });
    expect((await svc.call('POST', `${url(id)}/replan`, { body })).status).toBe(400);
  });

  it("answers 404 for another account's workflow", async () => {
    const id = await svc.addWorkflow({ steps: [reportStep()] });
    const res = await svc.call('POST', `${url(id)}/replan`, { body: { prompt: 'Mine' }, key: KEY_B });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /workflows/{id}', () => {
  it('deletes the workflow with its executions, their steps and files', async () => {
    const id = await svc.addWorkflow({ steps: [reportStep()] });
    const run = await runOnce(id);
    await runOnce(id, { name: 'Bo' });
    await svc.engine.idle();
    expect(await rows(svc, id)).toEqual({ executions: 2, files: 2, steps: 2, orphans: 0 });
    // Read once while it exists, so the service has it among the ended runs it remembers.
    expect((await svc.call('GET', `${url(id)}/executions/${run}`)).status).toBe(200);
    const res = await svc.call('DELETE', url(id));
    expect(res.status).toBe(204);
    expect((await svc.call<Err>('GET', url(id))).status).toBe(404);
    expect((await svc.call<Err>('GET', `${url(id)}/executions/${run}`)).status).toBe(404);
    expect(await rows(svc, id)).toEqual({ executions: 0, files: 0, steps: 0, orphans: 0 });
    expect((await svc.call('DELETE', url(id))).status).toBe(404);
  });

  it("answers 404 for another account's workflow and keeps it", async () => {
    const id = await svc.addWorkflow({ steps: [reportStep()] });
    expect((await svc.call('DELETE', url(id), { key: KEY_B })).status).toBe(404);
    expect((await svc.call('GET', url(id))).status).toBe(200);
  });
});

describe('DELETE while runs are processing', () => {
  const slow = useTestService({ WORKFLOW_TIME_SCALE: '0.05' });

  it('leaves the engine running: the runs in flight end without writing', async () => {
    const id = await slow.addWorkflow({ steps: [reportStep('a.md'), reportStep('b.md')] });
    const other = await slow.addWorkflow({ steps: [reportStep()] });
    for (const name of ['Ann', 'Bo', 'Cy']) {
      await slow.call('POST', `${url(id)}/executions`, { body: { input: { name } } });
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const processing = slow.store.kysely
      .selectFrom('executions')
      .where('status', '=', 'processing')
      .select((eb) => eb.fn.countAll().as('n'));
    expect(await counted(processing)).toBeGreaterThan(0);
    expect((await slow.call('DELETE', url(id))).status).toBe(204);
    await slow.engine.idle();
    expect(await rows(slow, id)).toEqual({ executions: 0, files: 0, steps: 0, orphans: 0 });
    const run = await slow.call<ExecutionCreateResponse>('POST', `${url(other)}/executions`, {
      body: { input: { name: 'Di' } },
    });
    await slow.engine.idle();
    const done = await slow.call<{ status: string }>('GET', `${url(other)}/executions/${run.body.execution_id}`);
    expect(done.body.status).toBe('finished');
  });
});

describe('DELETE while a run writes', () => {
  const busy = useTestService();

  it('waits for a step record being written and deletes it too, instead of answering 500', async () => {
    const id = await busy.addWorkflow({ steps: [reportStep()] });
    const res = await busy.call<ExecutionCreateResponse>('POST', `${url(id)}/executions`, {
      body: { input: { name: 'Ann' } },
    });
    await busy.engine.idle();
    // As a run in flight does: a step record written in a transaction still open when the DELETE arrives.
    let deleted: Promise<{ status: number }> | undefined;
    await busy.store.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('execution_steps')
        .values({ execution_id: res.body.execution_id, position: 99, status: 'processing', started_at: '2026-01-01' })
        .execute();
      deleted = busy.call('DELETE', url(id));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await deleted!).status).toBe(204);
    expect(await rows(busy, id)).toEqual({ executions: 0, files: 0, steps: 0, orphans: 0 });
  });
});

describe('strict-v1 mode', () => {
  const strict = useTestService({ WORKFLOW_STRICT_V1: '1' });

  // As a v1 server: a new path is no route (404); a new method on the workflow's path is not allowed (405, Allow: GET).
  it.each([
    ['PATCH', '', { name: 'New' }, 405, /^method PATCH is not allowed on .*; use GET/],
    ['POST', '/replan', { prompt: 'New' }, 404, /^no route POST /],
    ['DELETE', '', undefined, 405, /^method DELETE is not allowed on .*; use GET/],
  ] as const)('has no %s …%s route', async (method, suffix, body, status, error) => {
    const id = await strict.addWorkflow({ steps: [reportStep()] });
    const res = await strict.call<Err>(method, `${url(id)}${suffix}`, { body });
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(error);
    const detail = await strict.call<WorkflowDetail>('GET', url(id));
    expect(detail.body.name).toBe('Test workflow');
    expect(detail.body).not.toHaveProperty('prompt');
  });
});
