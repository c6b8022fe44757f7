/**
 * What a prompt tells beside its list of inputs: an aside in brackets (an example or a hedge that tells
 * of the item before it), and where a thing happens.
 */
import { conceptOf } from '../../contract/field-concepts';
import { NOUN_CLASSES } from '../../contract/prompt-words';
import { questionBefore } from './markers';
import type { Enumeration } from './enumerations';
import type { Phrase, Token } from './parse';

/** The words that open an aside in brackets: an example or a hedge, not an input. */
/** "etc.": a list that trails off gives examples, neither values to give nor choices. */
export const ETC = /^etc\.?$/i;
const ASIDE =
  /^(?:e\.?g\.?|i\.?e\.?|like|usually|normally|typically|often|mostly|sometimes|generally|say|probably|maybe|ideally|instance|example)$/;

/**
 * "the couple's names (usually two first names), their email…", "(a list, e.g. bank statements, P60)":
 * phrases in brackets after a hedge or "e.g." tell of the item before them; the list goes on past them.
 */
function inAside(tokens: Token[], group: Enumeration): boolean {
  const first = group.items[0]!;
  // ("the starter's details (like their name, start date and manager)": values to give are the list.)
  if (group.items.filter((p) => conceptOf(p.head) !== undefined).length >= 2) return false;
  // ("the equipment they have (laptop, monitor, etc.)": a list that trails off gives examples.)
  const closing = tokens.slice(group.items.at(-1)!.end, group.items.at(-1)!.end + 12);
  const close = closing.findIndex((t) => /^[()]$/.test(t.text));
  const trails = closing[close]?.text === ')' && closing.slice(0, close).some((t) => ETC.test(t.lower));
  let hedged = trails || ASIDE.test(tokens[first.start]!.lower);
  for (let k = first.start - 1; k >= Math.max(0, first.start - 8); k--) {
    if (tokens[k]!.text === ')') return false;
    if (tokens[k]!.text === '(') return hedged;
    // ("each player (or their parents)": another who, said in passing.)
    hedged ||= ASIDE.test(tokens[k]!.lower) || (tokens[k]!.lower === 'or' && tokens[k - 1]?.text === '(');
  }
  return false;
}

/**
 * "…, what time we leave school and what time we'll be back, the cost per child": the words of a
 * question listed among the inputs (read as an input of its own in clause-fields) end no list.
 */
function inListedQuestion(tokens: Token[], first: Phrase): boolean {
  // ("what they bought and their order number": "and" opens the next item.)
  if (/^(?:and|or|,)$/.test(first.before?.lower ?? '')) return false;
  const question = questionBefore(tokens, first.start - 1, 10, /^[.;:!?()]$/);
  return (
    question !== undefined &&
    // ("whether a laptop is needed - manager email": a yes or no ends at its verb; the list goes on.)
    question.lower !== 'whether' &&
    /^(?:,|and)$/.test(tokens[question.index - 1]!.lower) &&
    !tokens.slice(question.index, first.start).some((t) => t.text === ',')
  );
}

/** "questions about parking, breakfast times, dogs and so on": what a text is about, trailing off, are examples. */
function examplesOf(tokens: Token[], group: Enumeration): boolean {
  const end = group.items.at(-1)!.end;
  const after = tokens
    .slice(end, end + 3)
    .map((t) => t.lower)
    .join(' ');
  const trails = ETC.test(tokens[end]?.lower ?? '') || /^(?:and so on|and the like|and more)\b/.test(after);
  return group.items[0]!.before?.lower === 'about' && trails;
}

/**
 * The groups of a prompt without its asides and listed questions, so a list goes on past them; what
 * follows a question's own words in its group goes on with the list (", how many families registered,
 * and any shortages").
 */
export const withoutAsides = (tokens: Token[], groups: Enumeration[]) =>
  groups.flatMap((group) => {
    if (inAside(tokens, group) || examplesOf(tokens, group)) return [];
    if (!inListedQuestion(tokens, group.items[0]!)) return [group];
    // (", which system, link expires in 24 hrs": after a comma alone, a clause of its own may follow;
    // ", how many nights, room type": a count asked ends at its noun, and the list goes on after it.)
    const counted =
      group.items.length > 1 &&
      /^(?:many|much)$/.test(group.items[0]!.words[0] ?? '') &&
      tokens[group.items[0]!.end]?.text === ',';
    // (", which jobs they want, the garden size": so does a question that ends at its clause.)
    const end = group.items[0]!.end;
    const asked =
      group.items.length > 1 &&
      [end - 2, end - 3].some((k) => tokens[k]?.pos === 'PRON') &&
      tokens[end - 1]?.pos === 'VERB' &&
      /^[,(]$/.test(tokens[end]?.text ?? '');
    const goesOn = counted || asked || /^(?:and|or)$/.test(group.items[1]?.before?.lower ?? '');
    return goesOn ? [{ ...group, items: group.items.slice(1) }] : [];
  });

/**
 * "comes in on Shopify", "on our website", "on sale": where a thing happens, said of one phrase after "on";
 * "VAT on the net amount", "based on the reason", "every parent on the trip list" name what is given.
 */
export function happensOn(tokens: Token[], group: Enumeration, previous: Enumeration | undefined): boolean {
  const [phrase] = group.items;
  const indefinite = /^(?:a|an)$/.test(tokens[phrase!.start - 1]?.lower ?? '');
  // ("the VAT on the net amount", "15% on the bill total": what a sum is worked on.)
  const worked = tokens[(phrase!.before?.index ?? 0) - 1];
  const based = worked?.lower === 'based' || /^(?:NUM|SYM)$/.test(worked?.pos ?? '') || worked?.text === '%';
  if (/^(?:number|integer)$/.test(conceptOf(phrase!.head)?.kind ?? '')) return false;
  const ofPeople = previous !== undefined && NOUN_CLASSES.people.has(previous.items.at(-1)!.head);
  return group.items.length === 1 && !indefinite && !based && !ofPeople;
}

/**
 * "their interests (there are usually several)", "dietary requirements (vegetarian, gluten free etc —
 * could be several)": a bracket after a thing that says there may be more than one of it; so does
 * one for each of a thing ("the eggs collected each day", "the expected number of guests for each
 * day", "the hours I worked each day").
 */
export function severalSaid(tokens: Token[], phrase: Phrase): boolean {
  // (What the phrase reads includes a time it is said for; "the max hours each person can work" is one.)
  let k = phrase.start + 1;
  while (k < phrase.end && !/^(?:each|every)$/.test(tokens[k]!.lower)) k++;
  while (k < phrase.end + 3 && /^(?:PRON|VERB|ADV|AUX|ADP)$/.test(tokens[k]?.pos ?? '')) k++;
  const each = /^(?:each|every)$/.test(tokens[k]?.lower ?? '') && tokens[k + 1]?.pos === 'NOUN';
  const clause = /^(?:AUX|VERB)$/.test(tokens[k + 2]?.pos ?? '');
  if (each && !clause && (phrase.plural || phrase.words[0] === 'number')) return true;
  if (tokens[phrase.end]?.text !== '(') return false;
  const words: string[] = [];
  for (let k = phrase.end + 1; k < phrase.end + 16 && tokens[k] && tokens[k]!.text !== ')'; k++)
    words.push(tokens[k]!.lower);
  // ("items (desc, qty, unit price)": things, then what each has, between commas, are a list of them.)
  const columns = phrase.plural && words.includes(',') && !words.some((w) => /^(?:or|\/)$/.test(w));
  return columns || /\b(?:several|multiple|many|a few|more than one|one or more)\b/.test(words.join(' '));
}
