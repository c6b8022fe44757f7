import type { ResultFile } from '@contract/openapi-document';
import { needsRefresh } from '@/lib/needs-refresh';

export type FileSnapshot = { files: ResultFile[]; fetchedAt: number };

export type LinkResolver = {
  /** Takes newer props (a refetched detail) so a later click does not refresh again. */
  update(snapshot: FileSnapshot): void;
  /** The file right now if its link is still fresh, else null (the caller must await fresh()). */
  peek(filename: string): ResultFile | null;
  /** The file with a link that will not expire soon, refetching the detail first when needed. */
  fresh(filename: string, options?: { force?: boolean }): Promise<ResultFile>;
};

/**
 * Hands out result links that are safe to use now: links older than ~55 minutes are replaced by
 * refetching the execution detail, and concurrent callers share a single refetch.
 */
export function createLinkResolver(
  initial: FileSnapshot,
  refreshFiles: () => Promise<ResultFile[]>,
  clock: () => number = Date.now,
): LinkResolver {
  let snapshot = initial;
  let inflight: Promise<void> | null = null;

  const refresh = (): Promise<void> => {
    inflight ??= (async () => {
      const startedAt = clock();
      try {
        const files = await refreshFiles();
        snapshot = { files, fetchedAt: startedAt };
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  };

  return {
    update(next) {
      if (next.fetchedAt >= snapshot.fetchedAt) snapshot = next;
    },
    peek(filename) {
      if (inflight || needsRefresh(snapshot.fetchedAt, clock())) return null;
      return snapshot.files.find((f) => f.filename === filename) ?? null;
    },
    async fresh(filename, options = {}) {
      if (inflight) await inflight;
      if (options.force || needsRefresh(snapshot.fetchedAt, clock())) await refresh();
      const file = snapshot.files.find((f) => f.filename === filename);
      if (!file) throw new Error(`"${filename}" is no longer among this execution's results.`);
      return file;
    },
  };
}
