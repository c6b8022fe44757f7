import type { Schemas } from '@contract/openapi-document';

type Retention = Schemas['Retention'];

const count = (n: number) => n.toLocaleString('en-US');

/**
 * How long the server keeps ended runs, in a person's words ("Older runs are kept for 30 days, up to
 * the newest 100,000 runs."); null when it keeps them whatever their age and number.
 */
export function retentionSentence({ days, max_runs: runs }: Pick<Retention, 'days' | 'max_runs'>): string | null {
  const age = days === null ? null : `${count(days)} ${days === 1 ? 'day' : 'days'}`;
  if (age !== null && runs !== null) return `Older runs are kept for ${age}, up to the newest ${count(runs)} runs.`;
  if (age !== null) return `Older runs are kept for ${age}.`;
  if (runs !== null) return `Only the newest ${count(runs)} runs are kept.`;
  return null;
}
