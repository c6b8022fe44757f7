import { createFileRoute } from '@tanstack/react-router';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { loadWorkflow, useLoadedWorkflow } from './-workflow-page';

export const Route = createFileRoute('/workflows/$workflowId/schema')({
  loader: loadWorkflow,
  component: SchemaTab,
});

function SchemaTab() {
  const workflow = useLoadedWorkflow(Route.useParams().workflowId);
  const text = JSON.stringify(workflow.input_schema, null, 2);
  return (
    <Card>
      <CardHeader
        title="Input schema"
        description={
          workflow.input_schema === null
            ? 'input_schema is null: this workflow takes no input.'
            : 'The JSON Schema the run form and the server validate input against.'
        }
        actions={<CopyButton text={text} label="Copy schema" />}
      />
      <CardBody>
        <pre
          tabIndex={0}
          aria-label="Input schema JSON"
          className="max-h-[32rem] overflow-auto rounded-md bg-zinc-50 p-4 font-mono text-xs leading-relaxed text-zinc-800 ring-1 ring-zinc-200 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800"
        >
          {text}
        </pre>
      </CardBody>
    </Card>
  );
}
