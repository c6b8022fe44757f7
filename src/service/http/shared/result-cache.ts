import { BoundedCache, type CacheLimits } from '../../lib/bounded-cache';
import type { FileSummary } from '../../store/records';

/** A result file ready to present: its inline text already decoded. */
export interface CachedFile {
  id: string;
  filename: string;
  content: string | null;
}

interface Entry {
  workflowId: string;
  files: CachedFile[];
}

/** One execution's results above maxEntryBytes are read from the store each time rather than kept. */
export const RESULT_CACHE_LIMITS: CacheLimits = {
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
  maxEntries: 20_000,
};

const utf8 = new TextDecoder();

/** An upper bound of an entry's memory: strings at two bytes a character, plus the objects around them. */
function entryBytes({ files }: Entry): number {
  return files.reduce((sum, f) => sum + 100 + 2 * (f.id.length + f.filename.length + (f.content?.length ?? 0)), 100);
}

/**
 * Results of finished and failed executions never change, so polling them again need not touch the
 * database. Least recently used entries go first once the cache holds `maxBytes` or `maxEntries`;
 * deleting a workflow forgets its executions' results.
 */
export class ResultCache extends BoundedCache<Entry> {
  constructor(limits: CacheLimits = RESULT_CACHE_LIMITS) {
    super(limits, entryBytes);
  }

  /** The cached files of an execution, if any, without loading or reordering. */
  peek(executionId: string): CachedFile[] | undefined {
    return this.entries.peek(executionId)?.files;
  }

  /** The cached files of an execution, if any, marked as recently used. */
  hit(executionId: string): CachedFile[] | undefined {
    return this.entries.get(executionId)?.files;
  }

  /** The files of a terminal execution, loading them once (or each time, if too big to keep). */
  async get(executionId: string, workflowId: string, load: () => Promise<FileSummary[]>): Promise<CachedFile[]> {
    const hit = this.hit(executionId);
    if (hit) return hit;
    const files = (await load()).map((f) => ({
      id: f.id,
      filename: f.filename,
      content: f.inline_data ? utf8.decode(f.inline_data) : null,
    }));
    this.entries.set(executionId, { workflowId, files });
    return files;
  }

  /** Drops the results of executions retention deleted. */
  forgetExecutions(ids: readonly string[]): void {
    for (const id of ids) this.entries.delete(id);
  }

  /** Drops the results of a deleted workflow's executions. */
  forgetWorkflow(workflowId: string): void {
    for (const [id, entry] of this.entries.entries()) if (entry.workflowId === workflowId) this.entries.delete(id);
  }
}
