import { plural } from '@/lib/plural';
import type { FindProgress, LookReport, RunsLook } from './find-by-id';
import { readQuery } from './find-match';

/** What Find is doing while it asks the server. */
export function progressLine(progress: FindProgress): string {
  if (progress.kind === 'runs') return `Looking through recent runs… ${plural(progress.runs, 'run')} so far`;
  return `Looking for this id in each workflow… ${progress.checked} of ${progress.of}`;
}

/** How far the look through the runs went, in a person's words. */
export function scanLine({ runs, complete, stoppedAtMatch }: RunsLook): string {
  if (complete && runs <= 1) return runs === 0 ? 'There are no runs yet.' : 'Looked at the only run.';
  if (complete) return `Looked through all ${plural(runs, 'run')}.`;
  if (stoppedAtMatch)
    return runs === 1 ? 'Found in the newest run.' : `Found among the ${runs.toLocaleString('en')} newest runs.`;
  return `Looked through the ${runs.toLocaleString('en')} newest runs; older runs were not searched. Paste the run’s full id or its link to find an older one.`;
}

/** What to say when nothing matched, after the look `looked` went. */
export function nothingLine(text: string, looked: LookReport | undefined): string {
  const checkedWorkflows = looked?.through === 'workflows' ? looked.checked : 0;
  const query = readQuery(text);
  if (query.kind === 'full-id')
    return `No workflow or run has the id ${query.id} in this account (looked in ${plural(checkedWorkflows, 'workflow')}).`;
  if (query.kind === 'text' && query.idPrefix)
    return `Nothing matches “${query.text}”: no workflow name is like it, and no run or workflow id starts with it.`;
  return `No workflow name is like “${text.trim()}”. To find a run, use its id as the runs list shows it, or its link.`;
}
