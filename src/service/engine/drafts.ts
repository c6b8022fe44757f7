import type { Logger } from 'pino';
import { ModelContexts, rewrite } from './write-step';
import type { OutputFile, StepContext, StepResult } from '../steps/step-io';
import type { Store } from '../store/store';
import type { PlanCache } from './plans';
import { runStepOffThread } from './step-pool';

/**
 * The draft a reviewer sees while an execution waits for approval: the files of the last step
 * before the approval that produced files, rebuilt by replaying those (deterministic) steps. Writing
 * steps are not asked again: their files come from what the model wrote during the run.
 */
export class Drafts {
  private readonly building = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly plans: PlanCache,
    private readonly logger: Logger,
    private readonly signal: AbortSignal,
  ) {}

  /** Makes sure the draft is stored. Replays once per pause; concurrent readers share one replay. */
  async ensure(executionId: string): Promise<void> {
    let pending = this.building.get(executionId);
    if (!pending) {
      pending = this.build(executionId)
        // A draft is a courtesy to the reviewer: if it cannot be rebuilt, the detail shows none rather than failing.
        .catch((error: unknown) =>
          this.logger.warn({ err: error, executionId }, 'could not rebuild the approval draft'),
        )
        .finally(() => this.building.delete(executionId));
      this.building.set(executionId, pending);
    }
    await pending;
  }

  private async build(executionId: string): Promise<void> {
    if ((await this.store.files.drafts(executionId)).length > 0) return;
    const execution = await this.store.executions.byId(executionId);
    const workflow = execution && (await this.store.workflows.byId(execution.workflow_id));
    const plan = workflow ? this.plans.get(workflow) : null;
    if (!execution || execution.status !== 'human_in_the_loop' || !plan) return;
    const context: StepContext = {
      input: JSON.parse(execution.input) as Record<string, unknown>,
      files: [],
      previous: [],
    };
    let draft: OutputFile[] = [];
    const steps = plan.steps.slice(0, execution.resume_step);
    const writings = steps.some((step) => step.kind === 'model_write')
      ? await this.store.steps.writings(executionId)
      : null;
    const modelContexts = new ModelContexts();
    for (const [position, step] of steps.entries()) {
      if (step.kind === 'approval') continue;
      let outcome: StepResult;
      if (step.kind === 'model_write') {
        const file = await rewrite(step, modelContexts.of(context), writings?.get(position), {
          signal: this.signal,
          account: execution.account_id,
        });
        if (!file) throw new Error(`what the model wrote for step ${position + 1} is not stored`);
        outcome = { kind: 'files', files: [file] };
      }
      // Off the HTTP thread, like the run itself: a PDF step can take a while.
      else outcome = await runStepOffThread(step, context, this.signal, execution.account_id);
      if (outcome.kind !== 'files') continue;
      context.previous = outcome.files;
      context.files = [...context.files, ...outcome.files];
      if (outcome.files.length > 0) draft = outcome.files;
    }
    // The reviewer may have decided while the steps replayed; a draft then has no one to show it to.
    if (draft.length > 0 && (await this.store.executions.byId(executionId))?.status === 'human_in_the_loop') {
      await this.store.saveDrafts(executionId, draft);
    }
  }
}
