import type { ResultFile } from '@contract/openapi-document';

const isError = (name: string) => /^error\./i.test(name);
const isDraft = (name: string) => /^draft\./i.test(name);

/**
 * The result file a run's page opens on: never an error report when other files exist (a rejected
 * run's kept draft says more), and for a finished run the final document rather than its draft.
 * Otherwise the server's first file. Tabs keep the server's order; only the choice moves.
 */
export function initialFileIndex(files: readonly Pick<ResultFile, 'filename'>[], runStatus?: string): number {
  const indexed = files.map((f, index) => ({ name: f.filename, index }));
  const notErrors = indexed.filter((f) => !isError(f.name));
  const candidates = notErrors.length > 0 ? notErrors : indexed;
  if (runStatus === 'finished') {
    const final = candidates.find((f) => !isDraft(f.name));
    if (final) return final.index;
  }
  return candidates[0]?.index ?? 0;
}
