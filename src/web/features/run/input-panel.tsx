import { Link } from '@tanstack/react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { RawJson } from '@/components/ui/raw-json';
import { ExternalLinkIcon, RefreshIcon } from '@/components/ui/icons';
import { formatValue, labelledFields, linkOf } from '@/lib/input-labels';
import type { JournalEntry } from '@/lib/run-journal';
import { useDisclosure } from '@/lib/use-disclosure';
import { inputCaption, type InputSource } from '@/features/runs/input-source';
import { RunStartError } from './run-start-error';
import { useRunWorkflow } from './use-run-workflow';

/** The input as a person reads it: each field by its title, links that open, nothing clipped. */
function InputFields({ input, schema }: { input: Record<string, unknown>; schema: unknown }) {
  const fields = labelledFields(input, schema);
  if (fields.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No input</p>;
  return (
    <dl aria-label="Submitted input" className="space-y-3">
      {fields.map(({ key, label, value }) => {
        const href = linkOf(value);
        return (
          <div key={key} className="min-w-0">
            <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="mt-0.5 text-sm break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 break-all text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                >
                  {formatValue(value)} <ExternalLinkIcon className="size-3 shrink-0" />
                </a>
              ) : (
                formatValue(value)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The execution's input, wherever it was found (this browser's journals or the server), as a
 * labelled list (the raw JSON behind a toggle), with ways to run it again. `schema`: the workflow's
 * input schema, for the fields' titles. `failed`: the run failed, so the same input would likely
 * fail again: editing it first is the main way on.
 */
export function InputPanel({
  entry,
  workflowId,
  schema,
  failed = false,
}: {
  entry: (JournalEntry & { source: InputSource }) | null;
  workflowId: string;
  schema?: unknown;
  failed?: boolean;
}) {
  const run = useRunWorkflow(workflowId);
  const { open: showRaw, panelId: rawId, toggleProps: rawToggle } = useDisclosure();
  if (!entry) {
    return (
      <Card>
        <CardHeader title="Input" />
        <CardBody>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Not known here. The API does not return an execution’s input; this dashboard remembers only what this
            browser submitted.
          </p>
        </CardBody>
      </Card>
    );
  }
  const text = entry.input === null ? 'No input' : JSON.stringify(entry.input, null, 2);
  const runAgain = (
    <Button
      variant={failed ? 'secondary' : 'primary'}
      size="sm"
      onClick={() => run.mutate(entry.input)}
      busy={run.isPending}
    >
      <RefreshIcon /> {failed ? 'Run again' : 'Run again with this input'}
    </Button>
  );
  const editAndRun = (
    <Link
      to="/workflows/$workflowId"
      params={{ workflowId }}
      search={{ from: entry.executionId }}
      className={buttonClasses(failed ? 'primary' : 'secondary', 'sm')}
    >
      Edit and run
    </Link>
  );
  return (
    <Card>
      <CardHeader
        title="Input"
        description={inputCaption(entry.source)}
        actions={entry.input !== null && <CopyButton text={text} label="Copy" />}
      />
      <CardBody className="space-y-4">
        {entry.input === null ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No input</p>
        ) : (
          <>
            <InputFields input={entry.input} schema={schema} />
            <div>
              <button
                type="button"
                {...rawToggle}
                className="text-xs font-medium text-zinc-600 underline underline-offset-2 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
              >
                {showRaw ? 'Hide raw JSON' : 'Show raw JSON'}
              </button>
              {showRaw && <RawJson id={rawId} label="Raw input (JSON)" text={text} className="mt-2 max-h-72 p-3" />}
            </div>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          {failed ? (
            <>
              {editAndRun}
              {runAgain}
            </>
          ) : (
            <>
              {runAgain}
              {editAndRun}
            </>
          )}
        </div>
        {run.error && <RunStartError error={run.error} />}
      </CardBody>
    </Card>
  );
}
