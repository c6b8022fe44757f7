import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { BadRequestError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { DisclosureButton } from '@/components/ui/disclosure-button';
import { PlayIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { untrustedSchemaProblem } from '@/lib/schema-guard';
import { useDisclosure } from '@/lib/use-disclosure';
import { useActiveProfile } from '@/server-state/connection';
import { parseServerInputErrors } from './friendly-errors';
import { SnippetPanel } from './snippet-panel';
import { RunStartError } from './run-start-error';
import { useRunWorkflow } from './use-run-workflow';
import type { SchemaFormProps } from './schema-form';

// RJSF and ajv are large; they load only when a workflow with an input form is on its way (the Run
// tab's loader, which a hover on a link to it runs), and once loaded the form renders at once.
let loadedForm: ComponentType<SchemaFormProps> | undefined;
export const preloadSchemaForm = () => import('./schema-form').then((m) => (loadedForm = m.default));
const LazySchemaForm = lazy(() => preloadSchemaForm().then((form) => ({ default: form })));

function SchemaForm(props: SchemaFormProps) {
  // Chosen once per mount: switching component types later would remount the form and lose its focus.
  const [Form] = useState(() => loadedForm ?? LazySchemaForm);
  return <Form {...props} />;
}

function FormSkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">Loading the form…</span>
      {[1, 2, 3].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

const absoluteBase = (baseUrl: string) => {
  try {
    return new URL(baseUrl, location.origin).href.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
};

/**
 * The request snippets, closed until asked for: most people run from the form, and the code would
 * take a third of the tab. Closed, the snippet stays mounted, so its format and key choice are kept.
 */
function CodeDisclosure({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const code = useDisclosure(defaultOpen);
  return (
    <Card className="self-start">
      <DisclosureButton
        disclosure={code}
        title="Run it from code"
        description="The same request as the Run button, to paste into a script or terminal"
        className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left hover:bg-zinc-50 sm:px-5 dark:hover:bg-zinc-800/60"
      />
      <div id={code.panelId} hidden={!code.open}>
        <CardBody className="border-t border-zinc-200 dark:border-zinc-800">{children}</CardBody>
      </div>
    </Card>
  );
}

export function RunPanel({
  workflow,
  initialInput,
}: {
  workflow: WorkflowDetail;
  initialInput?: Record<string, unknown> | null;
}) {
  const profile = useActiveProfile();
  const run = useRunWorkflow(workflow.id);
  const [formData, setFormData] = useState<Record<string, unknown>>(initialInput ?? {});
  const schema = workflow.input_schema;
  // The schema comes from the server: one that would freeze the tab when compiled is refused, said why.
  const schemaProblem = useMemo(() => (schema === null ? null : untrustedSchemaProblem(schema)), [schema]);
  const serverMessage = run.error instanceof BadRequestError ? run.error.message : null;
  const fieldLevel = serverMessage !== null && parseServerInputErrors(serverMessage).length > 0;
  const body = schema === null ? {} : { input: formData };

  const submitRow = (
    <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
      <Button type="submit" variant="primary" busy={run.isPending}>
        <PlayIcon className="size-3.5" /> Run workflow
      </Button>
      {run.error && !fieldLevel && <RunStartError error={run.error} />}
      {fieldLevel && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          The server refused the input; see the fields above.
        </p>
      )}
    </div>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <Card>
        <CardBody className="sm:p-6">
          {schema === null ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                run.mutate(null);
              }}
              className="space-y-5"
              aria-label="Run workflow"
            >
              <Notice tone="info" title="This workflow needs no input">
                Run it as it is; each run produces a fresh set of results.
              </Notice>
              {submitRow}
            </form>
          ) : schemaProblem !== null ? (
            <Notice tone="danger" role="alert" title="This workflow's input form cannot be shown">
              {schemaProblem} The dashboard does not compile such a schema, because checking input against it could
              freeze this tab. Copy the request under <em>Run it from code</em> to run it with an input you write
              yourself.
            </Notice>
          ) : (
            <Suspense fallback={<FormSkeleton />}>
              <SchemaForm
                schema={schema}
                formData={formData}
                onChange={setFormData}
                onSubmit={(data) => run.mutate(data)}
                serverError={serverMessage}
              >
                {submitRow}
              </SchemaForm>
            </Suspense>
          )}
        </CardBody>
      </Card>
      <CodeDisclosure defaultOpen={schemaProblem !== null}>
        <SnippetPanel
          baseUrl={absoluteBase(profile.baseUrl)}
          workflowId={workflow.id}
          body={body}
          apiKey={profile.apiKey}
        />
      </CodeDisclosure>
    </div>
  );
}
