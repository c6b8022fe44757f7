import type { Db } from './database';

const ACTIVE_STATUSES = "('initial', 'processing', 'human_in_the_loop')";
const OF_WORKFLOW = 'SELECT id FROM executions WHERE workflow_id = ?';

/** What the local "fix or remove" extensions change: a workflow's name and prompt, or the whole workflow. */
export class WorkflowEditsRepo {
  private readonly updateStmt;
  private readonly replanStmt;
  private readonly activeStmt;
  private readonly deleteAll;

  constructor(db: Db) {
    // A name or description set here is the user's, so a later re-plan keeps it (as one given on create).
    this.updateStmt = db.prepare(
      `UPDATE workflows SET name = COALESCE(@name, name), name_given = (name_given OR @name IS NOT NULL),
      description = COALESCE(@description, description), description_given = (description_given OR @description IS NOT NULL),
      updated_at = @updatedAt WHERE id = @id`,
    );
    this.replanStmt = db.prepare<[string, string, string]>(
      `UPDATE workflows SET prompt = ?, status = 'planning', planning_error = NULL, input_schema = NULL, steps = NULL,
      concurrency = NULL, planning_notes = NULL, updated_at = ? WHERE id = ?`,
    );
    this.activeStmt = db.prepare<[string], { n: number }>(
      `SELECT COUNT(*) AS n FROM executions WHERE workflow_id = ? AND status IN ${ACTIVE_STATUSES}`,
    );
    const statements = [
      db.prepare(`DELETE FROM files WHERE execution_id IN (${OF_WORKFLOW})`),
      db.prepare(`DELETE FROM execution_steps WHERE execution_id IN (${OF_WORKFLOW})`),
      db.prepare('DELETE FROM executions WHERE workflow_id = ?'),
      db.prepare('DELETE FROM workflows WHERE id = ?'),
    ];
    // Children before parents, in one transaction: the foreign keys hold at every statement.
    this.deleteAll = db.transaction((id: string) => {
      for (const statement of statements) statement.run(id);
    });
  }

  async update(id: string, changes: { name?: string; description?: string }, updatedAt: string): Promise<void> {
    this.updateStmt.run({ id, name: changes.name ?? null, description: changes.description ?? null, updatedAt });
  }

  /** Puts the workflow back into planning with a new prompt; its executions stay as they are. */
  async replan(id: string, prompt: string, updatedAt: string): Promise<void> {
    this.replanStmt.run(prompt, updatedAt, id);
  }

  /** Executions that would still run under the current plan: waiting, processing or waiting for approval. */
  async activeCount(id: string): Promise<number> {
    return this.activeStmt.get(id)?.n ?? 0;
  }

  /** Removes the workflow with its executions, their step records and their files. */
  async delete(id: string): Promise<void> {
    this.deleteAll(id);
  }
}
