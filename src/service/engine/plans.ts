import { BoundedCache, type CacheLimits } from '../lib/bounded-cache';
import type { JsonSchema } from '../lib/json-schema';
import type { StepSpec } from '../workflow/plan-types';
import { stepSeconds } from '../steps/run-step';
import type { WorkflowRecord } from '../store/records';

/** A ready workflow's plan, parsed once: its steps and their nominal durations at time scale 1. */
export interface ReadyPlan {
  /** The stored text parsed, to notice a plan re-planned through another replica. */
  source: { steps: string; inputSchema: string | null };
  steps: StepSpec[];
  stepSeconds: number[];
  totalSeconds: number;
  inputSchema: JsonSchema | null;
}

export const PLAN_CACHE_LIMITS: CacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 5000 };

/** The stored text (two bytes a character) and its parsed copy, which takes a few times as much. */
const planBytes = (plan: ReadyPlan) => 8 * (plan.source.steps.length + (plan.source.inputSchema?.length ?? 0)) + 1024;

/**
 * Parses stored plans once per workflow. A plan changes only by re-planning or deletion: this
 * replica's routes call forget, and a re-plan through another replica shows as different stored text.
 * The least recently used go first beyond the limits.
 */
export class PlanCache extends BoundedCache<ReadyPlan> {
  constructor(limits: CacheLimits = PLAN_CACHE_LIMITS) {
    super(limits, planBytes);
  }

  get(workflow: WorkflowRecord): ReadyPlan | null {
    if (workflow.status !== 'ready' || workflow.steps === null) return null;
    let plan = this.entries.get(workflow.id);
    if (!plan || plan.source.steps !== workflow.steps || plan.source.inputSchema !== workflow.input_schema) {
      const steps = JSON.parse(workflow.steps) as StepSpec[];
      const seconds = steps.map((step) => stepSeconds(step));
      plan = {
        source: { steps: workflow.steps, inputSchema: workflow.input_schema },
        steps,
        stepSeconds: seconds,
        totalSeconds: seconds.reduce((sum, s) => sum + s, 0),
        inputSchema: workflow.input_schema === null ? null : (JSON.parse(workflow.input_schema) as JsonSchema),
      };
      this.entries.set(workflow.id, plan);
    }
    return plan;
  }

  forget(workflowId: string): void {
    this.entries.delete(workflowId);
  }
}
