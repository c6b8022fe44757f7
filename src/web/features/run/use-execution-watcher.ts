import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { setRunningCount } from '@/lib/document-title';
import { useActiveProfile } from '@/server-state/connection';
import { settleRun, watchedRun } from '@/server-state/runs';
import { ExecutionWatcher } from '@/server-state/run-watcher';
import { getRunJournal } from '@/lib/run-journal';
import { cachedWorkflow } from '@/server-state/workflows';
import { notify } from './notifications';
import { rejectionOf } from '@/features/runs/rejections';

const TICK_MS = 3_000;

/** Runs the background watcher while a key is set: toasts, notifications and the title count. */
export function useExecutionWatcher(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const profile = useActiveProfile();
  const connected = profile.apiKey !== '';

  useEffect(() => {
    const journal = getRunJournal();
    if (!connected || !journal) {
      setRunningCount(0);
      return;
    }
    const watcher = new ExecutionWatcher({
      journal,
      profileId: () => profile.id,
      // Only a run an open page keeps fresh is as good as asking.
      peek: (entry) => watchedRun(queryClient, entry.workflowId, entry.executionId),
      onSettled: (entry, detail) => {
        settleRun(queryClient, entry.workflowId, detail);
        const name = cachedWorkflow(queryClient, entry.workflowId)?.name ?? 'A workflow';
        const ok = detail.status === 'finished';
        const errorText = detail.results?.find((f) => /error/i.test(f.filename))?.content;
        const rejected = !!rejectionOf(detail, errorText);
        const title = ok ? 'Run finished' : rejected ? 'Run rejected' : 'Run failed';
        const description = `${name}${ok ? ' finished' : rejected ? ' was rejected by a reviewer' : ' ended with an error'}.`;
        const open = () =>
          void router.navigate({
            to: '/workflows/$workflowId/executions/$executionId',
            params: { workflowId: entry.workflowId, executionId: entry.executionId },
          });
        // Someone looking at that execution's page already sees it end; tell everyone else.
        const watched = watchedRun(queryClient, entry.workflowId, entry.executionId) !== undefined;
        const visible = document.visibilityState === 'visible';
        if (!(watched && visible))
          toast({
            tone: ok ? 'success' : rejected ? 'neutral' : 'danger',
            title,
            description,
            action: { label: 'View run', onClick: open },
          });
        if (!visible || !document.hasFocus()) notify(title, description, open);
      },
      onRunningCount: setRunningCount,
    });
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const loop = async () => {
      try {
        await watcher.tick();
      } catch {
        // A failed tick (IndexedDB hiccup) is retried on the next one.
      }
      if (!stopped) timer = setTimeout(loop, TICK_MS);
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [connected, profile.id, queryClient, router]);
}
