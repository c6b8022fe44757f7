import type { FileSummary } from '../store/records';

/** A result file ready to present: its inline text already decoded. */
export interface CachedFile {
  id: string;
  filename: string;
  content: string | null;
}

const utf8 = new TextDecoder();

/**
 * Results of finished and failed executions never change, so polling them again need not touch
 * the database. Least recently used entries go first once the cache holds `maxBytes` of text.
 */
export class ResultCache {
  private readonly entries = new Map<string, { files: CachedFile[]; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The cached files of an execution, if any, without loading or reordering. */
  peek(executionId: string): CachedFile[] | undefined {
    return this.entries.get(executionId)?.files;
  }

  /** The cached files of an execution, if any, marked as recently used. */
  hit(executionId: string): CachedFile[] | undefined {
    const hit = this.entries.get(executionId);
    if (!hit) return undefined;
    this.entries.delete(executionId);
    this.entries.set(executionId, hit);
    return hit.files;
  }

  /** The files of a terminal execution, loading them once. */
  async get(executionId: string, load: () => Promise<FileSummary[]>): Promise<CachedFile[]> {
    return this.hit(executionId) ?? this.add(executionId, await load());
  }

  private add(executionId: string, loaded: FileSummary[]): CachedFile[] {
    const files = loaded.map((f) => ({
      id: f.id,
      filename: f.filename,
      content: f.inline_data ? utf8.decode(f.inline_data) : null,
    }));
    const bytes = files.reduce((sum, f) => sum + 100 + f.filename.length + (f.content?.length ?? 0), 0);
    this.entries.set(executionId, { files, bytes });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
    return files;
  }
}
