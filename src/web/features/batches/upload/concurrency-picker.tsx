import type { ConcurrencyLevel } from '@contract/limits';
import { LIMITS } from '@contract/limits';

const OPTIONS: { value: ConcurrencyLevel | null; label: string; hint: string }[] = [
  { value: null, label: 'Workflow default', hint: 'Runs at the pace the workflow was designed for.' },
  {
    value: 'low',
    label: `Low (${LIMITS.batchConcurrency.low})`,
    hint: 'One row at a time: gentlest on the systems the workflow touches.',
  },
  {
    value: 'medium',
    label: `Medium (${LIMITS.batchConcurrency.medium})`,
    hint: 'Five rows at once: a balance of speed and load.',
  },
  {
    value: 'high',
    label: `High (${LIMITS.batchConcurrency.high})`,
    hint: `Fifteen asked for; the service’s limit of ${LIMITS.maxConcurrentPerWorkflow} at once still applies.`,
  },
];

/** The batch's concurrency, one line of explanation per choice. */
export function ConcurrencyPicker({
  value,
  onChange,
  workflowDefault,
}: {
  value: ConcurrencyLevel | null;
  onChange: (v: ConcurrencyLevel | null) => void;
  workflowDefault?: ConcurrencyLevel;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-100">How many rows run at once</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => (
          <label
            key={o.label}
            className="flex cursor-pointer gap-2 rounded-md border border-zinc-200 px-3 py-2 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-zinc-800 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-500/10"
          >
            <input
              type="radio"
              name="batch-concurrency"
              className="mt-1 accent-indigo-600"
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>
              <span className="font-medium text-zinc-900 dark:text-zinc-100">
                {o.label}
                {o.value === null && workflowDefault !== undefined ? ` (${workflowDefault})` : ''}
              </span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Whatever you choose, the service runs at most {LIMITS.maxConcurrentPerWorkflow} of this workflow’s runs at once;
        the rest wait their turn.
      </p>
    </fieldset>
  );
}
