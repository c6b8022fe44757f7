import { useEffect, useState, type ComponentType, type JSX } from 'react';
import type { DelimitedKind } from './parse-csv';
import type * as CsvPreviewModule from './csv-preview';
import { ReadingTable } from './reading-table';

type CsvPreviewProps = { text: string; kind: DelimitedKind; filename: string };
type CsvModule = typeof CsvPreviewModule;

let modulePromise: Promise<CsvModule> | null = null;
let loaded: ComponentType<CsvPreviewProps> | null = null;

/** Starts loading the table viewer once; safe to call during render because it only starts a fetch. */
function loadCsvModule(): Promise<CsvModule> {
  modulePromise ??= import('./csv-preview').then((module) => {
    loaded = module.CsvPreview;
    return module;
  });
  modulePromise.catch(() => {
    modulePromise = null;
  });
  return modulePromise;
}

/**
 * Loads the CSV table (react-virtual, papaparse) on first use. It uses import() rather than
 * React.lazy because React holds a revealed Suspense boundary back for up to 300 ms, which would
 * double the time to the first rows of a big table; the fetch starts at render, not after paint.
 */
export function LazyCsvPreview(props: CsvPreviewProps): JSX.Element {
  const [Preview, setPreview] = useState<ComponentType<CsvPreviewProps> | null>(() => loaded);
  const [error, setError] = useState<string | null>(null);
  if (!Preview) void loadCsvModule();

  useEffect(() => {
    if (Preview) return;
    let live = true;
    loadCsvModule().then(
      (module) => live && setPreview(() => module.CsvPreview),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [Preview]);

  // Thrown so the surrounding PreviewBoundary shows its message with a download link.
  if (error) throw new Error(`The table viewer failed to load: ${error}`);
  if (!Preview) {
    return <ReadingTable />;
  }
  return <Preview {...props} />;
}
