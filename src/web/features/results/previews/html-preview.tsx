import { useMemo, type JSX } from 'react';
import { buildSrcdoc, estimateFrameHeight } from './html-srcdoc';
import { neutralizeHtml } from './neutralize-html';
import { useSegmentedToggle } from '@/components/ui/segmented-toggle';
import { TextPreview } from './text-preview';

/**
 * Renders result HTML in a fully sandboxed frame: no scripts, an opaque origin (no storage, no
 * parent access) and a CSP that blocks every network load.
 */
export function HtmlPreview({ text, filename }: { text: string; filename: string }): JSX.Element {
  const { view, toggle } = useSegmentedToggle('HTML view', { rendered: 'Rendered', source: 'Source' });
  const srcdoc = useMemo(() => buildSrcdoc(neutralizeHtml(text)), [text]);
  const height = useMemo(() => estimateFrameHeight(text), [text]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {toggle}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Scripts and network access are off in this preview.</p>
      </div>
      {view === 'rendered' ? (
        <div
          className="resize-y overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800"
          style={{ height }}
        >
          <iframe
            sandbox=""
            srcDoc={srcdoc}
            title={`Preview of ${filename}`}
            referrerPolicy="no-referrer"
            className="block h-full w-full bg-white"
          />
        </div>
      ) : (
        <TextPreview text={text} label={`HTML source of ${filename}`} />
      )}
    </div>
  );
}
