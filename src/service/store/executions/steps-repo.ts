import { sql } from 'kysely';
import { inList, type StoreContext } from '../db/context';

/** How far one step of one execution got, as the engine recorded it. */
type StepRecordStatus = 'processing' | 'waiting' | 'finished' | 'error';

export interface StepRecord {
  position: number;
  status: StepRecordStatus;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  /** The model that wrote the step (writing steps only), and the tokens its server counted. */
  model: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
}

/** What a writing step's model wrote, kept so replaying the step reuses it instead of calling again. */
export interface Writing {
  /** Digest of the request it answers: a different request (the plan or input changed) is not answered by it. */
  request: string;
  text: string;
  model: string;
  tokens: { prompt_tokens: number; completion_tokens: number } | null;
}

/**
 * The timing and outcome of each step an execution reached (local extension `…/steps`). Steps the
 * run never reached have no row. A re-run of a step (after a crash) overwrites its row.
 */
export class ExecutionStepsRepo {
  constructor(private readonly ctx: StoreContext) {}

  async started(executionId: string, position: number, at: string): Promise<void> {
    await this.ctx.db
      .insertInto('execution_steps')
      .values({
        execution_id: executionId,
        position,
        status: 'processing',
        started_at: at,
        finished_at: null,
        error: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['execution_id', 'position'])
          .doUpdateSet({ status: 'processing', started_at: at, finished_at: null, error: null }),
      )
      .execute();
  }

  async finished(executionId: string, position: number, at: string): Promise<void> {
    await this.end(executionId, position, at, null);
  }

  async failed(executionId: string, position: number, at: string, error: string): Promise<void> {
    await this.end(executionId, position, at, error);
  }

  private async end(executionId: string, position: number, at: string, error: string | null): Promise<void> {
    await this.ctx.db
      .updateTable('execution_steps')
      .set({ status: error === null ? 'finished' : 'error', finished_at: at, error })
      .where('execution_id', '=', executionId)
      .where('position', '=', position)
      .where('status', '=', 'processing')
      .execute();
  }

  /**
   * Finishes step `finishedIndex` and starts step `nextIndex` in one statement (one commit per
   * step instead of two): an upsert of both rows, where the finished one keeps its started_at and
   * changes only while it is still processing.
   */
  async advance(executionId: string, finishedIndex: number, nextIndex: number, at: string): Promise<void> {
    const row = (position: number, status: 'processing' | 'finished') => ({
      execution_id: executionId,
      position,
      status,
      started_at: at,
      finished_at: status === 'finished' ? at : null,
      error: null,
    });
    await this.ctx.db
      .insertInto('execution_steps')
      .values([row(finishedIndex, 'finished'), row(nextIndex, 'processing')])
      .onConflict((oc) =>
        oc
          .columns(['execution_id', 'position'])
          .doUpdateSet({
            status: sql.ref('excluded.status'),
            started_at: sql<string>`CASE WHEN excluded.status = 'processing' THEN excluded.started_at ELSE execution_steps.started_at END`,
            finished_at: sql.ref('excluded.finished_at'),
            error: null,
          })
          .where(sql<boolean>`excluded.status = 'processing' OR execution_steps.status = 'processing'`),
      )
      .execute();
  }

  /** Removes a step record that was started for a run that never got to it (see claimNext's startFirstStep). */
  async discard(executionId: string, position: number): Promise<void> {
    await this.ctx.db
      .deleteFrom('execution_steps')
      .where('execution_id', '=', executionId)
      .where('position', '=', position)
      .where('status', '=', 'processing')
      .execute();
  }

  /** The approval step at `position` now waits for a reviewer. */
  async waiting(executionId: string, position: number): Promise<void> {
    await this.ctx.db
      .updateTable('execution_steps')
      .set({ status: 'waiting' })
      .where('execution_id', '=', executionId)
      .where('position', '=', position)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Ends the waiting approval step: approved (error null) or rejected/cancelled with the message. An approval step ends when someone decides (or cancels), not when the run goes on. */
  async decided(executionId: string, at: string, error: string | null): Promise<void> {
    await this.ctx.db
      .updateTable('execution_steps')
      .set({ status: error === null ? 'finished' : 'error', finished_at: at, error })
      .where('execution_id', '=', executionId)
      .where('status', '=', 'waiting')
      .execute();
  }

  /** `decided` for many executions at once (a cancelled batch). */
  async decidedMany(executionIds: readonly string[], at: string, error: string | null): Promise<void> {
    await this.ctx.db
      .updateTable('execution_steps')
      .set({ status: error === null ? 'finished' : 'error', finished_at: at, error })
      .where((eb) => inList(this.ctx.dialect, eb.ref('execution_id'), executionIds))
      .where('status', '=', 'waiting')
      .execute();
  }

  /** Keeps what the model wrote for step `position` (its record exists from the step's start). */
  async written(executionId: string, position: number, writing: Writing): Promise<void> {
    await this.ctx.db
      .updateTable('execution_steps')
      .set({
        written_text: writing.text,
        written_request: writing.request,
        model: writing.model,
        prompt_tokens: writing.tokens?.prompt_tokens ?? null,
        completion_tokens: writing.tokens?.completion_tokens ?? null,
      })
      .where('execution_id', '=', executionId)
      .where('position', '=', position)
      .execute();
  }

  /** What the model wrote for each writing step of the execution so far, by step position. */
  async writings(executionId: string): Promise<Map<number, Writing>> {
    const rows = await this.ctx.db
      .selectFrom('execution_steps')
      .select(['position', 'written_text', 'written_request', 'model', 'prompt_tokens', 'completion_tokens'])
      .where('execution_id', '=', executionId)
      .where('written_text', 'is not', null)
      .execute();
    return new Map(
      rows.map((row) => [
        row.position,
        {
          request: row.written_request ?? '',
          text: row.written_text ?? '',
          model: row.model ?? '',
          tokens:
            row.prompt_tokens === null || row.completion_tokens === null
              ? null
              : { prompt_tokens: row.prompt_tokens, completion_tokens: row.completion_tokens },
        },
      ]),
    );
  }

  async list(executionId: string): Promise<StepRecord[]> {
    return this.ctx.db
      .selectFrom('execution_steps')
      .select([
        'position',
        'status',
        'started_at',
        'finished_at',
        'error',
        'model',
        'prompt_tokens',
        'completion_tokens',
      ])
      .where('execution_id', '=', executionId)
      .orderBy('position')
      .execute();
  }
}
