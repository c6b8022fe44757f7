import { createFileRoute } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { RawJson } from '@/components/ui/raw-json';
import { SchemaFieldList } from '@/features/workflows/schema-field-list';
import { schemaFields } from '@/features/workflows/schema-fields';
import { loadWorkflow, useLoadedWorkflow } from './-workflow-page';

export const Route = createFileRoute('/workflows/$workflowId/schema')({
  loader: loadWorkflow,
  component: SchemaTab,
});

function SchemaTab() {
  const workflow = useLoadedWorkflow(Route.useParams().workflowId);
  const id = useId();
  const [raw, setRaw] = useState(false);
  const text = JSON.stringify(workflow.input_schema, null, 2);
  const fields = useMemo(() => schemaFields(workflow.input_schema), [workflow.input_schema]);
  const noInput = workflow.input_schema === null;
  // A schema without readable fields (or one the list cannot describe) is shown raw from the start.
  const showRaw = raw || (!noInput && fields.length === 0);

  return (
    <Card>
      <CardHeader
        title="Input fields"
        description={
          noInput
            ? 'This workflow takes no input: run it as it is.'
            : 'What a run of this workflow asks for. The run form and the server check input against it.'
        }
        actions={
          <>
            {!noInput && fields.length > 0 && (
              <Button size="sm" aria-expanded={raw} aria-controls={`${id}-raw`} onClick={() => setRaw((was) => !was)}>
                {raw ? 'Hide raw schema' : 'Show raw schema'}
              </Button>
            )}
            <CopyButton text={text} label="Copy schema" />
          </>
        }
      />
      <CardBody className="space-y-4">
        {fields.length > 0 && <SchemaFieldList fields={fields} label="Input fields" />}
        {(showRaw || noInput) && (
          <RawJson id={`${id}-raw`} label="Input schema JSON" text={text} className="max-h-[32rem] p-4" />
        )}
      </CardBody>
    </Card>
  );
}
