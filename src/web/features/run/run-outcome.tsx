import type { ExecutionStatus } from '@contract/openapi-document';
import { Notice } from '@/components/ui/notice';
import { rejectionSentence, type Rejection } from '@/features/runs/rejections';

/** How an ended run ended when it did not finish: rejected by a person (nothing failed), or failed. */
export function RunOutcome({
  status,
  rejection,
  failure,
  keptFiles,
}: {
  status: ExecutionStatus;
  rejection: Rejection | null;
  /** The error file's text, where the server wrote one. */
  failure: string | null;
  /** Files the rejected run had made (the draft the reviewer read). */
  keptFiles: number;
}) {
  if (rejection)
    return (
      <Notice tone="info" role="status" title={rejectionSentence(rejection)}>
        {keptFiles > 0
          ? 'The run stopped at the review. What it had made is kept below.'
          : 'The run stopped at the review; nothing failed.'}
      </Notice>
    );
  if (status !== 'error') return null;
  return (
    <Notice tone="danger" role="alert" title="This run failed">
      {failure ?? 'The server reported an error. See the files below for details.'}
    </Notice>
  );
}
