import type { ReactNode } from 'react';
import { isApiError } from '@/api/errors';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Notice } from '@/components/ui/notice';
import type { RunsFeed } from './use-runs-feed';

/** Before a feed's first rows: its load error, else a skeleton while it reads; after, `children`. */
export function FeedStart({
  feed,
  errorTitle,
  loadingLabel,
  children,
}: {
  feed: Pick<RunsFeed, 'error' | 'loaded' | 'refreshing'>;
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
  if (feed.loaded === 0 && feed.refreshing) return <ListSkeleton label={loadingLabel} />;
  return children;
}
