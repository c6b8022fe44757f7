import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { AccountsRepo } from './accounts-repo';
import { ApiKeysRepo } from './api-keys-repo';
import { BatchesRepo } from './batches-repo';
import type { StoreContext } from './db/context';
import { openDatabase, type ReadIfIdle, type RunPrepared, type StoreDialect } from './db/open';
import type { Database } from './db/schema';
import type { RunGiven } from './executions/table';
import { pendingMigrations } from './db/migrate';
import * as outcomes from './executions/outcomes';
import type { CancelCounts, CancelRequest } from './executions/outcomes';
import { ExecutionQueries } from './executions/queries';
import { ExecutionStepsRepo } from './executions/steps-repo';
import { ExecutionsRepo, type Decision, type NewExecution } from './executions/executions-repo';
import { FilesRepo } from './files-repo';
import { QuotaExceeded } from './quota-exceeded';
import { MetaRepo } from './meta-repo';
import { RateWindowsRepo } from './rate-windows-repo';
import { RetentionRepo } from './retention-repo';
import type { NewFile, WorkflowRecord } from './records';
import { formatMicros, TimestampIssuer } from './timestamps';
import { WorkflowEditsRepo } from './workflow-edits-repo';
import { WorkflowsRepo } from './workflows-repo';

export type { CancelCounts } from './executions/outcomes';
export type { StoreDialect } from './db/open';

export interface NewWorkflow {
  accountId: string;
  prompt: string;
  name: string;
  description: string;
  nameGiven: boolean;
  descriptionGiven: boolean;
}

export interface BatchOptions {
  batchId: string;
  cap: number;
}

export interface StoreLocation {
  /** Where the SQLite file lives (`${dataDir}/service.db`) when there is no databaseUrl. */
  dataDir: string;
  /** postgres://… to keep everything in PostgreSQL; undefined or empty for SQLite. */
  databaseUrl?: string | undefined;
}

/**
 * The durable state of the service plus the operations that must be atomic, on SQLite or
 * PostgreSQL. A Store made by `transaction` is bound to that transaction: its repos and methods
 * all run in it, and its own `transaction` just runs the function in the same one.
 */
export class Store {
  readonly accounts: AccountsRepo;
  readonly apiKeys: ApiKeysRepo;
  /** Batches declared by the dashboard, and their rows' attempts (local extension). */
  readonly batches: BatchesRepo;
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
  /** Rate-limit windows every replica counts in (used when the store is shared). */
  readonly rateWindows: RateWindowsRepo;
  /** Accounts' retention and the cleaner's reads and deletes of ended runs. */
  readonly retention: RetentionRepo;
  readonly timestamps: TimestampIssuer;
  /** True when other replicas may use the same database (PostgreSQL). */
  readonly shared: boolean;

  private constructor(
    /** The database, or the open transaction this store is bound to; tests may query it. */
    readonly kysely: Kysely<Database>,
    readonly dialect: StoreDialect,
    private readonly clock: Clock,
    private readonly readIfIdle?: ReadIfIdle,
    private readonly runPrepared?: RunPrepared,
  ) {
    // Inside a transaction every read goes through it, so it sees the transaction's own writes.
    const ctx: StoreContext = kysely.isTransaction
      ? { db: kysely, dialect }
      : { db: kysely, dialect, readIfIdle, runPrepared };
    this.shared = dialect === 'postgres';
    this.accounts = new AccountsRepo(ctx);
    this.apiKeys = new ApiKeysRepo(ctx);
    this.batches = new BatchesRepo(ctx);
    this.workflows = new WorkflowsRepo(ctx);
    this.workflowEdits = new WorkflowEditsRepo(ctx);
    this.steps = new ExecutionStepsRepo(ctx);
    this.executions = new ExecutionsRepo(ctx, this.steps, () => this.nowIso());
    this.executionQueries = new ExecutionQueries(ctx);
    this.files = new FilesRepo(ctx);
    this.meta = new MetaRepo(ctx);
    this.rateWindows = new RateWindowsRepo(ctx);
    this.retention = new RetentionRepo(ctx);
    this.timestamps = new TimestampIssuer(
      () => clock.now() * 1000,
      (id, count, now) => this.accounts.reserveCreated(id, count, now),
    );
  }

  /** Opens the store: PostgreSQL when `databaseUrl` is set, else `${dataDir}/service.db`; migrations run first. */
  static async open(location: StoreLocation, clock: Clock): Promise<Store> {
    const { kysely, dialect, readIfIdle, runPrepared } = await openDatabase(
      location.dataDir,
      location.databaseUrl || undefined,
    );
    return new Store(kysely, dialect, clock, readIfIdle, runPrepared);
  }

  /** Now as a stored timestamp, for values that need not be unique (updated_at, finished_at). */
  nowIso(): string {
    return formatMicros(Math.floor(this.clock.now() * 1000));
  }

