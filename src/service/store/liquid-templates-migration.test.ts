import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKFLOWS } from '../accounts/demo-workflows';
import { manualClock } from '../clock';
import { PlanCache } from '../engine/plans';
import { fileText } from '../steps/output-files';
import { runStep } from '../steps/run-step';
import type { OutputFile } from '../steps/step-io';
import type { StepSpec } from '../workflow/plan-types';
import { liquidTemplates, planToLiquid } from './db/legacy-templates/liquid-templates';
import { MIGRATIONS } from './db/migrations';
import type { Database } from './db/schema';
import type { Store } from './store';
import { useMigratedStore } from './test-support/database-before';
import stored from './test-support/stored-demo-plans.json';

/**
 * The demo workflows' steps as the planner saved them before templates were Liquid (no `syntax`),
 * with every file they produced then. A workflow in a user's data directory must keep producing the
 * same files once the migration has converted its templates. The changes are deliberate: the status
 * template's plain text ends in "- " where it ended in "-", since a bare "-" is an empty list item in
 * CommonMark (the old reader took it for text); CSV files quote every field (issue 19); the
 * certificate PDF keeps its spaces and draws its table as a grid; HTML is written by
 * rehype-stringify, which puts each table row and cell on its own line (issue 34).
 */
const fixture = stored as { plans: Record<string, StepSpec[]>; results: Record<string, Record<string, string>> };

const clock = manualClock(Date.UTC(2026, 10, 28, 12));
const AT = '2026-11-01T00:00:00.000000Z';
const migrated = useMigratedStore(clock);

/** Approval messages in the older syntax (escape none), with an input and what the old syntax rendered. */
const MESSAGES = [
  {
    template: '{{#each people}}{{@number}}. {{this.name}} ({{@index}})\n{{else}}nobody\n{{/each}}',
    input: { people: [{ name: 'Ann' }, { name: 'Bo' }] },
    rendered: '1. Ann (0)\n2. Bo (1)\n',
  },
  {
    template: '{{#each rows}}{{name}}@{{shop}} {{/each}}',
    input: { shop: 'Corner', rows: [{ name: 'tea' }, { name: 'jam', shop: 'Deli' }] },
    rendered: 'tea@Corner jam@Deli ',
  },
  {
    template:
      '{{#if tone == "formal"}}Dear{{else}}Hi{{/if}} {{#if vip}}VIP{{else}}guest{{/if}} {{#if tone != "formal"}}!{{/if}}',
    input: { tone: 'casual', vip: false },
    rendered: 'Hi guest !',
  },
  {
    template: 'a {% raw %} {{ not a path }} {{x}} {',
    input: { x: 1 },
    rendered: 'a {% raw %} {{ not a path }} 1 {',
  },
];

/** A plan already in Liquid: the migration must leave it byte for byte. */
const LIQUID_PLAN = JSON.stringify([{ kind: 'approval', message: 'Hi {{ input.name }}', syntax: 'liquid' }]);

/** More workflows than one batch of the migration reads, so it must page through them. */
const MANY = 450;

const approval = (message: { template: string }) => ({ kind: 'approval', message: message.template });

function workflowRow(id: string, steps: string | null) {
  return {
    id,
    account_id: 'acct',
    name: id,
    description: 'D',
    prompt: 'P',
    name_given: 1 as const,
    description_given: 1 as const,
    status: steps === null ? ('planning' as const) : ('ready' as const),
    planning_error: null,
    input_schema: '{}',
    steps,
    concurrency: 'low' as const,
    created_at: AT,
    updated_at: AT,
  };
}

