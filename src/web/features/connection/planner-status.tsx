import { SparklesIcon } from '@/components/ui/shell-icons';
import { useServiceInfo, type ServiceInfo } from '@/server-state/server';

/** How a server plans workflows, in a sentence for a person. */
export function plannerSentence(service: ServiceInfo): string {
  if (service.planner === 'rules')
    return 'Workflows are planned by built-in rules (no model is configured on this server).';
  const who = service.model ? `the model ${service.model}` : 'a model';
  return `Workflows are planned by ${who} (falls back to built-in rules if it fails).`;
}

/**
 * The active server's planner, where the server says; nothing on a server that does not (a plain
 * v1 server), so no guess is shown as fact.
 */
export function PlannerStatus() {
  const service = useServiceInfo();
  if (!service) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <SparklesIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
      {plannerSentence(service)}
    </p>
  );
}
