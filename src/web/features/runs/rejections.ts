/**
 * Which ended runs were rejected by a person rather than failed. v1 reports both as `error`, so
 * the dashboard tells them apart from what it knows: a rejection decided in this browser
 * (remembered here), or an error text that says so ("Rejected by Ada: too long", or the older
 * "rejected by reviewer: too long").
 */

export interface Rejection {
  /** Who rejected it, where the server names them. */
  by?: string;
  /** The reviewer's comment, where one was written. */
  comment?: string;
}

const STORAGE_KEY = 'wf-rejected-runs';
/** Enough for every rejection a person makes over weeks; the oldest go first. */
const MAX_REMEMBERED = 300;

type Remembered = Record<string, { comment?: string; at: number }>;

/** Parsed once per page (lists ask for every row); another tab's write drops it. */
let cache: Remembered | null = null;
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) cache = null;
  });

function readRemembered(): Remembered {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    cache = parsed && typeof parsed === 'object' ? (parsed as Remembered) : {};
  } catch {
    cache = {};
  }
  return cache;
}

/** Records a rejection this browser sent, so its run reads "Rejected" even where the server says only "error". */
export function rememberRejection(executionId: string, comment: string | undefined, now = Date.now()): void {
  const all = { ...readRemembered(), [executionId]: { comment: comment?.trim() || undefined, at: now } };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_REMEMBERED);
  cache = Object.fromEntries(kept);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(cache));
  } catch {
    // Storage full or blocked: the run still reads "Rejected" wherever its error text says so.
  }
}

// "Rejected by Ada Lovelace: too long", "rejected by reviewer", "Rejected: too long".
const REJECTED = /^\s*rejected\b(?:\s+by\s+([^:\n]+?))?\s*(?::\s*([\s\S]*?))?\s*$/i;
/** The older wording names no one: "rejected by reviewer" says only that a person did it. */
const ANONYMOUS = /^(?:a\s+)?reviewer$/i;

/** What an error text says about a rejection, or null when it is not one. */
export function parseRejection(errorText: string | null | undefined): Rejection | null {
  const match = errorText ? REJECTED.exec(errorText) : null;
  if (!match) return null;
  const by = match[1]?.trim();
  const comment = match[2]?.trim();
  return { by: by && !ANONYMOUS.test(by) ? by : undefined, comment: comment || undefined };
}

/** The rejection behind an errored run, from its error text or this browser's own decision; null when it failed. */
export function rejectionOf(
  run: { id: string; status: string },
  errorText: string | null | undefined,
): Rejection | null {
  if (run.status !== 'error') return null;
  const fromServer = parseRejection(errorText);
  const mine = readRemembered()[run.id];
  if (!fromServer && !mine) return null;
  return { by: fromServer?.by, comment: fromServer?.comment ?? mine?.comment };
}

/** "Rejected by Ada: too long", "Rejected: too long", or "Rejected by a reviewer". */
export function rejectionSentence({ by, comment }: Rejection): string {
  const who = `Rejected by ${by ?? 'a reviewer'}`;
  return comment ? `${who}: ${comment}` : who;
}
