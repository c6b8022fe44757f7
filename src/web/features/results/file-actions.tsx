import { useState, type JSX, type MouseEvent } from 'react';
import type { ResultFile } from '../../../contract/openapi-document';
import { actionClasses, ActionButton, type ActionVariant } from './action-button';
import type { LinkResolver } from './fresh-links';
import { CheckIcon, CopyIcon, DownloadIcon, SpinnerIcon, WarningIcon } from './icons';
import { copyText, downloadName, startDownload } from './save-file';

type DownloadProps = { file: ResultFile; resolver: LinkResolver; variant?: ActionVariant; label?: string };

/**
 * A real <a href download> (so middle-click and "copy link" work), but a click on a link about to
 * expire first refetches the detail and downloads from the fresh link instead.
 */
export function DownloadLink({ file, resolver, variant = 'secondary', label = 'Download' }: DownloadProps): JSX.Element {
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
        className={actionClasses(variant)}
      >
        {state === 'refreshing' ? <SpinnerIcon /> : <DownloadIcon />}
        {label}
        <span className="sr-only">{` ${file.filename}`}</span>
      </a>
      {typeof state === 'object' && (
        <span role="alert" className="inline-flex items-center gap-1 text-xs text-red-700 dark:text-red-400">
          <WarningIcon className="size-3.5" />
          {state.error}
        </span>
      )}
    </span>
  );
}

type CopyProps = { label: string; filename: string; getText: () => Promise<string> | string };

/** Copies text or a link, confirming in place (and to screen readers) for two seconds. */
export function CopyButton({ label, filename, getText }: CopyProps): JSX.Element {
  const [state, setState] = useState<'idle' | 'busy' | 'copied' | 'failed'>('idle');

  const onClick = async () => {
    setState('busy');
    try {
      await copyText(await getText());
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };

  return (
    <ActionButton onClick={onClick} disabled={state === 'busy'}>
      {state === 'copied' ? <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" /> : <CopyIcon />}
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}</span>
      <span className="sr-only">{` ${filename}`}</span>
    </ActionButton>
  );
}
