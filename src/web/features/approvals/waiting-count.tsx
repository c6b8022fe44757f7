import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { approvalQueries, type Waiting } from '@/server-state/approvals';
import { serverQueries } from '@/server-state/server';
import { useWhenIdle } from '@/lib/use-when-idle';

export type { Waiting } from '@/server-state/approvals';

type RenderWaiting = (waiting: Waiting | undefined) => ReactNode;

// Only a server without the cross-workflow list needs the runs feed's code to count: it loads then,
// never with the first page.
const InboxWaitingCount = lazy(() => import('./inbox-waiting-count'));

/**
 * Runs waiting for approval, for the header. Where the server lists every workflow's runs by
 * status this costs one request per half minute; elsewhere counting would mean reading every
 * workflow's list, so the header shows only what the inbox last found, and asks for nothing.
 */
export function WaitingCount({ children }: { children: RenderWaiting }) {
  // A summary, so it waits until the page has loaded (reading the contract document and counting
  // compete with nothing then), unless a page already knows the capabilities. The raw query, not
  // useCapabilities: "not known yet" must not read as "no cross-workflow list".
  const idle = useWhenIdle(1500);
  const { data: caps } = useQuery({ ...serverQueries.capabilities(), enabled: idle });
  const server = useQuery({ ...approvalQueries.waitingCount(), enabled: caps?.globalExecutions === true });
  if (!caps || caps.globalExecutions) return children(server.data);
  return (
    <Suspense fallback={children(undefined)}>
      <InboxWaitingCount caps={caps}>{children}</InboxWaitingCount>
    </Suspense>
  );
}
