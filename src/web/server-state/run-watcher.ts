import { isTerminalStatus, type ExecutionDetail } from '@contract/openapi-document';
import type { JournalEntry, RunJournal } from '@/lib/run-journal';
import { getApiClient } from '@/api/active-client';
import type { ApiClient } from '@/api/client';
import { NotFoundError, UnauthorizedError } from '@/api/errors';
import { pollInterval } from './poll-interval';
import { errorBackoff } from '@/api/retry-policy';

/** Only runs started in the last day are watched; older ones were surely seen or are stale. */
const WATCH_WINDOW_MS = 24 * 3600 * 1000;
/** Never check one execution more often than this in the background. */
const MIN_WATCH_MS = 3_000;
/** At most this many executions are checked per tick, so a big batch cannot eat the budget. */
const MAX_PER_TICK = 5;

export interface WatcherDeps {
  journal: RunJournal;
  /** The active profile's client unless given (tests give a fake one). */
  client?: () => ApiClient;
  profileId: () => string;
  /** The execution as an open page already knows it, to avoid asking twice. */
  peek: (entry: JournalEntry) => ExecutionDetail | undefined;
  /** Called once per execution, by the one tab that saw it end. */
  onSettled: (entry: JournalEntry, detail: ExecutionDetail) => void;
  /** How many executions started here are still running. */
  onRunningCount: (count: number) => void;
  now?: () => number;
}

/**
 * Watches the executions this browser started (from the run journal) at background priority, so a
 * toast and an optional notification can say when each finishes or fails, on any page.
 */
export class ExecutionWatcher {
  private nextCheck = new Map<string, number>();
  private failures = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: WatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  async tick(): Promise<void> {
    const now = this.now();
    const entries = await this.deps.journal.unsettled(this.deps.profileId(), now - WATCH_WINDOW_MS);
    let running = entries.length;
    let checked = 0;
    for (const entry of entries) {
      if ((this.nextCheck.get(entry.executionId) ?? 0) > now) continue;
      const known = this.deps.peek(entry);
      let detail = known;
      if (!detail) {
        if (checked >= MAX_PER_TICK) continue;
        checked++;
        try {
          detail = await (this.deps.client ?? getApiClient)().getExecution(entry.workflowId, entry.executionId, {
            priority: 'background',
          });
        } catch (error) {
          if (error instanceof NotFoundError) {
            await this.deps.journal.markSettled(entry.executionId);
            running--;
          } else if (error instanceof UnauthorizedError) {
            return;
          } else {
            const failures = (this.failures.get(entry.executionId) ?? 0) + 1;
            this.failures.set(entry.executionId, failures);
            this.nextCheck.set(entry.executionId, now + errorBackoff(failures));
          }
          continue;
        }
      }
      this.failures.delete(entry.executionId);
      if (isTerminalStatus(detail.status)) {
        running--;
        this.nextCheck.delete(entry.executionId);
        if (await this.deps.journal.markSettled(entry.executionId)) this.deps.onSettled(entry, detail);
      } else {
        this.nextCheck.set(entry.executionId, now + Math.max(MIN_WATCH_MS, pollInterval(detail) || MIN_WATCH_MS));
      }
    }
    this.deps.onRunningCount(Math.max(0, running));
  }
}
