import { Button } from './button';

/** The "Load more" footer of a cursor-paged list; renders nothing once the last page is loaded. */
export function LoadMore({ hasNextPage, busy, onLoad }: { hasNextPage: boolean; busy: boolean; onLoad: () => void }) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button onClick={onLoad} busy={busy}>
        Load more
      </Button>
    </div>
  );
}
