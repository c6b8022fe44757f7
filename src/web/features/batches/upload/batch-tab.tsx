import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type JSX } from 'react';
import type { WorkflowDetail } from '@contract/openapi-document';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { runSubmission } from '@/batch-engine/batch-runtime';
import { BatchList } from '@/features/batches/progress/batch-list';
import { ConcurrencyPicker } from './concurrency-picker';
import { invalidRowsCsv } from '@/batch-engine/export-results';
import { InvalidRows } from '@/features/batches/mapping/invalid-rows';
import { DateChoices } from '@/features/batches/mapping/date-choice';
import { MappingTable } from '@/features/batches/mapping/mapping-table';
import { problemText } from '@/batch-engine/build-batch';
import { saveText } from '@/lib/save-file';
import { useAttempt } from '@/lib/use-attempt';
import { templateCsv } from './template';
import { UploadPanel } from './upload-panel';
import { createEmptyRunsBatch, useBatchDraft } from './use-batch-draft';

const MAX_EMPTY_RUNS = 100_000;

/** For a workflow without input: run it N times. */
function EmptyRuns({ workflow, onCreated }: { workflow: WorkflowDetail; onCreated: (id: string) => void }) {
  const id = useId();
  const [count, setCount] = useState('10');
  const { busy, error, attempt } = useAttempt();
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_EMPTY_RUNS;
  const submit = () => attempt(async () => onCreated(await createEmptyRunsBatch(workflow, n, null)));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm text-zinc-700 dark:text-zinc-200">
          Runs with no input
        </label>
        <Input
          id={id}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          invalid={!valid}
          aria-describedby={`${id}-hint`}
          className="w-32"
        />
      </div>
      <Button variant="primary" disabled={!valid} busy={busy} onClick={() => void submit()}>
        Run {valid ? n.toLocaleString() : 'N'} time{n === 1 ? '' : 's'}
      </Button>
      <p
        id={`${id}-hint`}
        className={`w-full text-xs ${valid ? 'text-zinc-500 dark:text-zinc-400' : 'text-red-700 dark:text-red-400'}`}
      >
        {valid
          ? 'Or upload a CSV: each row is sent as an object of its columns.'
          : `Enter a whole number from 1 to ${MAX_EMPTY_RUNS.toLocaleString()}.`}
      </p>
      {error !== null && <Notice tone="danger">{error}</Notice>}
    </div>
  );
}

type Draft = ReturnType<typeof useBatchDraft>;

/** How many rows would be sent, what stops sending (the first is shown), and whether the button is live. */
function sendState({ upload, prepared, check, skipInvalid }: Draft) {
  const invalidCount = prepared?.stats.invalid ?? 0;
  const sendCount = (prepared?.stats.rows ?? 0) - (skipInvalid ? invalidCount : 0);
  const blockers: string[] = [];
  if (check !== null) blockers.push(...check.blocking);
  const noneValid = prepared !== null && prepared.stats.rows > 0 && prepared.stats.valid === 0;
  if (noneValid) blockers.push('No row is valid yet: match the columns to the fields above.');
  else if (invalidCount > 0 && !skipInvalid)
    blockers.push(
      `Fix or skip the ${invalidCount.toLocaleString()} invalid row${invalidCount === 1 ? '' : 's'} first.`,
    );
  if (prepared !== null && sendCount === 0 && !noneValid) blockers.push('No row is left to send.');
  const ready =
    upload !== null && prepared !== null && prepared.stats.rows === upload.table.rows.length && blockers.length === 0;
  return { sendCount, noneValid, blockers, ready };
}

/** Saves the rows that failed the check, with why, as a CSV named after the upload. */
function downloadInvalidRows({ upload, prepared }: Draft): void {
  if (upload === null || prepared === null) return;
  const indices = [...prepared.problems.keys()].sort((a, b) => a - b);
  const csv = invalidRowsCsv(
    upload.table.columns,
    indices.map((i) => upload.table.rows[i]!),
    indices.map((i) => problemText(prepared.problems.get(i)!)),
  );
  saveText(csv, `${upload.file.name.replace(/\.[^.]+$/, '')}-invalid-rows.csv`);
}

