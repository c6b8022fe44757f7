import type {
  ExecutionDetail,
  ExecutionListItem,
  ResultFile,
  WorkflowDetail,
  WorkflowListItem,
} from '../../contract/openapi-document';
import type { Engine } from '../engine/engine';
import type { LinkSigner } from '../files/presign';
import type { ExecutionView, WorkflowRecord } from '../store/records';
import type { CachedFile } from './result-cache';

/** Turns stored rows into the exact v1 shapes, with absolute links. */
export class Presenter {
  constructor(
    private readonly publicUrl: string,
    private readonly signer: LinkSigner,
    private readonly engine: Engine,
  ) {}

  workflowUrl(workflowId: string): string {
    return `${this.publicUrl}/workflows/${workflowId}`;
  }

  executionUrl(workflowId: string, executionId: string): string {
    return `${this.publicUrl}/workflows/${workflowId}/executions/${executionId}`;
  }

  workflowListItem(w: WorkflowRecord): WorkflowListItem {
    return { id: w.id, name: w.name, description: w.description, created_at: w.created_at, updated_at: w.updated_at, status: w.status };
  }

  workflowDetail(w: WorkflowRecord): WorkflowDetail {
    const detail: WorkflowDetail = {
      ...this.workflowListItem(w),
      input_schema: w.status === 'ready' && w.input_schema !== null ? (JSON.parse(w.input_schema) as Record<string, unknown>) : null,
    };
    if (w.concurrency) detail.concurrency = w.concurrency;
    if (w.status === 'failed' && w.planning_error) detail.planning_error = w.planning_error;
    return detail;
  }

  executionListItem(e: ExecutionView): ExecutionListItem {
    const item: ExecutionListItem = {
      id: e.id,
      workflow_id: e.workflow_id,
      status: e.status,
      created_at: e.created_at,
      url: this.executionUrl(e.workflow_id, e.id),
    };
    if (e.status === 'error' && e.error !== null) item.error = e.error;
    return item;
  }

  resultFile(file: CachedFile): ResultFile {
    const result: ResultFile = { filename: file.filename, url: this.signer.url(file.id, file.filename) };
    if (file.content !== null) result.content = file.content;
    return result;
  }

  /**
   * The execution detail with only its listed properties. `workflow` is needed only while the
   * run is waiting or processing, to estimate retry_after_seconds.
   */
  executionDetail(e: ExecutionView, files: () => CachedFile[], workflow: () => WorkflowRecord | undefined): ExecutionDetail {
    const detail: ExecutionDetail = {
      id: e.id,
      workflow_id: e.workflow_id,
      status: e.status,
      created_at: e.created_at,
      url: this.executionUrl(e.workflow_id, e.id),
      results: null,
    };
    if (e.status === 'initial' || e.status === 'processing') {
      const w = workflow();
      detail.retry_after_seconds = w ? this.engine.retryAfterSeconds(e, w) : 1;
    }
    if (e.status === 'finished' || e.status === 'error') detail.results = files().map((file) => this.resultFile(file));
    return detail;
  }
}
