import { createFileRoute, Link } from '@tanstack/react-router';
import { Card, CardBody } from '@/components/ui/card';
import { backLinkClasses } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { CreateWorkflowForm } from '@/features/workflows/create-workflow-form';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/workflows/new')({
  component: NewWorkflowPage,
});

function NewWorkflowPage() {
  usePageTitle('New workflow');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link to="/workflows" className={backLinkClasses}>
          <ArrowLeftIcon /> Workflows
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">New workflow</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Describe the task. The planner designs the steps and the input form; this takes a few seconds.
        </p>
      </div>
      <Card>
        <CardBody className="sm:p-6">
          <CreateWorkflowForm />
        </CardBody>
      </Card>
    </div>
  );
}
