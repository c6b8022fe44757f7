import type { Concurrency } from '../../contract/openapi-document';
import type { Db } from './database';
import type { WorkflowRecord } from './records';

const COLUMNS =
  'id, account_id, name, description, prompt, name_given, description_given, status, planning_error, input_schema, steps, concurrency, planning_notes, created_at, updated_at';

export interface PlannedFields {
  name: string;
  description: string;
  input_schema: string | null;
  steps: string;
  concurrency: Concurrency;
  planning_notes: string | null;
}

export class WorkflowsRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly byIdStmt;
  private readonly pageStmt;
  private readonly pageAfterStmt;
  private readonly readyStmt;
  private readonly failedStmt;
  private readonly planningStmt;

  constructor(private readonly db: Db) {
    this.insertStmt =
      db.prepare(`INSERT INTO workflows (${COLUMNS}) VALUES (@id, @account_id, @name, @description, @prompt, @name_given,
      @description_given, @status, @planning_error, @input_schema, @steps, @concurrency, @planning_notes, @created_at, @updated_at)`);
    this.getStmt = db.prepare<[string, string], WorkflowRecord>(
      `SELECT ${COLUMNS} FROM workflows WHERE id = ? AND account_id = ?`,
    );
    this.byIdStmt = db.prepare<[string], WorkflowRecord>(`SELECT ${COLUMNS} FROM workflows WHERE id = ?`);
    this.pageStmt = db.prepare<[string, number], WorkflowRecord>(
      `SELECT ${COLUMNS} FROM workflows WHERE account_id = ? ORDER BY created_at DESC LIMIT ?`,
    );
    this.pageAfterStmt = db.prepare<[string, string, number], WorkflowRecord>(
      `SELECT ${COLUMNS} FROM workflows WHERE account_id = ? AND created_at < ? ORDER BY created_at DESC LIMIT ?`,
    );
    this.readyStmt =
      db.prepare(`UPDATE workflows SET status = 'ready', planning_error = NULL, name = @name, description = @description,
      input_schema = @input_schema, steps = @steps, concurrency = @concurrency, planning_notes = @planning_notes, updated_at = @updated_at WHERE id = @id AND status = 'planning'`);
    this.failedStmt = db.prepare(
      `UPDATE workflows SET status = 'failed', planning_error = ?, updated_at = ? WHERE id = ? AND status = 'planning'`,
    );
    this.planningStmt = db.prepare<[], WorkflowRecord>(
      `SELECT ${COLUMNS} FROM workflows WHERE status = 'planning' ORDER BY created_at`,
    );
  }

  async insert(workflow: WorkflowRecord): Promise<void> {
    this.insertStmt.run(workflow);
  }

  /** The workflow when it belongs to the account; another account's id is as unknown as a missing one. */
  async get(accountId: string, id: string): Promise<WorkflowRecord | undefined> {
    return this.getStmt.get(id, accountId);
  }

  async byId(id: string): Promise<WorkflowRecord | undefined> {
    return this.byIdStmt.get(id);
  }

  /** Up to `limit` workflows newest first, strictly older than `before` when given. */
  async page(accountId: string, before: string | null, limit: number): Promise<WorkflowRecord[]> {
    return before === null ? this.pageStmt.all(accountId, limit) : this.pageAfterStmt.all(accountId, before, limit);
  }

  /** Stores a finished plan; a compare-and-set on status so a plan is applied once. */
  async markReady(id: string, fields: PlannedFields, updatedAt: string): Promise<boolean> {
    return this.readyStmt.run({ id, ...fields, updated_at: updatedAt }).changes === 1;
  }

  async markFailed(id: string, error: string, updatedAt: string): Promise<boolean> {
    return this.failedStmt.run(error, updatedAt, id).changes === 1;
  }

  async planning(): Promise<WorkflowRecord[]> {
    return this.planningStmt.all();
  }

  /** Workflows still planning whose planning lease is free (never taken, or ended before `now`). */
  async planningDue(now: number): Promise<WorkflowRecord[]> {
    return this.db
      .prepare<[number], WorkflowRecord>(
        `SELECT ${COLUMNS} FROM workflows WHERE status = 'planning' AND (planning_lease_until IS NULL OR planning_lease_until < ?) ORDER BY created_at`,
      )
      .all(now);
  }

  /** Takes (or renews) the planning lease of a planning workflow; false when another owner holds it. */
  async claimPlanning(id: string, owner: string, leaseUntil: number, now: number): Promise<boolean> {
    return (
      this.db
        .prepare(
          `UPDATE workflows SET planning_owner = ?, planning_lease_until = ? WHERE id = ? AND status = 'planning'
           AND (planning_lease_until IS NULL OR planning_lease_until < ? OR planning_owner = ?)`,
        )
        .run(owner, leaseUntil, id, now, owner).changes === 1
    );
  }
}
