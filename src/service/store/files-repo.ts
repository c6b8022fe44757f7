import { sql } from 'kysely';
import { inList, type StoreContext } from './db/context';
import { PreparedQuery } from './db/prepared';
import type { FileLink, FileSummary, StoredFile } from './records';

export interface FileInsert {
  id: string;
  execution_id: string;
  position: number;
  filename: string;
  content_type: string;
  data: Uint8Array;
  size: number;
  inline: 0 | 1;
}

/** Only inline files' bytes are read, so listing a PDF-heavy execution stays cheap. */
const inlineData = sql<Buffer | null>`CASE WHEN inline = 1 THEN data END`.as('inline_data');

// Drafts (files shown while an execution waits for approval) sit at negative positions, so the
// final results, numbered from 0, never collide with them and never include them.
const results = new PreparedQuery((db, executionId: string) =>
  db
    .selectFrom('files')
    .select(['id', 'filename', inlineData])
    .where('execution_id', '=', executionId)
    .where('position', '>=', 0)
    .orderBy('position'),
);

/** Rows per INSERT: 8 values each stays far below both databases' bind-variable limits. */
const INSERT_CHUNK = 500;

/** Both drivers bind a Buffer as a BLOB / BYTEA; a view over the same bytes costs no copy. */
const asBuffer = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

export class FilesRepo {
  constructor(private readonly ctx: StoreContext) {}

  async insert(file: FileInsert): Promise<void> {
    await this.insertMany([file]);
  }

  async insertMany(files: readonly FileInsert[]): Promise<void> {
    for (let start = 0; start < files.length; start += INSERT_CHUNK) {
      const rows = files.slice(start, start + INSERT_CHUNK).map((file) => ({ ...file, data: asBuffer(file.data) }));
      await this.ctx.db.insertInto('files').values(rows).execute();
    }
  }

  /** Bytes of every file (results and drafts) of the account's executions. */
  async accountBytes(accountId: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('files')
      .innerJoin('executions', 'executions.id', 'files.execution_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('files.size'), eb.val(0)).as('bytes'))
      .where('executions.account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** The result files of an execution, in order (drafts excluded). */
  async summaries(executionId: string): Promise<FileSummary[]> {
    return results.all(this.ctx, executionId);
  }

  /** Names and ids of the result files of many executions at once, grouped by execution. */
  async links(executionIds: readonly string[]): Promise<Map<string, FileLink[]>> {
    const byExecution = new Map<string, FileLink[]>();
    if (executionIds.length === 0) return byExecution;
    // One statement for a whole list page instead of one query per row.
    const rows = await this.ctx.db
      .selectFrom('files')
      .select(['execution_id', 'id', 'filename'])
      .where((eb) => inList(this.ctx.dialect, eb.ref('execution_id'), executionIds))
      .where('position', '>=', 0)
      .orderBy('execution_id')
      .orderBy('position')
      .execute();
    for (const link of rows) {
      const list = byExecution.get(link.execution_id);
      if (list) list.push(link);
      else byExecution.set(link.execution_id, [link]);
    }
    return byExecution;
  }

  async drafts(executionId: string): Promise<FileSummary[]> {
    return this.ctx.db
      .selectFrom('files')
      .select(['id', 'filename', inlineData])
      .where('execution_id', '=', executionId)
      .where('position', '<', 0)
      .orderBy('position')
      .execute();
  }

  async dropDrafts(executionId: string): Promise<void> {
    await this.ctx.db.deleteFrom('files').where('execution_id', '=', executionId).where('position', '<', 0).execute();
  }

  /**
   * Makes the drafts result files, in their order, from position `first` on (a rejected run keeps
   * what the reviewer read).
   */
  async keepDrafts(executionId: string, first: number): Promise<void> {
    const count = (await this.drafts(executionId)).length;
    // Drafts sit at -count…-1, so each moves to a free position ≥ first whatever order the rows change in.
    if (count > 0)
      await this.ctx.db
        .updateTable('files')
        .set((eb) => ({ position: eb('position', '+', count + first) }))
        .where('execution_id', '=', executionId)
        .where('position', '<', 0)
        .execute();
  }

  /** Drops the drafts of many executions (a cancelled batch). */
  async dropDraftsOf(executionIds: readonly string[]): Promise<void> {
    await this.ctx.db
      .deleteFrom('files')
      .where((eb) => inList(this.ctx.dialect, eb.ref('execution_id'), executionIds))
      .where('position', '<', 0)
      .execute();
  }

  async get(id: string): Promise<StoredFile | undefined> {
    return this.ctx.db
      .selectFrom('files')
      .select(['id', 'execution_id', 'filename', 'content_type', 'data', 'size'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
