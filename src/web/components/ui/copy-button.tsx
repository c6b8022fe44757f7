import { useEffect, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast';

/** Copies text to the clipboard and says so, in the button and to screen readers. */
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'secondary',
  size = 'sm',
}: {
  text: string | (() => string);
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setCopied(true);
    } catch {
      toast({ tone: 'danger', title: 'Could not copy', description: 'The browser refused clipboard access.' });
    }
  };
  return (
    <Button variant={variant} size={size} onClick={copy}>
      {copied ? <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" /> : <CopyIcon className="size-4" />}
      <span>{copied ? 'Copied' : label}</span>
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied to the clipboard' : ''}
      </span>
    </Button>
  );
}
