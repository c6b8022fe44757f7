import { randomUUID } from 'node:crypto';
import { contentTypeFor, inlineContent } from '../../files/content-types';
import type { Decision } from './executions-repo';
import type { FileInsert } from '../files-repo';
import type { NewFile } from '../records';
import type { Store } from '../store';

/*
 * The multi-row writes that end or pause a run. Each takes a Store bound to an open transaction
 * (Store's methods of the same names open it), so status and files change together or not at all.
 */

/** How a cancel request went, counted per distinct execution it named. */
export interface CancelCounts {
  /** Waiting executions (initial or human_in_the_loop) that ended in error now. */
  cancelled: number;
  /** Processing executions that end in error at their next step boundary. */
  stopping: number;
  /** Executions already finished or in error. */
  unchanged: number;
  /** Named ids that are not executions of this workflow of this account. */
  not_found: number;
}

type CancelTargetSpec = { batchId: string } | { ids: readonly string[] };

/** Which executions of one workflow of one account to cancel, the error they end with, and the key that asked. */
export interface CancelRequest {
  accountId: string;
  workflowId: string;
  target: CancelTargetSpec;
  message: string;
  by: string;
}

function errorFile(message: string): NewFile {
  return { filename: 'error.txt', data: new TextEncoder().encode(message) };
}

function fileRows(executionId: string, files: readonly NewFile[], firstPosition = 0): FileInsert[] {
  return files.map((file, index) => ({
    id: randomUUID(),
    execution_id: executionId,
    position: firstPosition + index,
    filename: file.filename,
    content_type: contentTypeFor(file.filename),
    data: file.data,
    size: file.data.byteLength,
    inline: inlineContent(file.filename, file.data) === null ? 0 : 1,
  }));
}

async function insertFiles(tx: Store, executionId: string, files: readonly NewFile[], firstPosition = 0) {
  await tx.files.insertMany(fileRows(executionId, files, firstPosition));
}

/** Stores `message` as the error.txt of an execution that just ended in error (`ended`); answers `ended`. */
async function withErrorFile(tx: Store, id: string, message: string, ended: boolean): Promise<boolean> {
  if (ended) await insertFiles(tx, id, [errorFile(message)]);
  return ended;
}

export async function failExecution(tx: Store, id: string, attempt: number, message: string): Promise<boolean> {
  return withErrorFile(tx, id, message, await tx.executions.fail(id, attempt, message, tx.nowIso()));
}

export async function completeExecution(
  tx: Store,
  id: string,
  attempt: number,
  files: readonly NewFile[],
  lastStepIndex: number | undefined,
): Promise<boolean> {
  const cancelled = await tx.executions.cancelRequest(id);
  if (cancelled !== null) return failExecution(tx, id, attempt, cancelled);
  const at = tx.nowIso();
  if (!(await tx.executions.finish(id, attempt, at))) return false;
  if (lastStepIndex !== undefined) await tx.steps.finished(id, lastStepIndex, at);
  await insertFiles(tx, id, files);
  return true;
}

/**
 * The rejected run's results: error.txt with the reviewer's words first (where clients look for the
 * message), then the draft the reviewer read.
 */
export async function rejectExecution(tx: Store, id: string, message: string, decision: Decision): Promise<boolean> {
  if (!(await tx.executions.reject(id, message, tx.nowIso(), decision))) return false;
  await tx.files.keepDrafts(id, 1);
  await insertFiles(tx, id, [errorFile(message)]);
  return true;
}

/**
 * Set-based, so cancelling a 10,000-item batch is a handful of statements on either database. The
 * counts come from what each UPDATE changed, so a row that moved on since it was read is unchanged.
 */
export async function cancelExecutions(
  tx: Store,
  { accountId, workflowId, target, message, by }: CancelRequest,
): Promise<CancelCounts> {
  const at = tx.nowIso();
  const named = 'ids' in target ? new Set(target.ids).size : 0;
  const found = await tx.executions.cancelTargets(
    accountId,
    workflowId,
    'ids' in target ? { ids: [...new Set(target.ids)] } : target,
  );
  const ids = (statuses: readonly string[]) =>
    found.filter((row) => statuses.includes(row.status)).map((row) => row.id);
  const cancelled = await tx.executions.cancelWaitingMany(ids(['initial', 'human_in_the_loop']), message, at, by);
  if (cancelled.length > 0) {
    await tx.files.dropDraftsOf(cancelled);
    const error = errorFile(message);
    await tx.files.insertMany(cancelled.flatMap((id) => fileRows(id, [error])));
  }
  const stopping = await tx.executions.requestCancelMany(ids(['processing']), message, by, at);
  return {
    cancelled: cancelled.length,
    stopping,
    unchanged: found.length - cancelled.length - stopping,
    not_found: Math.max(0, named - found.length),
  };
}

export async function saveDrafts(tx: Store, executionId: string, files: readonly NewFile[]): Promise<void> {
  await tx.files.dropDrafts(executionId);
  await insertFiles(tx, executionId, files, -files.length);
}
