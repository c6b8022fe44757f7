import type { Db } from './database';
import type { FileSummary, StoredFile } from './records';

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

  constructor(db: Db) {
    this.insertStmt = db.prepare(`INSERT INTO files (id, execution_id, position, filename, content_type, data, size, inline)
      VALUES (@id, @execution_id, @position, @filename, @content_type, @data, @size, @inline)`);
    // Only inline files' bytes are read, so listing a PDF-heavy execution stays cheap.
    this.summariesStmt = db.prepare<[string], FileSummary>(
      'SELECT id, filename, CASE WHEN inline = 1 THEN data END AS inline_data FROM files WHERE execution_id = ? ORDER BY position',
    );
    this.getStmt = db.prepare<[string], StoredFile>('SELECT id, execution_id, filename, content_type, data, size FROM files WHERE id = ?');
  }

  insert(file: FileInsert): void {
    this.insertStmt.run(file);
  }

  summaries(executionId: string): FileSummary[] {
    return this.summariesStmt.all(executionId);
  }

  get(id: string): StoredFile | undefined {
    return this.getStmt.get(id);
  }
}
