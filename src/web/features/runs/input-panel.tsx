import { Link } from '@tanstack/react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { RefreshIcon } from '@/components/ui/icons';
import type { JournalEntry } from '@/lib/run-journal';
import { inputCaption, type InputSource } from './input-source';
import { RunStartError } from './run-start-error';
import { useRunWorkflow } from './use-run-workflow';

/** The execution's input, wherever it was found (this browser's journals or the server), with ways to run it again. */
export function InputPanel({
  entry,
  workflowId,
}: {
  entry: (JournalEntry & { source: InputSource }) | null;
  workflowId: string;
}) {
  const run = useRunWorkflow(workflowId);
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
  return (
    <Card>
      <CardHeader
        title="Input"
        description={inputCaption(entry.source)}
        actions={entry.input !== null && <CopyButton text={text} label="Copy" />}
      />
      <CardBody className="space-y-4">
        <pre
          tabIndex={0}
          aria-label="Submitted input"
          className="max-h-72 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 ring-1 ring-zinc-200 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800"
        >
          {text}
        </pre>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" size="sm" onClick={() => run.mutate(entry.input)} busy={run.isPending}>
            <RefreshIcon /> Run again with this input
          </Button>
          <Link
            to="/workflows/$workflowId"
            params={{ workflowId }}
            search={{ from: entry.executionId }}
            className={buttonClasses('secondary', 'sm')}
          >
            Edit and run
          </Link>
        </div>
        {run.error && <RunStartError error={run.error} />}
      </CardBody>
    </Card>
  );
}
