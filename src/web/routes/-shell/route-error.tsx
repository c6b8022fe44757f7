import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  CorsBlockedError,
  NetworkError,
  NotConnectedError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
} from '@/api/errors';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertIcon, KeyIcon, RefreshIcon, WifiOffIcon } from '@/components/ui/shell-icons';
import { NotFoundView } from '@/components/not-found';
import { revocationIn } from '@/api/key-status';
import { ChunkUnavailableError } from '@/lib/chunk-load';
import { formatDateTime } from '@/lib/format-time';
import { useOnServerRecovered } from '@/lib/use-server-reachability';
import { ErrorPanel, ReloadNeeded } from './error-panel';

/** Counts down the server's Retry-After, then retries on its own. */
function RateLimited({ seconds, retry }: { seconds: number; retry: () => void }) {
  const [left, setLeft] = useState(Math.max(1, seconds));
  useEffect(() => {
    if (left <= 0) {
      retry();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, retry]);
  return (
    <ErrorPanel
      icon={<RefreshIcon className="size-6 animate-spin [animation-duration:3s]" />}
      title={`Rate limited, retrying in ${Math.max(0, left)} s`}
      actions={
        <Button variant="secondary" onClick={retry}>
          Retry now
        </Button>
      }
    >
      The server asked the dashboard to slow down. It will try again by itself.
    </ErrorPanel>
  );
}

/**
 * Every route's errorComponent: one typed error, one message, one way forward. Retry clears
 * React Query's error boundary and reloads the route's loaders.
 */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const location = useLocation();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => {
    queryReset.reset();
  }, [queryReset]);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  const offline = error instanceof NetworkError || error instanceof CorsBlockedError;
  // A page that failed because the server was down loads again by itself when it answers.
  useOnServerRecovered(() => {
    if (offline) retry();
  });
  const settingsSearch = (reason: 'no-key' | 'rejected') => ({ redirect: location.href, reason });

  if (error instanceof NotFoundError) return <NotFoundView message={error.message} />;
  if (error instanceof RateLimitedError) return <RateLimited seconds={error.retryAfterSeconds} retry={retry} />;
  if (error instanceof UnauthorizedError || error instanceof NotConnectedError) {
    const rejected = error instanceof UnauthorizedError;
    const revoked = rejected ? revocationIn(error.message) : null;
    return (
      <ErrorPanel
        icon={<KeyIcon className="size-6" />}
        title={revoked ? 'This key was revoked' : rejected ? 'Your key was rejected' : 'No API key yet'}
        actions={
          <Link
            to="/settings"
            search={settingsSearch(rejected ? 'rejected' : 'no-key')}
            className={buttonClasses('primary')}
          >
            Open settings
          </Link>
        }
      >
        {revoked
          ? `The account’s owner revoked it${revoked.revokedAt ? ` on ${formatDateTime(revoked.revokedAt)}` : ''}. Ask them for a new key and enter it in Settings; you will come back here.`
          : rejected
            ? 'The server did not accept the API key of this profile. Enter a valid key in Settings; you will come back here.'
            : 'Add an API key in Settings to connect.'}
      </ErrorPanel>
    );
  }
  if (error instanceof ChunkUnavailableError) return <ReloadNeeded message={error.message} />;
  return (
    <ErrorPanel
      icon={offline ? <WifiOffIcon className="size-6" /> : <AlertIcon className="size-6" />}
      title={offline ? 'Cannot reach the server' : 'Something went wrong'}
      actions={
        <>
          <Button variant="primary" onClick={retry}>
            <RefreshIcon /> Retry
          </Button>
          {offline && (
            <Link to="/settings" className={buttonClasses('secondary')}>
              Check settings
            </Link>
          )}
        </>
      }
    >
      {error instanceof Error ? error.message : 'An unexpected error occurred.'}
    </ErrorPanel>
  );
}
