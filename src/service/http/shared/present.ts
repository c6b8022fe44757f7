import type {
  ExecutionDetail,
  ExecutionListItem,
  PlanningNote,
  ResultFile,
  ResultFileLink,
  WorkflowActivity,
  WorkflowDetail,
  WorkflowListItem,
} from '../../../contract/openapi-document';
import { DEMO_WORKFLOWS } from '../../accounts/demo-workflows';
import type { LinkSigner } from '../../files/presign';
import type { ExecutionListRow, WorkflowActivityRow } from '../../store/executions/queries';
import type { ExecutionView, FileLink, WorkflowRecord } from '../../store/records';
import type { CachedFile } from './result-cache';

/** A demo workflow is known by its prompt: re-planned from another prompt, it is the person's own. */
const DEMO_PROMPTS = new Set(DEMO_WORKFLOWS.map((demo) => demo.prompt));

/** When a list row's run first started and ended (local choice), where the row carries them. */
type ListTimes = Pick<ExecutionListRow, 'first_started_at' | 'finished_at' | 'started_by' | 'started_by_name'>;

/**
 * Turns stored rows into the exact v1 shapes, with absolute links. In strict-v1 mode only what the
 * v1 description shows: no extension fields and no "not shown" extras.
 */
export class Presenter {
  constructor(
    private readonly publicUrl: string,
    private readonly signer: LinkSigner,
    private readonly strictV1 = false,
  ) {}

  /** What the links presented now depend on: an answer presented with the same value is the same. */
  linkExpiryNow(): number {
    return this.signer.expiryNow();
  }

  workflowUrl(workflowId: string): string {
    return `${this.publicUrl}/workflows/${workflowId}`;
  }

  executionUrl(workflowId: string, executionId: string): string {
    return `${this.publicUrl}/workflows/${workflowId}/executions/${executionId}`;
  }

  workflowListItem(w: WorkflowRecord): WorkflowListItem {
    const item: WorkflowListItem = {
      id: w.id,
      name: w.name,
      description: w.description,
      created_at: w.created_at,
      updated_at: w.updated_at,
    };
    if (!this.strictV1) item.status = w.status;
    return item;
  }

  /** Whether list items carry the `example` and `activity` extensions (so the caller reads the activity). */
  get listsActivity(): boolean {
    return !this.strictV1;
  }

  /** A row of the workflows list: the item, plus (not in strict-v1 mode) the example mark and its runs' activity. */
  workflowListEntry(w: WorkflowRecord, activity: WorkflowActivityRow | undefined, days: number): WorkflowListItem {
    const item = this.workflowListItem(w);
    if (this.strictV1) return item;
    if (DEMO_PROMPTS.has(w.prompt)) item.example = true;
    if (activity) item.activity = this.workflowActivity(activity, days);
    return item;
  }

  private workflowActivity(row: WorkflowActivityRow, days: number): WorkflowActivity {
    return {
      last_run: row.lastRun,
      recent: { days, finished: row.finished, error: row.error, rejected: row.rejected },
      waiting_approval: row.waitingApproval,
    };
  }

  workflowDetail(w: WorkflowRecord): WorkflowDetail {
    const detail: WorkflowDetail = {
      ...this.workflowListItem(w),
      input_schema:
        w.status === 'ready' && w.input_schema !== null
          ? (JSON.parse(w.input_schema) as Record<string, unknown>)
          : null,
    };
    if (this.strictV1) return detail;
    detail.prompt = w.prompt;
    if (w.concurrency) detail.concurrency = w.concurrency;
    if (w.status === 'failed' && w.planning_error) detail.planning_error = w.planning_error;
    if (w.status === 'ready' && w.planning_notes)
      detail.planning_notes = JSON.parse(w.planning_notes) as PlanningNote[];
    return detail;
  }

  /** Whether list items of this status carry `results` (so the caller loads their files). */
  listsResults(status: ExecutionView['status']): boolean {
    return !this.strictV1 && (status === 'finished' || status === 'error');
  }

  /** `files` are the item's result files when listsResults(status), loaded for the whole page at once. */
  executionListItem(e: ExecutionView & Partial<ListTimes>, files: readonly FileLink[] = []): ExecutionListItem {
    const item: ExecutionListItem = {
      id: e.id,
      workflow_id: e.workflow_id,
      status: e.status,
      created_at: e.created_at,
    };
    if (this.strictV1) return item;
    item.url = this.executionUrl(e.workflow_id, e.id);
    if (e.first_started_at) item.started_at = e.first_started_at;
    if (e.finished_at) item.finished_at = e.finished_at;
    if (e.started_by) item.started_by = { key_id: e.started_by, name: e.started_by_name ?? null };
    if (e.batch_id) item.batch_id = e.batch_id;
    if (e.status === 'error' && e.error !== null) item.error = e.error;
    if (this.listsResults(e.status)) item.results = files.map((file) => this.resultLink(file));
    return item;
  }

  resultLink(file: Pick<FileLink, 'id' | 'filename'>): ResultFileLink {
    return { filename: file.filename, url: this.signer.url(file.id, file.filename) };
  }

  /** Whether an execution in `human_in_the_loop` shows its draft as results (not in strict-v1 mode). */
  get showsDrafts(): boolean {
    return !this.strictV1;
  }

  resultFile(file: CachedFile): ResultFile {
    const result: ResultFile = { filename: file.filename, url: this.signer.url(file.id, file.filename) };
    if (file.content !== null) result.content = file.content;
    return result;
  }

  /** Whether an execution detail in this status shows files: its results, or its draft while waiting for approval. */
  showsFiles(status: ExecutionView['status']): boolean {
    return status === 'finished' || status === 'error' || (status === 'human_in_the_loop' && this.showsDrafts);
  }

  /** Whether an execution detail in this status carries retry_after_seconds (waiting or processing). */
  showsRetryAfter(status: ExecutionView['status']): boolean {
    return status === 'initial' || status === 'processing';
  }

  /**
   * The execution detail with only its listed properties. `files` are read when showsFiles(status),
   * and `retryAfterSeconds` when showsRetryAfter(status); the caller loads only those.
   */
  executionDetail(e: ExecutionView, files: readonly CachedFile[], retryAfterSeconds: number): ExecutionDetail {
    const detail: ExecutionDetail = {
      id: e.id,
      workflow_id: e.workflow_id,
      status: e.status,
      created_at: e.created_at,
      url: this.executionUrl(e.workflow_id, e.id),
      results: null,
    };
    if (this.showsRetryAfter(e.status)) detail.retry_after_seconds = retryAfterSeconds;
    if (this.showsFiles(e.status)) detail.results = files.map((file) => this.resultFile(file));
    return detail;
  }
}
