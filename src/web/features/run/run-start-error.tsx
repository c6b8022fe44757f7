import { isApiError } from '@/api/errors';

/** Why a run could not be started, as an alert: the server's own words when it sent some. */
export function RunStartError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {isApiError(error) ? error.message : 'The run could not be started.'}
    </p>
  );
}
