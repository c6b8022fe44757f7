import type { Config } from '../config';
import type { Engine } from '../engine/engine';
import type { ReadyPlan } from '../engine/plans';
import type { AccountRecord, WorkflowRecord } from '../store/records';
import type { Store } from '../store/store';
import { badRequest, notFound } from './errors';
import type { InputValidators } from './input-validation';
import type { Presenter } from './present';
import type { ResultCache } from './result-cache';

/** What the local API routes share. */
export interface LocalContext {
  config: Config;
  store: Store;
  engine: Engine;
  presenter: Presenter;
  inputs: InputValidators;
  results: ResultCache;
}

/** The result files of a finished or failed execution (cached; they never change). */
export function resultFiles(ctx: LocalContext, executionId: string) {
  return () => ctx.results.get(executionId, () => ctx.store.files.summaries(executionId));
}

export function requireWorkflow(ctx: LocalContext, account: AccountRecord, workflowId: string): WorkflowRecord {
  const workflow = ctx.store.workflows.get(account.id, workflowId);
  if (!workflow) throw notFound('workflow not found');
  return workflow;
}

/** The plan of a workflow that can run now, or a 400 saying why it cannot. */
export function requireRunnable(ctx: LocalContext, workflow: WorkflowRecord): ReadyPlan {
  if (workflow.status === 'planning') throw badRequest('workflow is still planning; try again in a few seconds');
  if (workflow.status === 'failed') {
    throw badRequest(`workflow cannot run because planning failed: ${workflow.planning_error ?? 'unknown reason'}`);
  }
  const plan = ctx.engine.plans.get(workflow);
  if (!plan) throw badRequest('workflow has no plan to run');
  return plan;
}
