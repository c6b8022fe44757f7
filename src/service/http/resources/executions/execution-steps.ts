import type { ExecutionStatus, Schemas } from '../../../../contract/openapi-document';
import type { StepSpec } from '../../../workflow/plan-types';
import type { StepRecord } from '../../../store/executions/steps-repo';
import { stepName } from './step-names';

export type ExecutionStep = Schemas['ExecutionStep'];

/** What the steps view needs of the execution itself. */
interface StepsExecution {
  status: ExecutionStatus;
  error: string | null;
}

const millis = (iso: string) => Date.parse(`${iso.slice(0, 23)}Z`);

/** Which model wrote a writing step and its tokens (null until written); other steps carry neither. */
function modelUse(step: StepSpec, record: StepRecord | undefined): Pick<ExecutionStep, 'model' | 'tokens'> {
  if (step.kind !== 'model_write') return {};
  const tokens =
    record && record.prompt_tokens !== null && record.completion_tokens !== null
      ? { prompt_tokens: record.prompt_tokens, completion_tokens: record.completion_tokens }
      : null;
  return { model: record?.model ?? null, tokens };
}

/**
 * Every step of the plan with what the engine recorded of it. A step with no record is pending
 * while the run can still reach it and skipped once the run has ended. A record left processing by
 * a crash shows as pending again when the run was requeued, and as the failing step when it ended
 * in error. Executions that ended before steps were recorded show their steps finished (without
 * times) when the run finished.
 */
export function presentSteps(
  plan: readonly StepSpec[],
  records: readonly StepRecord[],
  execution: StepsExecution,
): ExecutionStep[] {
  const byPosition = new Map(records.map((record) => [record.position, record]));
  const ended = execution.status === 'finished' || execution.status === 'error';
  const legacyFinished = execution.status === 'finished' && records.length === 0;
  return plan.map((step, index) => {
    const record = byPosition.get(index);
    const base = { index, kind: step.kind, name: stepName(step), ...modelUse(step, record) };
    if (!record) {
      const status = legacyFinished ? 'finished' : ended ? 'skipped' : 'pending';
      return { ...base, status, started_at: null, finished_at: null, duration_ms: null, error: null };
    }
    if (record.status === 'processing' && execution.status !== 'processing') {
      if (execution.status === 'error') {
        return {
          ...base,
          status: 'error',
          started_at: record.started_at,
          finished_at: null,
          duration_ms: null,
          error: execution.error,
        };
      }
      return { ...base, status: 'pending', started_at: null, finished_at: null, duration_ms: null, error: null };
    }
    const duration =
      record.finished_at !== null
        ? Math.max(0, Math.round(millis(record.finished_at) - millis(record.started_at)))
        : null;
    return {
      ...base,
      status: record.status,
      started_at: record.started_at,
      finished_at: record.finished_at,
      duration_ms: duration,
      error: record.error,
    };
  });
}
