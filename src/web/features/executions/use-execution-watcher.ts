import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ExecutionDetail, WorkflowDetail } from '@contract/openapi-document';
import { toast } from '@/components/ui/toast';
import { setRunningCount } from '@/lib/document-title';
import { getApiClient, useActiveProfile } from '@/api/active-client';
import { getRunJournal } from '@/lib/run-journal';
import { workflowQueries } from '@/features/workflows/workflow-queries';
import { executionQueries } from './execution-queries';
import { ExecutionWatcher } from './execution-watcher';
import { notify } from './notifications';
import { rejectionOf } from './rejections';

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
      client: getApiClient,
      profileId: () => profile.id,
      peek: (entry) => {
        const query = queryClient.getQueryCache().find<ExecutionDetail>({
          queryKey: executionQueries.detail(entry.workflowId, entry.executionId).queryKey,
          exact: true,
        });
        // Only a query an open page keeps fresh is as good as asking.
        return query && query.getObserversCount() > 0 ? query.state.data : undefined;
      },
      onSettled: (entry, detail) => {
        queryClient.setQueryData(executionQueries.detail(entry.workflowId, entry.executionId).queryKey, detail);
        void queryClient.invalidateQueries({ queryKey: executionQueries.all(entry.workflowId) });
        const workflow = queryClient.getQueryData<WorkflowDetail>(workflowQueries.detail(entry.workflowId).queryKey);
        const name = workflow?.name ?? 'A workflow';
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
        const watched = queryClient
          .getQueryCache()
          .find({ queryKey: executionQueries.detail(entry.workflowId, entry.executionId).queryKey, exact: true })
          ?.getObserversCount();
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
