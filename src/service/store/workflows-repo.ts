import type { Concurrency } from '../../contract/openapi-document';
import { countRows } from './db/count-rows';
import type { StoreContext } from './db/context';
import { PreparedQuery } from './db/prepared';
import type { WorkflowRecord } from './records';

const COLUMNS = [
  'id',
  'account_id',
  'name',
  'description',
  'prompt',
  'name_given',
  'description_given',
  'status',
  'planning_error',
  'input_schema',
  'steps',
  'concurrency',
  'planning_notes',
  'created_at',
  'updated_at',
] as const;

export interface PlannedFields {
  name: string;
  description: string;
  input_schema: string | null;
  steps: string;
  concurrency: Concurrency;
  planning_notes: string | null;
}

// Every request on a workflow or its executions reads this one.
const ofAccount = new PreparedQuery((db, id: string, accountId: string) =>
  db.selectFrom('workflows').select(COLUMNS).where('id', '=', id).where('account_id', '=', accountId),
);

export class WorkflowsRepo {
  constructor(private readonly ctx: StoreContext) {}

  /** How many workflows the account has. */
  async countOf(accountId: string): Promise<number> {
    return countRows(this.ctx.db, 'workflows', (eb) => eb('account_id', '=', accountId));
  }

  async insert(workflow: WorkflowRecord): Promise<void> {
    await this.ctx.db.insertInto('workflows').values(workflow).execute();
  }

  /** The workflow when it belongs to the account; another account's id is as unknown as a missing one. */
  async get(accountId: string, id: string): Promise<WorkflowRecord | undefined> {
    return ofAccount.first(this.ctx, id, accountId);
  }

  async byId(id: string): Promise<WorkflowRecord | undefined> {
    return this.ctx.db.selectFrom('workflows').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Up to `limit` workflows newest first, strictly older than `before` when given. */
  async page(accountId: string, before: string | null, limit: number): Promise<WorkflowRecord[]> {
    return this.ctx.db
      .selectFrom('workflows')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .$if(before !== null, (q) => q.where('created_at', '<', before!))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Stores a finished plan; a compare-and-set on status so a plan is applied once, and on `prompt`
   * when given, so a plan of a prompt since replaced is not applied.
   */
  async markReady(id: string, fields: PlannedFields, updatedAt: string, prompt?: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('workflows')
      .set({ ...fields, status: 'ready', planning_error: null, updated_at: updatedAt })
      .where('id', '=', id)
      .where('status', '=', 'planning')
      .$if(prompt !== undefined, (q) => q.where('prompt', '=', prompt!))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async markFailed(id: string, error: string, updatedAt: string, prompt?: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('workflows')
      .set({ status: 'failed', planning_error: error, updated_at: updatedAt })
      .where('id', '=', id)
      .where('status', '=', 'planning')
      .$if(prompt !== undefined, (q) => q.where('prompt', '=', prompt!))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async planning(): Promise<WorkflowRecord[]> {
    return this.ctx.db
      .selectFrom('workflows')
      .select(COLUMNS)
      .where('status', '=', 'planning')
      .orderBy('created_at')
      .execute();
  }

  /** Workflows still planning whose planning lease is free (never taken, or ended before `now`). */
  async planningDue(now: number): Promise<WorkflowRecord[]> {
    return this.ctx.db
      .selectFrom('workflows')
      .select(COLUMNS)
      .where('status', '=', 'planning')
      .where((eb) => eb.or([eb('planning_lease_until', 'is', null), eb('planning_lease_until', '<', Math.floor(now))]))
      .orderBy('created_at')
      .execute();
  }

  /** Takes (or renews) the planning lease of a planning workflow; false when another owner holds it. */
  async claimPlanning(id: string, owner: string, leaseUntil: number, now: number): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('workflows')
      .set({ planning_owner: owner, planning_lease_until: Math.ceil(leaseUntil) })
      .where('id', '=', id)
      .where('status', '=', 'planning')
      .where((eb) =>
        eb.or([
          eb('planning_lease_until', 'is', null),
          eb('planning_lease_until', '<', Math.floor(now)),
          eb('planning_owner', '=', owner),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
