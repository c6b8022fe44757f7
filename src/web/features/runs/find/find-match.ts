/** What was typed into Find, read as a link, a full id, or text (a name, perhaps also a short id). */
export type FindQuery =
  | { kind: 'empty' }
  | { kind: 'link'; workflowId: string; executionId?: string }
  | { kind: 'full-id'; id: string }
  | { kind: 'text'; text: string; idPrefix?: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const WHOLE_UUID = new RegExp(`^${UUID}$`, 'i');
const ANY_UUID = new RegExp(UUID, 'i');
/** A dashboard address (/workflows/{id}/executions/{id}) or an API one (/api/v1/workflows/…): both carry this path. */
const WORKFLOW_PATH = new RegExp(`workflows/(${UUID})(?:/executions/(${UUID}))?`, 'i');
const ID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
/** Fewer hex digits than this match too many ids to be worth a scan. */
export const MIN_ID_PREFIX = 6;

/** The start of an id as lists show it ("3f2b9a1c", "#3f2b9a1c…", "3f2b9a1c-5e"), lower-cased; else undefined. */
function idPrefixIn(text: string): string | undefined {
  const bare = text
    .replace(/^#/, '')
    .replace(/(…|\.\.\.)$/, '')
    .toLowerCase();
  if (bare.replace(/-/g, '').length < MIN_ID_PREFIX || bare.length > ID_SHAPE.length) return undefined;
  for (let i = 0; i < bare.length; i++) {
    const ok = ID_SHAPE[i] === '-' ? bare[i] === '-' : /[0-9a-f]/.test(bare[i]!);
    if (!ok) return undefined;
  }
  return bare;
}

/** Reads what was typed or pasted into Find. */
export function readQuery(input: string): FindQuery {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const path = WORKFLOW_PATH.exec(text);
  if (path) return { kind: 'link', workflowId: path[1]!.toLowerCase(), executionId: path[2]?.toLowerCase() };
  if (WHOLE_UUID.test(text)) return { kind: 'full-id', id: text.toLowerCase() };
  // A link of another shape (a runs page with ?q=…, say) still names what it holds by its id.
  const inside = ANY_UUID.exec(text);
  if (inside && /^[a-z]+:\/\/|^\//i.test(text)) return { kind: 'full-id', id: inside[0].toLowerCase() };
  return { kind: 'text', text, idPrefix: idPrefixIn(text) };
}

/** Whether `id` starts with the typed prefix (both as ids are written: lower-case, dashes in place). */
export const idStartsWith = (id: string, prefix: string) => id.toLowerCase().startsWith(prefix);

/** Letters and digits only, lower-case, accents dropped: "Quote-of the Day" and "quoteoftheday" read alike. */
function squash(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Where each word of `name` starts in its squashed form. */
function wordStarts(name: string): number[] {
  const words = name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .map(squash)
    .filter((w) => w !== '');
  const starts: number[] = [];
  let at = 0;
  for (const word of words) {
    starts.push(at);
    at += word.length;
  }
  return starts;
}

/** Edits (insert, delete, change, swap two neighbours) between two short strings. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Whether every letter of `query` appears in `name` in order. */
function isSubsequence(query: string, name: string): boolean {
  let at = 0;
  for (const ch of name) if (ch === query[at]) at++;
  return at === query.length;
}

/** Typos allowed for a query of this length: none below 4 letters, one up to 7, two from 8. */
const typosAllowed = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

/**
 * How well a workflow name answers what was typed, higher is better, or null when it does not:
 * the same name, then its start, a word's start, anywhere inside, its letters in order, and last a
 * small typo at the start of a word. Case, spaces, dashes and accents do not count.
 */
export function nameScore(query: string, name: string): number | null {
  const q = squash(query);
  const n = squash(name);
  if (q === '' || n === '') return null;
  if (n === q) return 100;
  if (n.startsWith(q)) return 90;
  const starts = wordStarts(name);
  if (starts.some((s) => n.startsWith(q, s))) return 80;
  if (q.length >= 3 && n.includes(q)) return 70;
  const typos = typosAllowed(q.length);
  if (typos > 0) {
    let best = Infinity;
    for (const s of starts) {
      for (let length = q.length - typos; length <= q.length + typos; length++) {
        if (length < 1 || s + length > n.length) continue;
        best = Math.min(best, editDistance(q, n.slice(s, s + length)));
      }
    }
    // Also the whole name, for a query that misspells all of it.
    best = Math.min(best, editDistance(q, n));
    if (best <= typos) return 60 - 10 * best;
  }
  if (q.length >= 3 && n[0] === q[0] && isSubsequence(q, n)) return 30;
  return null;
}
