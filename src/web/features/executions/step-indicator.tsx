import type { ExecutionStatus } from '@contract/openapi-document';
import { CheckIcon, XIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

type StepState = 'done' | 'current' | 'upcoming' | 'skipped' | 'failed';

interface Step {
  label: string;
  state: StepState;
}

/**
 * The lifecycle initial → processing → waiting for approval → finished or error. `sawApproval`
 * says whether this execution went through approval, so a run without one shows that step skipped.
 */
export function stepsFor(status: ExecutionStatus, sawApproval: boolean): Step[] {
  const order: ExecutionStatus[] = ['initial', 'processing', 'human_in_the_loop'];
  const terminal = status === 'finished' || status === 'error';
  const index = terminal ? 3 : order.indexOf(status);
  const steps: Step[] = [
    { label: 'Queued', state: index > 0 ? 'done' : 'current' },
    { label: 'Processing', state: index > 1 ? 'done' : index === 1 ? 'current' : 'upcoming' },
    {
      label: 'Waiting for approval',
      state: index === 2 ? 'current' : terminal ? (sawApproval ? 'done' : 'skipped') : 'upcoming',
    },
    {
      label: status === 'error' ? 'Error' : 'Finished',
      state: status === 'error' ? 'failed' : status === 'finished' ? 'done' : 'upcoming',
    },
  ];
  return steps;
}

const dot: Record<StepState, string> = {
  done: 'bg-indigo-600 text-white dark:bg-indigo-500',
  current: 'bg-white text-indigo-600 ring-2 ring-indigo-600 dark:bg-zinc-900 dark:text-indigo-300 dark:ring-indigo-400',
  upcoming: 'bg-white text-zinc-500 ring-1 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-700',
  skipped: 'bg-white text-zinc-500 ring-1 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-700',
  failed: 'bg-red-600 text-white dark:bg-red-500',
};

const stateWords: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'not reached',
  skipped: 'not needed',
  failed: 'failed',
};

export function StepIndicator({ status, sawApproval }: { status: ExecutionStatus; sawApproval: boolean }) {
  const steps = stepsFor(status, sawApproval);
  return (
    <ol aria-label="Progress" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-0">
      {steps.map((step, i) => (
        <li
          key={step.label}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="flex items-center sm:flex-1"
        >
          <span
            className={cn(
              'grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold',
              dot[step.state],
            )}
          >
            {step.state === 'done' ? (
              <CheckIcon className="size-3.5" />
            ) : step.state === 'failed' ? (
              <XIcon className="size-3.5" />
            ) : (
              i + 1
            )}
          </span>
          <span
            className={cn(
              'ml-2 text-sm whitespace-nowrap',
              step.state === 'current'
                ? 'font-semibold text-zinc-900 dark:text-white'
                : step.state === 'failed'
                  ? 'font-semibold text-red-700 dark:text-red-400'
                  : step.state === 'skipped' || step.state === 'upcoming'
                    ? 'text-zinc-500 dark:text-zinc-400'
                    : 'text-zinc-700 dark:text-zinc-300',
              step.state === 'skipped' && 'line-through decoration-zinc-300 dark:decoration-zinc-600',
            )}
          >
            {step.label}
            <span className="sr-only"> ({stateWords[step.state]})</span>
          </span>
          {i < steps.length - 1 && (
            <span aria-hidden="true" className="mx-3 hidden h-px flex-1 bg-zinc-200 sm:block dark:bg-zinc-800" />
          )}
        </li>
      ))}
    </ol>
  );
}
