import { sql } from 'kysely';
import { countRows } from './db/count-rows';
import { atomically, type StoreContext } from './db/context';

const ACTIVE_STATUSES = ['initial', 'processing', 'human_in_the_loop'] as const;

/** What the local "fix or remove" extensions change: a workflow's name and prompt, or the whole workflow. */
export class WorkflowEditsRepo {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * A name or description the user changes here becomes theirs, so a later re-plan keeps it (as one
   * given on create). One sent back unchanged stays the planner's: the rename dialog sends both, and
   * a generated description must follow the next plan.
   */
  async update(id: string, changes: { name?: string; description?: string }, updatedAt: string): Promise<void> {
    const givenIf = (column: 'name' | 'description', value: string) =>
      sql<0 | 1>`case when ${sql.ref(column)} = ${value} then ${sql.ref(`${column}_given`)} else 1 end`;
    await this.ctx.db
      .updateTable('workflows')
      .set({
        updated_at: updatedAt,
        ...(changes.name !== undefined ? { name: changes.name, name_given: givenIf('name', changes.name) } : {}),
        ...(changes.description !== undefined
          ? { description: changes.description, description_given: givenIf('description', changes.description) }
          : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Puts the workflow back into planning with a new prompt; its executions stay as they are. */
  async replan(id: string, prompt: string, updatedAt: string): Promise<void> {
    await this.ctx.db
      .updateTable('workflows')
      .set({
        prompt,
        status: 'planning',
        planning_error: null,
        input_schema: null,
        steps: null,
        concurrency: null,
        planning_notes: null,
        // A new plan is due: any replica may take it at once.
        planning_owner: null,
        planning_lease_until: null,
        updated_at: updatedAt,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Executions that would still run under the current plan: waiting, processing or waiting for approval. */
  async activeCount(id: string): Promise<number> {
    return countRows(this.ctx.db, 'executions', (eb) =>
      eb.and([eb('workflow_id', '=', id), eb('status', 'in', ACTIVE_STATUSES)]),
    );
  }

  /** Removes the workflow with its executions, their step records and files, and its batches. */
  async delete(id: string): Promise<void> {
    // A run in flight may write a step record or a file between two of the deletes below (PostgreSQL
    // interleaves writers; SQLite's one writer never does): the delete then fails on a foreign key or
    // a deadlock with that write. Once the write is done, a second try removes it too.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deleteOnce(id);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 3 || this.ctx.dialect !== 'postgres' || !['23503', '40P01'].includes(String(code))) throw error;
      }
    }
  }

  private async deleteOnce(id: string): Promise<void> {
    // Children before parents, in one transaction: the foreign keys hold at every statement.
    await atomically(this.ctx, async (db) => {
      const ofWorkflow = db.selectFrom('executions').select('id').where('workflow_id', '=', id);
      await db.deleteFrom('files').where('execution_id', 'in', ofWorkflow).execute();
      await db.deleteFrom('execution_steps').where('execution_id', 'in', ofWorkflow).execute();
      // By execution: a batch id is unique within its account only, so another account may share it.
      await db.deleteFrom('batch_rows').where('execution_id', 'in', ofWorkflow).execute();
      await db.deleteFrom('batches').where('workflow_id', '=', id).execute();
      await db.deleteFrom('executions').where('workflow_id', '=', id).execute();
      await db.deleteFrom('workflows').where('id', '=', id).execute();
    });
  }
}
