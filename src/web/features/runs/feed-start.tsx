import type { ReactNode } from 'react';
import { isApiError } from '@/api/errors';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Notice } from '@/components/ui/notice';
import type { RunsFeed } from './use-runs-feed';

/**
 * Before a feed's first rows: its load error, else a skeleton while it reads; after, `children`. A
 * feed read before (an empty inbox, say) shows what it read at once while it reads again: its
 * refresh is no reason for a skeleton.
 */
export function FeedStart({
  feed,
  errorTitle,
  loadingLabel,
  children,
}: {
  feed: Pick<RunsFeed, 'error' | 'loaded' | 'refreshing' | 'checkedAt'>;
  errorTitle: string;
  loadingLabel: string;
  children: ReactNode;
}) {
  if (!!feed.error && feed.loaded === 0) {
    return (
      <Notice tone="danger" role="alert" title={errorTitle}>
        {isApiError(feed.error) ? feed.error.message : 'Try Refresh.'}
      </Notice>
    );
  }
  if (feed.loaded === 0 && feed.refreshing && feed.checkedAt === 0) return <ListSkeleton label={loadingLabel} />;
  return children;
}
