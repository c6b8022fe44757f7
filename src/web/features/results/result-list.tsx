import { useId, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { DownloadAllButton } from './download-all-button';
import { initialFileIndex } from './initial-file';
import { ResultCard } from './result-card';
import { pickPreview, typeLabel } from './previews/pick-preview';
import { useLinkResolver } from './links/use-link-resolver';

type Props = {
  files: ResultFile[];
  /** When the detail holding these links was fetched (React Query's dataUpdatedAt). */
  fetchedAt: number;
  /** Refetches the execution detail and resolves with its fresh files. */
  refreshFiles: () => Promise<ResultFile[]>;
  /** The file name "Download all" saves the zip under. */
  archiveName: string;
  /** The run's status, so a finished run opens on its final file rather than its draft. */
  runStatus?: string;
};

/** One file's tab: its name and kind, selected by click or by arrow keys among its siblings. */
function FileTab({
  file,
  tabId,
  panelId,
  isSelected,
  tabRef,
  onSelect,
  onKeyDown,
}: {
  file: ResultFile;
  tabId: string;
  panelId: string;
  isSelected: boolean;
  tabRef: (el: HTMLButtonElement | null) => void;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const kind = pickPreview(file.filename, null, file.content !== undefined);
  return (
    <button
      ref={tabRef}
      type="button"
      role="tab"
      id={tabId}
      aria-label={`${file.filename} (${typeLabel(file.filename, kind)})`}
      aria-selected={isSelected}
      aria-controls={panelId}
      tabIndex={isSelected ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      className={`flex max-w-56 shrink-0 flex-col items-start rounded-lg border px-3 py-1.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 ${
        isSelected
          ? 'border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-500/50 dark:bg-indigo-500/15 dark:text-indigo-100'
          : 'border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-300 dark:hover:bg-zinc-900'
      }`}
    >
      <span className="w-full truncate font-mono text-[13px] font-medium">{file.filename}</span>
      <span
        className={`text-[11px] ${isSelected ? 'text-indigo-700 dark:text-indigo-300' : 'text-zinc-500 dark:text-zinc-400'}`}
      >
        {typeLabel(file.filename, kind)}
      </span>
    </button>
  );
}

/**
 * An execution's result files: one tab per file with its preview, Copy and Download, plus
 * "Download all" as a zip. Links close to expiry are refreshed before any use.
 */
export function ResultList({ files, fetchedAt, refreshFiles, archiveName, runStatus }: Props): JSX.Element {
  const resolver = useLinkResolver(files, fetchedAt, refreshFiles);
  // Until the person picks a tab the choice follows the run, so a draft seen while waiting gives
  // way to the final file once the run finishes.
  const [selected, setSelected] = useState<number | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set());
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const siblings = useMemo(() => new Map(files.map((f) => [f.filename, f.url])), [files]);
  const current = Math.min(selected ?? initialFileIndex(files, runStatus), Math.max(files.length - 1, 0));

  const select = (index: number, focus = false) => {
    setSelected(index);
    // The file shown so far stays mounted too, whether picked or chosen for the person.
    setVisited((v) => (v.has(index) && v.has(current) ? v : new Set(v).add(index).add(current)));
    if (focus) tabRefs.current[index]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = files.length - 1;
    const target = {
      ArrowRight: current + 1 > last ? 0 : current + 1,
      ArrowLeft: current - 1 < 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${baseId}-title`} className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            Results
          </h2>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {files.length === 0 ? 'No files' : `${files.length} ${files.length === 1 ? 'file' : 'files'}`}
          </p>
        </div>
        {files.length > 0 && <DownloadAllButton files={files} archiveName={archiveName} resolver={resolver} />}
      </div>

      {files.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
          This execution finished without producing any files.
        </p>
      ) : (
        <>
          {files.length > 1 && (
            <div role="tablist" aria-label="Result files" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
              {files.map((file, index) => (
                <FileTab
                  key={`${index}:${file.filename}`}
                  file={file}
                  tabId={`${baseId}-tab-${index}`}
                  panelId={`${baseId}-panel-${index}`}
                  isSelected={index === current}
                  tabRef={(el) => {
                    tabRefs.current[index] = el;
                  }}
                  onSelect={() => select(index)}
                  onKeyDown={onTabKey}
                />
              ))}
            </div>
          )}
          {files.map((file, index) =>
            // Visited panels stay mounted (hidden) so a loaded preview or a sorted table survives switching tabs.
            visited.has(index) || index === current ? (
              <div
                key={`${index}:${file.filename}`}
                id={`${baseId}-panel-${index}`}
                role={files.length > 1 ? 'tabpanel' : undefined}
                aria-labelledby={files.length > 1 ? `${baseId}-tab-${index}` : undefined}
                hidden={index !== current}
              >
                <ResultCard file={file} resolver={resolver} siblings={siblings} headingId={`${baseId}-file-${index}`} />
              </div>
            ) : null,
          )}
        </>
      )}
    </section>
  );
}
