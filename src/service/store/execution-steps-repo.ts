import type { Db } from './database';

/** How far one step of one execution got, as the engine recorded it. */
type StepRecordStatus = 'processing' | 'waiting' | 'finished' | 'error';

export interface StepRecord {
  position: number;
  status: StepRecordStatus;
  started_at: string;
  finished_at: string | null;
  error: string | null;
}

/**
 * The timing and outcome of each step an execution reached (local extension `…/steps`). Steps the
 * run never reached have no row. A re-run of a step (after a crash) overwrites its row.
 */
export class ExecutionStepsRepo {
  private readonly startStmt;
  private readonly endStmt;
  private readonly waitStmt;
  private readonly decideStmt;
  private readonly listStmt;

  constructor(private readonly db: Db) {
    this.startStmt = db.prepare(
      `INSERT OR REPLACE INTO execution_steps (execution_id, position, status, started_at, finished_at, error)
       VALUES (?, ?, 'processing', ?, NULL, NULL)`,
    );
    this.endStmt = db.prepare(
      `UPDATE execution_steps SET status = ?, finished_at = ?, error = ?
       WHERE execution_id = ? AND position = ? AND status = 'processing'`,
    );
    this.waitStmt = db.prepare(
      `UPDATE execution_steps SET status = 'waiting' WHERE execution_id = ? AND position = ? AND status = 'processing'`,
    );
    // An approval step ends when someone decides (or cancels), not when the run goes on.
    this.decideStmt = db.prepare(
      `UPDATE execution_steps SET status = ?, finished_at = ?, error = ? WHERE execution_id = ? AND status = 'waiting'`,
    );
    this.listStmt = db.prepare<[string], StepRecord>(
      'SELECT position, status, started_at, finished_at, error FROM execution_steps WHERE execution_id = ? ORDER BY position',
    );
  }

  async started(executionId: string, position: number, at: string): Promise<void> {
    this.startStmt.run(executionId, position, at);
  }

  async finished(executionId: string, position: number, at: string): Promise<void> {
    this.endStmt.run('finished', at, null, executionId, position);
  }

  async failed(executionId: string, position: number, at: string, error: string): Promise<void> {
    this.endStmt.run('error', at, error, executionId, position);
  }

  /** The approval step at `position` now waits for a reviewer. */
  async waiting(executionId: string, position: number): Promise<void> {
    this.waitStmt.run(executionId, position);
  }

  /** Ends the waiting approval step: approved (error null) or rejected/cancelled with the message. */
  async decided(executionId: string, at: string, error: string | null): Promise<void> {
    this.decideStmt.run(error === null ? 'finished' : 'error', at, error, executionId);
  }

  async list(executionId: string): Promise<StepRecord[]> {
    return this.listStmt.all(executionId);
  }

  /** Finishes step `finishedIndex` and starts step `nextIndex` in one write. */
  async advance(executionId: string, finishedIndex: number, nextIndex: number, at: string): Promise<void> {
    this.db.transaction(() => {
      this.endStmt.run('finished', at, null, executionId, finishedIndex);
      this.startStmt.run(executionId, nextIndex, at);
    })();
  }
}
