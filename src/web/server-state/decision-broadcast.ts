/**
 * A decision made in one tab reaches this browser's other open tabs of the dashboard, so their
 * header count, inbox and runs lists follow it at once instead of at their next poll. The tab that
 * decided announces it over a same-origin BroadcastChannel; every other tab runs the same refresh.
 */
import type { ExecutionDetail } from '@contract/openapi-document';
import { tabChannel, type ChannelLike, type OpenChannel } from '@/lib/tab-channel';

const CHANNEL_NAME = 'wf.decisions';

/** What a tab learns of another tab's decision; status is the run's new one, when the server sent it. */
export interface DecidedMessage {
  type: 'decided';
  workflowId: string;
  executionId: string;
  status?: ExecutionDetail['status'];
}

const openBroadcastChannel = tabChannel(CHANNEL_NAME);

const isDecided = (data: unknown): data is DecidedMessage => {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as DecidedMessage;
  return (
    m.type === 'decided' &&
    typeof m.workflowId === 'string' &&
    typeof m.executionId === 'string' &&
    (m.status === undefined || typeof m.status === 'string')
  );
};

/**
 * One tab's end of the channel. A channel never hears its own messages, so announcing on the one
 * it follows keeps a tab from refreshing twice for its own decision.
 */
export function decisionTabs(open: OpenChannel = openBroadcastChannel) {
  let channel: ChannelLike | null = null;
  return {
    /** Listens for decisions made in other tabs for the tab's whole life; returns the way to stop. */
    follow(onDecided: (decision: Omit<DecidedMessage, 'type'>) => void): () => void {
      const opened = open();
      if (!opened) return () => {};
      channel = opened;
      opened.addEventListener('message', (event) => {
        if (!isDecided(event.data)) return;
        const { workflowId, executionId, status } = event.data;
        onDecided({ workflowId, executionId, status });
      });
      return () => {
        opened.close();
        if (channel === opened) channel = null;
      };
    },
    /** Tells the other open tabs that a run was decided; nothing is sent before the tab follows them. */
    announce(decision: Omit<DecidedMessage, 'type'>): void {
      channel?.postMessage({ type: 'decided', ...decision } satisfies DecidedMessage);
    },
  };
}

const thisTab = decisionTabs();
/** Started once where the app boots. */
export const followOtherTabsDecisions = thisTab.follow;
/** Called by the one place a decision is sent, whatever its outcome. */
export const announceDecision = thisTab.announce;