  /** Runs `fn` in one transaction with a store bound to it; inside a transaction, runs it in that one. */
  async transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    if (this.kysely.isTransaction) return fn(this);
    return this.kysely.transaction().execute((trx) => fn(new Store(trx, this.dialect, this.clock)));
  }

  /**
   * Creates a workflow; with `maxWorkflows`, throws QuotaExceeded when the account already has
   * that many (counted after its row is locked, so concurrent creations cannot both pass).
   */
  async createWorkflow(
    input: NewWorkflow,
    plan?: Pick<WorkflowRecord, 'status' | 'input_schema' | 'steps' | 'concurrency'> &
      Partial<Pick<WorkflowRecord, 'planning_notes'>>,
    maxWorkflows?: number,
  ): Promise<WorkflowRecord> {
    return this.transaction(async (tx) => {
      const [micros] = (await tx.timestamps.issue(input.accountId)) as [number];
      if (maxWorkflows !== undefined) {
        const count = await tx.workflows.countOf(input.accountId);
        if (count >= maxWorkflows) throw new QuotaExceeded('workflows', maxWorkflows, count);
      }
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

  /**
   * Inserts one execution per input in a single transaction, with consecutive created_at values.
   * With `maxQueued`, throws QuotaExceeded when the account's waiting executions would pass it;
   * `startedBy` is the id of the key that asked; `given`, what the request set on its runs.
   */
  async createExecutions(
    accountId: string,
    workflowId: string,
    inputs: readonly unknown[],
    batch: BatchOptions | null,
    maxQueued?: number,
    startedBy: string | null = null,
    given: RunGiven = {},
  ): Promise<NewExecution[]> {
    return this.transaction(async (tx) => {
      const stamps = await tx.timestamps.issue(accountId, inputs.length);
      if (maxQueued !== undefined) {
        const waiting = await tx.executions.waitingOf(accountId);
        if (waiting + inputs.length > maxQueued) throw new QuotaExceeded('queued', maxQueued, waiting);
      }
      const executions = inputs.map((input, index): NewExecution => ({
        ...given,
        id: randomUUID(),
        account_id: accountId,
        workflow_id: workflowId,
        batch_id: batch?.batchId ?? null,
        batch_cap: batch?.cap ?? null,
        input: JSON.stringify(input ?? {}),
        created_at: formatMicros(stamps[index] as number),
        started_by: startedBy,
      }));
      await tx.executions.insertMany(executions);
      return executions;
    });
  }

  /**
   * Stores the results and marks the run finished, only if this attempt still owns it. A run
   * cancelled during its last step ends in error instead, as the cancel answer promised. With
   * `lastStepIndex`, that step's row is finished in the same transaction.
   */
  completeExecution(id: string, attempt: number, files: readonly NewFile[], lastStepIndex?: number): Promise<boolean> {
    return this.transaction((tx) => outcomes.completeExecution(tx, id, attempt, files, lastStepIndex));
  }

  /** Ends the run in error with an error.txt result, only if this attempt still owns it. */
  failExecution(id: string, attempt: number, message: string): Promise<boolean> {
    return this.transaction((tx) => outcomes.failExecution(tx, id, attempt, message));
  }

  /** Ends an execution waiting for approval in error, keeping its draft as results; false when it was not waiting. */
  rejectExecution(id: string, message: string, decision: Decision): Promise<boolean> {
    return this.transaction((tx) => outcomes.rejectExecution(tx, id, message, decision));
  }

  /**
   * Cancels executions of one workflow of one account, by batch or by ids, in one transaction:
   * waiting ones end in error now (with an error.txt, as failures do), processing ones are marked
   * to stop at their next step boundary, finished and failed ones stay as they are.
   */
  cancelExecutions(request: CancelRequest): Promise<CancelCounts> {
    return this.transaction((tx) => outcomes.cancelExecutions(tx, request));
  }

  /** Replaces the draft files shown while an execution waits for approval. */
  saveDrafts(executionId: string, files: readonly NewFile[]): Promise<void> {
    return this.transaction((tx) => outcomes.saveDrafts(tx, executionId, files));
  }

  /** Migrations this service has that the database lacks; a query that fails means the database is not answering. */
  pendingMigrations(): Promise<number> {
    return pendingMigrations(this.kysely);
  }

  /** Closes the connection (SQLite) or the pool (PostgreSQL); a second call does nothing. */
  async close(): Promise<void> {
    if (this.closed || this.kysely.isTransaction) return;
    this.closed = true;
    await this.kysely.destroy();
  }

  private closed = false;
}

/** Opens the store: PostgreSQL when `databaseUrl` is set, else `${dataDir}/service.db`; migrations run first. */
export function openStore(location: StoreLocation, clock: Clock): Promise<Store> {
  return Store.open(location, clock);
}
