import type { Db } from './database';
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

export class FilesRepo {
  private readonly insertStmt;
  private readonly summariesStmt;
  private readonly getStmt;
  private readonly linksStmt;
  private readonly draftsStmt;
  private readonly dropDraftsStmt;

  constructor(db: Db) {
    this.insertStmt =
      db.prepare(`INSERT INTO files (id, execution_id, position, filename, content_type, data, size, inline)
      VALUES (@id, @execution_id, @position, @filename, @content_type, @data, @size, @inline)`);
    // Only inline files' bytes are read, so listing a PDF-heavy execution stays cheap.
    this.summariesStmt = db.prepare<[string], FileSummary>(
      'SELECT id, filename, CASE WHEN inline = 1 THEN data END AS inline_data FROM files WHERE execution_id = ? AND position >= 0 ORDER BY position',
    );
    // One statement for a whole list page: the ids travel as one JSON array instead of one query per row.
    this.linksStmt = db.prepare<[string], FileLink>(
      `SELECT execution_id, id, filename FROM files
       WHERE execution_id IN (SELECT value FROM json_each(?)) AND position >= 0 ORDER BY execution_id, position`,
    );
    // Drafts (files shown while an execution waits for approval) sit at negative positions, so the
    // final results, numbered from 0, never collide with them and never include them.
    this.draftsStmt = db.prepare<[string], FileSummary>(
      'SELECT id, filename, CASE WHEN inline = 1 THEN data END AS inline_data FROM files WHERE execution_id = ? AND position < 0 ORDER BY position',
    );
    this.dropDraftsStmt = db.prepare('DELETE FROM files WHERE execution_id = ? AND position < 0');
    this.getStmt = db.prepare<[string], StoredFile>(
      'SELECT id, execution_id, filename, content_type, data, size FROM files WHERE id = ?',
    );
  }

  async insert(file: FileInsert): Promise<void> {
    this.insertStmt.run(file);
  }

  /** The result files of an execution, in order (drafts excluded). */
  async summaries(executionId: string): Promise<FileSummary[]> {
    return this.summariesStmt.all(executionId);
  }

  /** Names and ids of the result files of many executions at once, grouped by execution. */
  async links(executionIds: readonly string[]): Promise<Map<string, FileLink[]>> {
    const byExecution = new Map<string, FileLink[]>();
    if (executionIds.length === 0) return byExecution;
    for (const link of this.linksStmt.all(JSON.stringify(executionIds))) {
      const list = byExecution.get(link.execution_id);
      if (list) list.push(link);
      else byExecution.set(link.execution_id, [link]);
    }
    return byExecution;
  }

  async drafts(executionId: string): Promise<FileSummary[]> {
    return this.draftsStmt.all(executionId);
  }

  async dropDrafts(executionId: string): Promise<void> {
    this.dropDraftsStmt.run(executionId);
  }

  async get(id: string): Promise<StoredFile | undefined> {
    return this.getStmt.get(id);
  }
}
