import { SparklesIcon } from '@/components/ui/shell-icons';
import { useServiceInfo, type ServiceInfo } from '@/server-state/server';

/** How a server plans workflows, in a sentence for a person. */
export function plannerSentence(service: ServiceInfo): string {
  if (service.planner === 'rules')
    return 'Workflows are planned by built-in rules (no model is configured on this server).';
  const who = service.model ? `the model ${service.model}` : 'a model';
  return `Workflows are planned by ${who} (falls back to built-in rules if it fails).`;
}

const modelList = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * A model server the service found on its own machine while no model is configured (an Ollama),
 * and the one line that turns it on: the service never uses it by itself.
 */
function LocalModels({ found }: { found: NonNullable<ServiceInfo['local_models']> }) {
  return (
    <div className="ml-6 space-y-1 text-sm text-zinc-600 dark:text-zinc-400">
      <p>
        A model server on the service’s machine ({found.url}) has {modelList.format(found.models)}. It is not used until
        the service is started with:
      </p>
      <code className="block overflow-x-auto rounded bg-zinc-100 px-2 py-1 font-mono text-xs whitespace-pre text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
        {found.command}
      </code>
    </div>
  );
}

/**
 * The active server's planner, where the server says; nothing on a server that does not (a plain
 * v1 server), so no guess is shown as fact.
 */
export function PlannerStatus() {
  const service = useServiceInfo();
  if (!service) return null;
  return (
    <div className="space-y-2">
      <p className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <SparklesIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
        {plannerSentence(service)}
      </p>
      {service.local_models && <LocalModels found={service.local_models} />}
    </div>
  );
}
