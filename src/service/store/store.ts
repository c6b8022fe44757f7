import { randomUUID } from 'node:crypto';
import { Kysely, SqliteDialect } from 'kysely';
import type { Clock } from '../clock';
import { contentTypeFor, inlineContent } from '../files/content-types';
import { AccountsRepo } from './accounts-repo';
import { openDatabase, type Db } from './database';
import type { Database } from './db/schema';
import { ExecutionQueries } from './execution-queries';
import { ExecutionStepsRepo } from './execution-steps-repo';
import { ExecutionsRepo, type NewExecution } from './executions-repo';
import { FilesRepo } from './files-repo';
import { MetaRepo } from './meta-repo';
import { RateWindowsRepo } from './rate-windows-repo';
import type { NewFile, WorkflowRecord } from './records';
import { formatMicros, TimestampIssuer } from './timestamps';
import { WorkflowEditsRepo } from './workflow-edits-repo';
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

export type StoreDialect = 'sqlite' | 'postgres';

export interface StoreLocation {
  /** Where the SQLite file lives (`${dataDir}/service.db`) when there is no databaseUrl. */
  dataDir: string;
  /** postgres://… to keep everything in PostgreSQL; undefined or empty for SQLite. */
  databaseUrl?: string | undefined;
}

/** Serializes transactions on the one SQLite connection. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

/** The durable state of the service plus the operations that must be atomic. */
export class Store {
  readonly accounts: AccountsRepo;
  readonly workflows: WorkflowsRepo;
  /** The local "fix or remove" extensions' writes. */
  readonly workflowEdits: WorkflowEditsRepo;
  readonly executions: ExecutionsRepo;
  /** The lists' filters and the stats of the local extensions. */
  readonly executionQueries: ExecutionQueries;
  /** Each execution's step timing and outcomes (local extension). */
  readonly steps: ExecutionStepsRepo;
  readonly files: FilesRepo;
  readonly meta: MetaRepo;
  /** Rate-limit windows shared by replicas (used on a shared store). */
  readonly rateWindows: RateWindowsRepo;
  readonly timestamps: TimestampIssuer;
  readonly dialect: StoreDialect = 'sqlite';
  /** True when other replicas may use the same database (PostgreSQL). */
  readonly shared: boolean = false;

  private constructor(
    private readonly db: Db,
    readonly kysely: Kysely<Database>,
    private readonly clock: Clock,
    private readonly lock: Mutex,
    private readonly inTransaction: boolean,
  ) {
    this.accounts = new AccountsRepo(db);
    this.workflows = new WorkflowsRepo(db);
    this.workflowEdits = new WorkflowEditsRepo(db);
    this.steps = new ExecutionStepsRepo(db);
    this.executions = new ExecutionsRepo(db, this.steps, () => this.nowIso());
    this.executionQueries = new ExecutionQueries(db);
    this.files = new FilesRepo(db);
    this.meta = new MetaRepo(db);
    this.rateWindows = new RateWindowsRepo(db);
    this.timestamps = new TimestampIssuer(
      () => clock.now() * 1000,
      (id, count, now) => this.accounts.reserveCreated(id, count, now),
    );
  }

