/**
 * What a prompt asks the workflow to write ("write a short sales intro email and a one-paragraph
 * company summary"): each requested document with its own words, read from the whole prompt, since
 * a "given …" list can leave no intent text behind.
 */

/** The documents the rule-based steps write in their real shape from the inputs. */
export type DraftKind = 'email' | 'message' | 'checklist' | 'posting' | 'reminder';

export interface Deliverable {
  /** The words of the request without its article: "short sales intro email". */
  phrase: string;
  /** The noun that says what it is: "email". */
  head: string;
  /** The kind of draft the steps write for it, or null when they write no such thing. */
  draft: DraftKind | null;
  /** Text only a model or the web could write from these inputs (a summary of a company). */
  needsModel: boolean;
}

const MAKING =
  /\b(?:write|writes|draft|drafts|compose|create|creates|prepare|generate|produce|make|send|sends|return|returns|give me|put together|come up with)\s+(?:me\s+|us\s+|out\s+)?((?:an?|the|some|one|two|three)\s+[^.;:!?\n]+)/g;

/** Where the object list of a making verb ends: its clause, or a word that names a source or target. */
const OBJECT_END =
  /\s(?:from|for|to|with|using|based on|given|about|after|before|that|which|who|when|if|so|then|by|in|on|as)\s|,\s*(?:then\s+)?(?!an?\s|the\s|and\s)[a-z]+\s/;

const DRAFT_HEADS: Record<string, DraftKind> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  letter: 'email',
  message: 'message',
  note: 'message',
  dm: 'message',
  checklist: 'checklist',
  'to-do': 'checklist',
  todo: 'checklist',
  posting: 'posting',
  vacancy: 'posting',
  reminder: 'reminder',
};

/** What has to be read or researched, not filled in: without a text to work on, only a model could write it. */
const RESEARCHED = new Set(['summary', 'summaries', 'overview', 'profile', 'bio', 'analysis', 'research', 'insights']);

function deliverable(item: string): Deliverable | null {
  const words = item
    .split(' ')
    .map((word) => word.replace(/[^\p{L}\d'-]/gu, ''))
    .filter(Boolean);
  if (/^(?:an?|the|some|one|two|three)$/.test(words[0] ?? '')) words.shift();
  // "a job post" is a posting; "a to-do list" a checklist.
  let head = words.at(-1) ?? '';
  if (head === 'post' && words.at(-2) === 'job') head = 'posting';
  if (head === 'list' && /^to-?do$/.test(words.at(-2) ?? '')) head = 'checklist';
  if (words.length === 0 || words.length > 6) return null;
  const draft = DRAFT_HEADS[head] ?? null;
  if (!draft && !RESEARCHED.has(head)) return null;
  return { phrase: words.join(' '), head, draft, needsModel: RESEARCHED.has(head) };
}

/** The documents the prompt asks to be written, in the order it names them. */
export function readDeliverables(lower: string): Deliverable[] {
  const found: Deliverable[] = [];
  for (const match of lower.matchAll(MAKING)) {
    const rest = match[1] ?? '';
    const end = OBJECT_END.exec(rest);
    const objects = rest.slice(0, end ? end.index : rest.length);
    for (const item of objects.split(/,|\b(?:and|plus|as well as)\b/)) {
      const made = deliverable(item);
      if (made && !found.some((known) => known.phrase === made.phrase)) found.push(made);
    }
  }
  return found;
}
