import type { Logger } from 'pino';
import { planWorkflow, PlanningError } from '../planner/plan';
import type { WorkflowPlan } from '../planner/plan-types';
import type { WorkflowRecord } from '../store/records';
import type { Store } from '../store/store';

/** How long the planning agent "thinks" at time scale 1. */
export const PLANNING_SECONDS = 2;

/** The stored columns of a finished plan. */
export function planColumns(plan: WorkflowPlan) {
  return {
    name: plan.name,
    description: plan.description,
    input_schema: plan.input_schema === null ? null : JSON.stringify(plan.input_schema),
    steps: JSON.stringify(plan.steps),
    concurrency: plan.concurrency,
    planning_notes: plan.planning_notes?.length ? JSON.stringify(plan.planning_notes) : null,
  };
}

/** Plans a stored workflow and records the outcome: ready with its plan, or failed with a reason. */
export function planStoredWorkflow(store: Store, scheduled: WorkflowRecord, logger: Logger): void {
  // Read again: the workflow may have been renamed, re-planned or deleted while it waited.
  const workflow = store.workflows.byId(scheduled.id);
  if (!workflow || workflow.status !== 'planning') return;
  try {
    const plan = planWorkflow(workflow.prompt, {
      name: workflow.name_given ? workflow.name : undefined,
      description: workflow.description_given ? workflow.description : undefined,
    });
    store.workflows.markReady(workflow.id, planColumns(plan), store.nowIso());
  } catch (error) {
    const known = error instanceof PlanningError;
    if (!known) logger.error({ err: error, workflowId: workflow.id }, 'planning failed');
    const reason = known ? (error as Error).message : 'the planner failed unexpectedly; try rephrasing the prompt';
    store.workflows.markFailed(workflow.id, reason, store.nowIso());
  }
}