/** The send and start-over buttons, what still stops sending, and why the last send failed. */
function SendBar({ draft, onSent }: { draft: Draft; onSent: (batchId: string) => void }) {
  const { busy: submitting, error: submitError, attempt } = useAttempt();
  const { sendCount, noneValid, blockers, ready } = sendState(draft);
  const submit = () => attempt(async () => onSent(await draft.createBatch()));
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button variant="primary" disabled={!ready} busy={submitting} onClick={() => void submit()}>
          {sendCount > 0 && !noneValid
            ? `Send ${sendCount.toLocaleString()} row${sendCount === 1 ? '' : 's'}`
            : 'Send rows'}
        </Button>
        <Button variant="ghost" onClick={draft.reset}>
          Start over
        </Button>
        {blockers.length > 0 && draft.prepared !== null && (
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{blockers[0]}</p>
        )}
      </div>
      {submitError !== null && (
        <Notice tone="danger" role="alert" title="The batch was not sent">
          {submitError}
        </Notice>
      )}
    </>
  );
}

/** Once a table is read: its mapping, the check of every row, the concurrency and sending. */
function DraftReview({
  workflow,
  draft,
  upload,
  check,
  onSent,
}: {
  workflow: WorkflowDetail;
  draft: Draft;
  upload: NonNullable<Draft['upload']>;
  check: NonNullable<Draft['check']>;
  onSent: (batchId: string) => void;
}) {
  const { prepared } = draft;
  const mappingSection = useRef<HTMLElement>(null);
  const showMapping = () => {
    mappingSection.current?.scrollIntoView({ block: 'start' });
    mappingSection.current?.querySelector('select')?.focus({ preventScroll: true });
  };
  return (
    <>
      <section ref={mappingSection} aria-labelledby="mapping-heading" className="space-y-3">
        <h3 id="mapping-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Columns and fields
        </h3>
        <MappingTable
          table={upload.table}
          props={draft.props}
          mapping={draft.mapping}
          check={check}
          decimalDetected={draft.decimalDetected}
          onChange={draft.setMapping}
        />
        <DateChoices found={draft.datesDetected} mapping={draft.mapping} onChange={draft.setMapping} />
      </section>
      {draft.prepareError !== null && (
        <Notice tone="danger" role="alert">
          {draft.prepareError}
        </Notice>
      )}
      {prepared !== null ? (
        <InvalidRows
          table={upload.table}
          props={draft.props}
          prepared={prepared}
          skip={draft.skipInvalid}
          onSkip={draft.setSkipInvalid}
          onEdit={draft.editCell}
          onDownload={() => downloadInvalidRows(draft)}
          onShowMapping={showMapping}
        />
      ) : (
        <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
          Checking every row…
        </p>
      )}
      <ConcurrencyPicker
        value={draft.concurrency}
        onChange={draft.setConcurrency}
        workflowDefault={workflow.concurrency}
      />
      <SendBar draft={draft} onSent={onSent} />
    </>
  );
}

/** The workflow page's Batch tab: upload a spreadsheet, map and check it, send it, and see every batch. */
export function BatchTab(props: { workflow: WorkflowDetail }): JSX.Element {
  const { workflow } = props;
  const draft = useBatchDraft(workflow);
  const navigate = useNavigate();
  const open = draft.props.length === 0;
  const { upload, check } = draft;

  const goTo = (batchId: string) => {
    void runSubmission(batchId);
    void navigate({ to: '/workflows/$workflowId/batches/$batchId', params: { workflowId: workflow.id, batchId } });
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Run once per row"
          description={
            open
              ? 'This workflow takes no input. Run it a number of times, or upload a spreadsheet whose rows are sent as they are.'
              : 'Upload a spreadsheet: each row runs the workflow once. Columns are matched to the workflow’s input fields, and every row is checked before anything is sent.'
          }
        />
        <CardBody className="space-y-6">
          {open && <EmptyRuns workflow={workflow} onCreated={goTo} />}
          <UploadPanel
            read={draft.read}
            upload={upload}
            onFile={(f) => void draft.chooseFile(f)}
            onSheet={draft.chooseSheet}
            onTemplate={() =>
              saveText(
                templateCsv(workflow.input_schema ?? null),
                `${workflow.name.replace(/[\\/:*?"<>|]+/g, '_') || 'workflow'}-template.csv`,
              )
            }
          />
          {upload !== null && upload.table.columns.length === 0 && (
            <Notice tone="warning" title="This sheet has nothing to send">
              {upload.note}
            </Notice>
          )}
          {upload !== null && upload.table.columns.length > 0 && check !== null && (
            <DraftReview workflow={workflow} draft={draft} upload={upload} check={check} onSent={goTo} />
          )}
        </CardBody>
      </Card>
      <BatchList workflowId={workflow.id} />
    </div>
  );
}