async function fill(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ id: 'acct', name: 'acct', key_hash: 'hash', created_at: AT, revoked_at: null, source: 'command' })
    .execute();
  const rows = [
    ...Object.entries(fixture.plans).map(([name, steps]) => workflowRow(`demo ${name}`, JSON.stringify(steps))),
    ...MESSAGES.map((message, i) => workflowRow(`message ${i}`, JSON.stringify([approval(message)]))),
    workflowRow('liquid', LIQUID_PLAN),
    workflowRow('planning', null),
    workflowRow('not a plan', '{"steps":'),
  ];
  for (let i = 0; i < MANY; i++)
    rows.push(workflowRow(`many ${String(i).padStart(4, '0')}`, JSON.stringify([approval(MESSAGES[0]!)])));
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('workflows')
      .values(rows.slice(i, i + 100))
      .execute();
}

function databaseBeforeLiquid(): Promise<Store> {
  return migrated(MIGRATIONS.indexOf(liquidTemplates), fill);
}

/** The plan of a workflow as the engine reads it for a run. */
async function planOf(store: Store, id: string): Promise<StepSpec[]> {
  const workflow = await store.workflows.byId(id);
  const plan = workflow && new PlanCache().get(workflow);
  if (!plan) throw new Error(`no ready plan for ${id}`);
  return plan.steps;
}

async function runAll(steps: StepSpec[], input: Record<string, unknown>): Promise<Record<string, string>> {
  let files: OutputFile[] = [];
  let previous: OutputFile[] = [];
  const produced: Record<string, string> = {};
  for (const step of steps) {
    const outcome = await runStep(step, { input, files, previous });
    if (outcome.kind === 'approval') {
      produced.approval = outcome.message;
      continue;
    }
    files = [...files, ...outcome.files];
    if (outcome.files.length > 0) previous = outcome.files;
  }
  for (const file of files)
    produced[file.filename] = file.filename.endsWith('.pdf')
      ? createHash('sha256').update(file.data).digest('hex')
      : fileText(file);
  return produced;
}

const TEMPLATE_KINDS = new Set(['markdown_report', 'pdf_document', 'approval']);

describe('the migration of stored templates to Liquid', () => {
  it('converts the demo workflows saved before Liquid, which then produce the same files', async () => {
    const store = await databaseBeforeLiquid();
    let converted = 0;
    for (const demo of DEMO_WORKFLOWS) {
      expect(fixture.plans[demo.name]!.some((step) => 'syntax' in step)).toBe(false);
      const steps = await planOf(store, `demo ${demo.name}`);
      const templated = steps.filter((step) => TEMPLATE_KINDS.has(step.kind));
      converted += templated.length;
      expect(templated.every((step) => 'syntax' in step && step.syntax === 'liquid')).toBe(true);
      expect(await runAll(steps, demo.example ?? {})).toEqual(fixture.results[`${demo.name}/example`]);
      expect(await runAll(steps, {})).toEqual(fixture.results[`${demo.name}/empty`]);
    }
    expect(converted).toBeGreaterThanOrEqual(DEMO_WORKFLOWS.length);
  });

  it('renders each older-syntax message as the old syntax did', async () => {
    const store = await databaseBeforeLiquid();
    for (const [i, message] of MESSAGES.entries()) {
      const steps = await planOf(store, `message ${i}`);
      expect(await runAll(steps, message.input)).toEqual({ approval: message.rendered });
    }
  });

  it('pages through every workflow, and leaves Liquid plans, plans not yet made and unreadable text alone', async () => {
    const store = await databaseBeforeLiquid();
    for (const i of [0, 199, 200, 449]) {
      const steps = await planOf(store, `many ${String(i).padStart(4, '0')}`);
      expect(await runAll(steps, MESSAGES[0]!.input)).toEqual({ approval: MESSAGES[0]!.rendered });
    }
    expect((await store.workflows.byId('liquid'))?.steps).toBe(LIQUID_PLAN);
    expect((await store.workflows.byId('planning'))?.steps).toBeNull();
    expect((await store.workflows.byId('not a plan'))?.steps).toBe('{"steps":');
  });

  it('changes nothing the second time', () => {
    const once = planToLiquid(JSON.stringify(fixture.plans['Company Brief']));
    expect(once).not.toBeNull();
    expect(planToLiquid(once!)).toBeNull();
  });
});