  static async open(location: StoreLocation, clock: Clock): Promise<Store> {
    if (location.databaseUrl) throw new Error('PostgreSQL is not available yet');
    const db = openDatabase(location.dataDir);
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: db }) });
    return new Store(db, kysely, clock, new Mutex(), false);
  }

  /** Now as a stored timestamp, for values that need not be unique (updated_at, finished_at). */
  nowIso(): string {
    return formatMicros(Math.floor(this.clock.now() * 1000));
  }

  /** Runs `fn` in one transaction with a store bound to it; inside a transaction, runs it in that one. */
  async transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    const release = await this.lock.acquire();
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(new Store(this.db, this.kysely, this.clock, this.lock, true));
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      release();
    }
  }

  async createWorkflow(
    input: NewWorkflow,
    plan?: Pick<WorkflowRecord, 'status' | 'input_schema' | 'steps' | 'concurrency'> &
      Partial<Pick<WorkflowRecord, 'planning_notes'>>,
  ): Promise<WorkflowRecord> {
    return this.transaction(async (tx) => {
      const [micros] = (await tx.timestamps.issue(input.accountId)) as [number];
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
      await tx.workflows.insert(record);
      return record;
    });
  }

  /** Inserts one execution per input in a single transaction, with consecutive created_at values. */
  async createExecutions(
    accountId: string,
    workflowId: string,
    inputs: readonly unknown[],
    batch: BatchOptions | null,
  ): Promise<NewExecution[]> {
    return this.transaction(async (tx) => {
      const stamps = await tx.timestamps.issue(accountId, inputs.length);
      const executions = inputs.map((input, index): NewExecution => ({
        id: randomUUID(),
        account_id: accountId,
        workflow_id: workflowId,
        batch_id: batch?.batchId ?? null,
        batch_cap: batch?.cap ?? null,
        input: JSON.stringify(input ?? {}),
        created_at: formatMicros(stamps[index] as number),
      }));
      await tx.executions.insertMany(executions);
      return executions;
    });
  }

  private async insertFiles(executionId: string, files: readonly NewFile[], firstPosition = 0): Promise<void> {
    for (const [index, file] of files.entries()) {
      await this.files.insert({
        id: randomUUID(),
        execution_id: executionId,
        position: firstPosition + index,
        filename: file.filename,
        content_type: contentTypeFor(file.filename),
        data: file.data,
        size: file.data.byteLength,
        inline: inlineContent(file.filename, file.data) === null ? 0 : 1,
      });
    }
  }

  /**
   * Stores the results and marks the run finished, only if this attempt still owns it. A run
   * cancelled during its last step ends in error instead, as the cancel answer promised. With
   * `lastStepIndex`, that step's row is finished in the same transaction.
   */
  async completeExecution(
    id: string,
    attempt: number,
    files: readonly NewFile[],
    lastStepIndex?: number,
  ): Promise<boolean> {
    return this.transaction(async (tx) => {
      const cancelled = await tx.executions.cancelRequest(id);
      if (cancelled !== null) return tx.failExecution(id, attempt, cancelled);
      const at = tx.nowIso();
      if (!(await tx.executions.finish(id, attempt, at))) return false;
      if (lastStepIndex !== undefined) await tx.steps.finished(id, lastStepIndex, at);
      await tx.insertFiles(id, files);
      return true;
    });
  }

  /** Ends the run in error with an error.txt result, only if this attempt still owns it. */
  async failExecution(id: string, attempt: number, message: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      if (!(await tx.executions.fail(id, attempt, message, tx.nowIso()))) return false;
      await tx.insertFiles(id, [errorFile(message)]);
      return true;
    });
  }

  /** Ends an execution waiting for approval in error; false when it was not waiting. */
  async rejectExecution(id: string, message: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      if (!(await tx.executions.reject(id, message, tx.nowIso()))) return false;
      await tx.insertFiles(id, [errorFile(message)]);
      return true;
    });
  }

  /**
   * Cancels executions of one workflow of one account, by batch or by ids, in one transaction:
   * waiting ones end in error now (with an error.txt, as failures do), processing ones are marked
   * to stop at their next step boundary, finished and failed ones stay as they are.
   */
  async cancelExecutions(
    accountId: string,
    workflowId: string,
    target: { batchId: string } | { ids: readonly string[] },
    message: string,
  ): Promise<CancelCounts> {
    return this.transaction(async (tx) => {
      const named = 'ids' in target ? new Set(target.ids).size : 0;
      const found = await tx.executions.cancelTargets(
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
      const finishedAt = tx.nowIso();
      for (const execution of found) {
        const waiting = execution.status === 'initial' || execution.status === 'human_in_the_loop';
        if (waiting && (await tx.executions.cancelWaiting(execution.id, message, finishedAt))) {
          await tx.files.dropDrafts(execution.id);
          await tx.insertFiles(execution.id, [errorFile(message)]);
          counts.cancelled += 1;
        } else if (execution.status === 'processing' && (await tx.executions.requestCancel(execution.id, message))) {
          counts.stopping += 1;
        } else {
          counts.unchanged += 1;
        }
      }
      return counts;
    });
  }

  /** Replaces the draft files shown while an execution waits for approval. */
  async saveDrafts(executionId: string, files: readonly NewFile[]): Promise<void> {
    await this.transaction(async (tx) => {
      await tx.files.dropDrafts(executionId);
      await tx.insertFiles(executionId, files, -files.length);
    });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function errorFile(message: string): NewFile {
  return { filename: 'error.txt', data: new TextEncoder().encode(message) };
}

/** Opens the store: PostgreSQL when `databaseUrl` is set, else `${dataDir}/service.db`; migrations run first. */
export function openStore(location: StoreLocation, clock: Clock): Promise<Store> {
  return Store.open(location, clock);
}
