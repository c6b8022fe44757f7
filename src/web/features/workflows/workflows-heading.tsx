import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/shell-icons';

export function WorkflowsHeading() {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Workflows</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Automations designed from a prompt. Open one to run it.
        </p>
      </div>
      <Link to="/workflows/new" className={buttonClasses('primary')}>
        <PlusIcon /> New workflow
      </Link>
    </div>
  );
}
