import { useMemo, type JSX } from 'react';
import { JsonTree } from './json-tree';
import { parseJson } from './json-tree-model';
import { useSegmentedToggle } from '@/components/ui/segmented-toggle';
import { Notice } from '@/components/ui/notice';
import { TextPreview } from './text-preview';

/** JSON as a collapsible tree or pretty-printed text; invalid JSON is shown as text with a note. */
export function JsonPreview({ text, filename }: { text: string; filename: string }): JSX.Element {
  const parsed = useMemo(() => parseJson(text), [text]);
  const { view, toggle } = useSegmentedToggle('JSON view', { tree: 'Tree', raw: 'Raw' });

  if (!parsed.ok) {
    return (
      <div className="space-y-3">
        <Notice tone="info" role="status" title="Not valid JSON — showing the text as it is">
          {parsed.error}
        </Notice>
        <TextPreview text={text} label={`Contents of ${filename}`} />
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {toggle}
      {view === 'tree' ? (
        <div
          role="region"
          tabIndex={0}
          aria-label={`Tree of ${filename}`}
          className="max-h-[70vh] overflow-auto rounded-lg bg-zinc-50 p-3 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-zinc-900"
        >
          <JsonTree value={parsed.value} label={`Contents of ${filename}`} />
        </div>
      ) : (
        <TextPreview text={parsed.pretty} label={`Contents of ${filename}, pretty-printed`} />
      )}
    </div>
  );
}
