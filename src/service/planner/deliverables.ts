/**
 * What a prompt asks the workflow to write ("a short sales intro email and a one-paragraph company
 * summary"), from the phrases the roles reader found as outputs, each with the kind of draft the
 * rule-based steps write for it.
 */
import { subjectOf } from '../language/verbs';
import type { PlanningNote } from '../../contract/openapi-document';
import { DRAFT_HEAD_WORDS, MODIFIERS, NOUN_CLASSES } from '../../contract/prompt-words';
import type { Deliverable, DraftKind } from '../drafting/draft-templates';
import type { Recipe } from './naming';
import type { Phrase } from '../language/parse';
import type { Reading } from './roles';

const DRAFT_HEADS = new Map(
  Object.entries(DRAFT_HEAD_WORDS).flatMap(([kind, heads]) =>
    heads.split(' ').map((head) => [head, kind as DraftKind]),
  ),
);

/** What has to be read or researched, not filled in: without a text to work on, only a model could write it. */
const RESEARCHED = NOUN_CLASSES.researched;

export type { Deliverable, DraftKind };

export function deliverableOf(phrase: Phrase): Deliverable | null {
  const words = phrase.words.slice(-6);
  let head = phrase.head;
  if (head === 'post' && words.at(-2) === 'job') head = 'posting';
  if (head === 'list' && /^to-?do$/.test(words.at(-2) ?? '')) head = 'checklist';
  const draft = DRAFT_HEADS.get(head) ?? null;
  if (!draft && !RESEARCHED.has(head)) return null;
  return { phrase: words.join(' '), head, draft, needsModel: RESEARCHED.has(head) };
}

const NEEDS = 'that needs a language model, the web or another system, which the local service does not use';

/** What a draft workflow returns, in a person's words: "a draft of the sales intro email". */
export function producedPhrase(draft: Deliverable): string {
  return draft.draft === 'checklist' ? `the ${draft.phrase}` : `a draft of the ${draft.phrase}`;
}

/**
 * What the prompt asks for that the rule-based steps cannot make from the inputs (a company summary
 * from a website, an industry looked up), each with a note that says so, so nothing is dropped silently.
 */
export function unmet(
  reading: Reading,
  deliverables: Deliverable[],
  summarize: boolean,
  draft: Deliverable | undefined,
  recipe: Recipe,
  ruled: boolean,
): { what: string; note: PlanningNote }[] {
  const instead = draft ? producedPhrase(draft) : 'a report of the inputs it is given';
  const items: string[] = [];
  // "check whether a ticket breached our SLA" with no rule the steps can test: say the judgement is left to a person.
  if (recipe === 'check' && !ruled) {
    const asked = reading.tokens.findIndex((t) => /^(?:whether|if)$/.test(t.lower));
    const clause = asked < 0 ? [] : reading.tokens.slice(asked + 1);
    const end = clause.findIndex((t) => !/^[\p{L}\d'’-]+$/u.test(t.text) || MODIFIERS.inputMarkers.has(t.lower));
    const words = clause.slice(0, end < 0 ? clause.length : end).map((t) => t.text);
    items.push(
      words.length > 1 && words.length <= 12 ? `decide whether ${words.join(' ')}` : 'make the check it asks for',
    );
  }
  for (const made of deliverables)
    if (made.needsModel && !(summarize && made.head === 'summary')) items.push(`write the ${made.phrase}`);
  if (recipe === 'document' || recipe === 'message' || recipe === 'check') {
    const sought = reading.outputs.filter(
      // "the date we got the request": what someone already got is not sought.
      (p) =>
        (/^verb:(?:find|look|research|determine|identify|get|fetch|pull)$/.test(`verb:${p.before?.lemma ?? ''}`) &&
          !subjectOf(reading.tokens, p.before!)) ||
        (p.before?.text === ',' && items.length > 0 && !deliverableOf(p)),
    );
    if (sought.length > 0) items.push(`find the ${sought.map((p) => p.words.join(' ')).join(', ')}`);
  }
  return items.map((what) => ({
    what,
    note: { kind: 'output', text: `Does not ${what}: ${NEEDS}. It returns ${instead} instead.` },
  }));
}
