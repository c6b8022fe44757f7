import { useEffect, useState } from 'react';
import { copyText } from '@/lib/save-file';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast';

/** Copies text to the clipboard and says so, in the button and to screen readers. */
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'secondary',
  size = 'sm',
  what,
}: {
  /** The text, or a function giving it (it may fetch, e.g. a fresh link). */
  text: string | (() => string | Promise<string>);
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Read after the label by screen readers when several copy buttons share a page ("report.md"). */
  what?: string;
}) {
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    setBusy(true);
    try {
      await copyText(typeof text === 'function' ? await text() : text);
      setCopied(true);
    } catch {
      toast({ tone: 'danger', title: 'Could not copy', description: 'The browser refused clipboard access.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} size={size} onClick={() => void copy()} disabled={busy}>
      {copied ? (
        <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" />
      ) : (
        <CopyIcon className="size-4" />
      )}
      <span>{copied ? 'Copied' : label}</span>
      {what !== undefined && <span className="sr-only">{` ${what}`}</span>}
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied to the clipboard' : ''}
      </span>
    </Button>
  );
}
