import { useState, type JSX, type MouseEvent } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { buttonClasses, Spinner, type ButtonVariant } from '@/components/ui/button';
import type { LinkResolver } from './links/fresh-links';
import { AlertIcon, DownloadIcon } from '@/components/ui/icons';
import { downloadName, startDownload } from '@/lib/save-file';

type DownloadProps = { file: ResultFile; resolver: LinkResolver; variant?: ButtonVariant; label?: string };

/**
 * A real <a href download> (so middle-click and "copy link" work), but a click on a link about to
 * expire first refetches the detail and downloads from the fresh link instead.
 */
export function DownloadLink({
  file,
  resolver,
  variant = 'secondary',
  label = 'Download',
}: DownloadProps): JSX.Element {
  const [state, setState] = useState<'idle' | 'refreshing' | { error: string }>('idle');

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const fresh = resolver.peek(file.filename);
    if (fresh) {
      event.currentTarget.href = fresh.url;
      return;
    }
    event.preventDefault();
    if (state === 'refreshing') return;
    setState('refreshing');
    resolver.fresh(file.filename).then(
      (f) => {
        setState('idle');
        startDownload(f.url, downloadName(f.filename));
      },
      (error: unknown) => setState({ error: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <span className="inline-flex items-center gap-2">
      <a
        href={file.url}
        download={downloadName(file.filename)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
        aria-busy={state === 'refreshing' || undefined}
        className={buttonClasses(variant, 'sm')}
      >
        {state === 'refreshing' ? <Spinner /> : <DownloadIcon />}
        {label}
        <span className="sr-only">{` ${file.filename}`}</span>
      </a>
      {typeof state === 'object' && (
        <span role="alert" className="inline-flex items-center gap-1 text-xs text-red-700 dark:text-red-400">
          <AlertIcon className="size-3.5" />
          {state.error}
        </span>
      )}
    </span>
  );
}
