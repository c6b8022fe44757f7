import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { contentTypeFor, inlineContent } from '../files/content-types';
import { AccountsRepo } from './accounts-repo';
import { openDatabase, type Db } from './database';
import { ExecutionQueries } from './execution-queries';
import { ExecutionStepsRepo } from './execution-steps-repo';
import { ExecutionsRepo, type NewExecution } from './executions-repo';
import { FilesRepo } from './files-repo';
import { MetaRepo } from './meta-repo';
import type { NewFile, WorkflowRecord } from './records';
import { formatMicros, TimestampIssuer } from './timestamps';
import { WorkflowsRepo } from './workflows-repo';

export interface NewWorkflow {
  accountId: string;
  prompt: string;
  name: string;
  description: string;
  nameGiven: boolean;
  descriptionGiven: boolean;
}

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

export interface BatchOptions {
  batchId: string;
  cap: number;
}

/** The durable state of the service: one SQLite file plus the operations that must be atomic. */
export class Store {
  readonly accounts: AccountsRepo;
  readonly workflows: WorkflowsRepo;
  readonly executions: ExecutionsRepo;
  /** The lists' filters and the stats of the local extensions. */
  readonly executionQueries: ExecutionQueries;
  /** Each execution's step timing and outcomes (local extension). */
  readonly steps: ExecutionStepsRepo;
  readonly files: FilesRepo;
  readonly meta: MetaRepo;
  readonly timestamps: TimestampIssuer;

  constructor(
    readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.accounts = new AccountsRepo(db);
    this.workflows = new WorkflowsRepo(db);
    this.steps = new ExecutionStepsRepo(db);
    this.executions = new ExecutionsRepo(db, this.steps, () => this.nowIso());
    this.executionQueries = new ExecutionQueries(db);
    this.files = new FilesRepo(db);
    this.meta = new MetaRepo(db);
    this.timestamps = new TimestampIssuer(
      () => clock.now() * 1000,
      (id) => this.accounts.lastCreatedMicros(id),
      (id, micros) => this.accounts.saveLastCreatedMicros(id, micros),
    );
  }

  /** Now as a stored timestamp, for values that need not be unique (updated_at, finished_at). */
  nowIso(): string {
    return formatMicros(Math.floor(this.clock.now() * 1000));
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  createWorkflow(
    input: NewWorkflow,
    plan?: Pick<WorkflowRecord, 'status' | 'input_schema' | 'steps' | 'concurrency'> &
      Partial<Pick<WorkflowRecord, 'planning_notes'>>,
  ): WorkflowRecord {
    return this.transaction(() => {
      const [micros] = this.timestamps.issue(input.accountId) as [number];
      const createdAt = formatMicros(micros);
      const record: WorkflowRecord = {
        id: randomUUID(),
        account_id: input.accountId,
        name: input.name,
        description: input.description,
        prompt: input.prompt,
        name_given: input.nameGiven ? 1 : 0,
        description_given: input.descriptionGiven ? 1 : 0,
        status: plan?.status ?? 'planning',
        planning_error: null,
        input_schema: plan?.input_schema ?? null,
        steps: plan?.steps ?? null,
        concurrency: plan?.concurrency ?? null,
        planning_notes: plan?.planning_notes ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      };
      this.workflows.insert(record);
      return record;
    });
  }

  /** Inserts one execution per input in a single transaction, with consecutive created_at values. */
  createExecutions(
    accountId: string,
    workflowId: string,
    inputs: readonly unknown[],
    batch: BatchOptions | null,
  ): NewExecution[] {
    return this.transaction(() => {
      const stamps = this.timestamps.issue(accountId, inputs.length);
      return inputs.map((input, index) => {
        const execution: NewExecution = {
          id: randomUUID(),
          account_id: accountId,
          workflow_id: workflowId,
          batch_id: batch?.batchId ?? null,
          batch_cap: batch?.cap ?? null,
          input: JSON.stringify(input ?? {}),
          created_at: formatMicros(stamps[index] as number),
        };
        this.executions.insert(execution);
        return execution;
      });
    });
  }

  private insertFiles(executionId: string, files: readonly NewFile[], firstPosition = 0): void {
    files.forEach((file, index) => {
      this.files.insert({
        id: randomUUID(),
        execution_id: executionId,
        position: firstPosition + index,
        filename: file.filename,
        content_type: contentTypeFor(file.filename),
        data: file.data,
        size: file.data.byteLength,
        inline: inlineContent(file.filename, file.data) === null ? 0 : 1,
      });
    });
  }

  /**
   * Stores the results and marks the run finished, only if this attempt still owns it. A run
   * cancelled during its last step ends in error instead, as the cancel answer promised.
   */
  completeExecution(id: string, attempt: number, files: readonly NewFile[]): boolean {
    return this.transaction(() => {
      const cancelled = this.executions.cancelRequest(id);
      if (cancelled !== null) return this.failExecution(id, attempt, cancelled);
      if (!this.executions.finish(id, attempt, this.nowIso())) return false;
      this.insertFiles(id, files);
      return true;
    });
  }

  /** Ends the run in error with an error.txt result, only if this attempt still owns it. */
  failExecution(id: string, attempt: number, message: string): boolean {
    return this.transaction(() => {
      if (!this.executions.fail(id, attempt, message, this.nowIso())) return false;
      this.insertFiles(id, [errorFile(message)]);
      return true;
    });
  }

  /** Ends an execution waiting for approval in error; false when it was not waiting. */
  rejectExecution(id: string, message: string): boolean {
    return this.transaction(() => {
      if (!this.executions.reject(id, message, this.nowIso())) return false;
      this.insertFiles(id, [errorFile(message)]);
      return true;
    });
  }

  /**
   * Cancels executions of one workflow of one account, by batch or by ids, in one transaction:
   * waiting ones end in error now (with an error.txt, as failures do), processing ones are marked
   * to stop at their next step boundary, finished and failed ones stay as they are.
   */
  cancelExecutions(
    accountId: string,
    workflowId: string,
    target: { batchId: string } | { ids: readonly string[] },
    message: string,
  ): CancelCounts {
    return this.transaction(() => {
      const named = 'ids' in target ? new Set(target.ids).size : 0;
      const found = this.executions.cancelTargets(
        accountId,
        workflowId,
        'ids' in target ? { ids: [...new Set(target.ids)] } : target,
      );
      const counts: CancelCounts = {
        cancelled: 0,
        stopping: 0,
        unchanged: 0,
        not_found: Math.max(0, named - found.length),
      };
      const finishedAt = this.nowIso();
      for (const execution of found) {
        const waiting = execution.status === 'initial' || execution.status === 'human_in_the_loop';
        if (waiting && this.executions.cancelWaiting(execution.id, message, finishedAt)) {
          this.files.dropDrafts(execution.id);
          this.insertFiles(execution.id, [errorFile(message)]);
          counts.cancelled += 1;
        } else if (execution.status === 'processing' && this.executions.requestCancel(execution.id, message)) {
          counts.stopping += 1;
        } else {
          counts.unchanged += 1;
        }
      }
      return counts;
    });
  }

  /** Replaces the draft files shown while an execution waits for approval. */
  saveDrafts(executionId: string, files: readonly NewFile[]): void {
    this.transaction(() => {
      this.files.dropDrafts(executionId);
      this.insertFiles(executionId, files, -files.length);
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function errorFile(message: string): NewFile {
  return { filename: 'error.txt', data: new TextEncoder().encode(message) };
}

export function openStore(dataDir: string, clock: Clock): Store {
  return new Store(openDatabase(dataDir), clock);
}
