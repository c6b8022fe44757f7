/**
 * What the words around a noun phrase say of its value: that the prompt states it ("a budget of 100
 * dollars"), bounds it ("a rating from 1 to 5"), lets the person leave it out ("optionally", "if
 * known"), or that "by" it says how or in what order rather than what is given.
 */
import { TEXT_WORDS } from '../../contract/field-concepts';
import { NOUN_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import type { Token } from './retag';

/** Words after a phrase that state its value, or its limit: "a budget of", "the rate is", "meals up to". */
const STATING =
  /^(?:(?:of|is|are|=|max|maximum) |(?:up to|capped at|at most|limited to|no more than) |at (?=[$€£]?\d))/;

/**
 * "of 100 dollars", "the rate is 8%", "meals up to $50 a day", "capped at 10%": the value a prompt
 * states after a phrase, not the first of a choice ("of 10, 15 or 20").
 */
export function statedAfter(tokens: Token[], end: number): Token | undefined {
  const words = tokens.slice(end, end + 4).map((t) => t.lower);
  const stating =
    STATING.exec(`${words.join(' ')} `)?.[0]
      .trim()
      .split(' ').length ?? 0;
  // "$ 50": the tagger may read a currency sign apart from its number; "parking £5, date" states it bare.
  const sign = /^[$€£]$/.test(tokens[end + stating]?.text ?? '');
  const at = end + stating + (sign ? 1 : 0);
  const value = stating > 0 || sign ? tokens[at] : undefined;
  // ("a tip of 10, 15 or 20 percent" offers a choice: after "of" or "is", any value before a comma may
  // start one; a bare "£5," only when a number follows the comma.)
  const choice =
    /^(?:,|or)$/.test(tokens[at + 1]?.lower ?? '') && (stating > 0 || /^[$€£]?\d/.test(tokens[at + 2]?.text ?? ''));
  // ("VAT at 20%", "interest at £5 a day": a rate or an amount; "at 9" may be a time.)
  const rate = words[0] !== 'at' || tokens[at + 1]?.text === '%' || /^[$€£]/.test(tokens[at - 1]?.text ?? '');
  return value && /^[$€£]?\d/.test(value.text) && !choice && rate ? value : undefined;
}

const numberAt = (token: Token | undefined) =>
  token && /^\d+(?:\.\d+)?$/.test(token.text) ? Number(token.text) : undefined;

/** "from 1 to 5", "between 0 and 10", "(1-5)", "out of 100" right after a phrase. */
export function rangeAfter(tokens: Token[], end: number): [number, number] | undefined {
  const at = (k: number) => tokens[end + k]?.lower ?? '';
  if (at(0) === 'out' && at(1) === 'of' && numberAt(tokens[end + 2]) !== undefined)
    return [0, numberAt(tokens[end + 2])!];
  // "effort (1-5)": a range written as one word.
  const joined = at(0) === '(' ? /^(\d+)[-–](\d+)$/.exec(at(1)) : null;
  if (joined && Number(joined[1]) < Number(joined[2])) return [Number(joined[1]), Number(joined[2])];
  if (!/^(?:from|between|\()$/.test(at(0)) || !/^(?:to|and|[-–])$/.test(at(2))) return undefined;
  const [low, high] = [numberAt(tokens[end + 1]), numberAt(tokens[end + 3])];
  return low !== undefined && high !== undefined && low < high ? [low, high] : undefined;
}

/** Words that make the value after them one a person may leave out. */
export const OPTIONAL_BEFORE = new Set(['optionally', 'optional', 'possibly', 'maybe', 'perhaps']);
/** "if any", "if known", "if we have one": after a value, they make it one a person may leave out. */
const OPTIONAL_IF = /^(?:any|known|available|applicable|provided|given|relevant|needed|one|exists?|present)$/;

export function optionalAt(tokens: Token[], first: number, phraseEnd: number): boolean {
  // ("extras charged (if any)", "the prize for the winner if there is one": what qualifies it comes first.)
  const qualified = tokens[phraseEnd]?.pos === 'VERB' && /(?:ed|en)$/.test(tokens[phraseEnd]!.lower);
  const of =
    /^(?:for|from|of)$/.test(tokens[phraseEnd]?.lower ?? '') &&
    /^(?:the|a|an|my|our|their|his|her)$/.test(tokens[phraseEnd + 1]?.lower ?? '') &&
    tokens[phraseEnd + 2]?.pos === 'NOUN' &&
    /^(?:if|\()$/.test(tokens[phraseEnd + 3]?.lower ?? '');
  const end = phraseEnd + (qualified ? 1 : of ? 3 : 0);
  if (tokens.slice(first, end).some((t) => OPTIONAL_BEFORE.has(t.lower))) return true;
  // "and any dietary requirements", "any notes": there may be none.
  if (tokens[first]?.lower === 'any' || tokens[first - 1]?.lower === 'any') return true;
  // "and, if known, the trainer's name", "and, optionally, feedback", "optionally based on a passage".
  const before = tokens.slice(Math.max(0, first - 4), first).map((t) => t.lower);
  const lead = before.findLastIndex((w) => !/^(?:,|based|on|using|with|from)$/.test(w));
  if (OPTIONAL_BEFORE.has(before[lead] ?? '') || (OPTIONAL_IF.test(before[lead] ?? '') && before[lead - 1] === 'if'))
    return true;
  // "reason (optional)", "notes (if any)", "budget in £ (optional)": the person says so in brackets after it.
  const unit = tokens[end]?.lower === 'in' ? tokens.slice(end, end + 4).findIndex((t) => t.text === '(') : 0;
  const bracket = end + Math.max(0, unit);
  if (tokens[bracket]?.text === '(' && /^(?:optional|if)$/.test(tokens[bracket + 1]?.lower ?? '')) return true;
  // ("their dietary requirements, if known.", "the reason given, if any": after a comma, when the list ends there.)
  const comma = tokens[end]?.text === ',' && tokens[end + 1]?.lower === 'if' ? 1 : 0;
  if (tokens[end + comma]?.lower !== 'if') return false;
  // "the sale % if it's on sale", "their coverage if they do", "their company if I know it".
  if (!comma && /^(?:it|its|they|i|we|there|he|she)$/.test(tokens[end + 1]?.lower ?? '')) return true;
  const ends = (k: number) => !comma || /^(?:[.;)]|and)?$/.test(tokens[k + 1]?.lower ?? '');
  for (let i = end + comma + 1; i < Math.min(tokens.length, end + 5) && /^[a-z]/i.test(tokens[i]!.text); i++)
    if (OPTIONAL_IF.test(tokens[i]!.lower) && ends(i)) return true;
  return false;
}

/** "whether the room is single or double": a thing asked of by what it is. */
export const whetherIs = (tokens: Token[], phrase: Phrase) =>
  /^(?:is|are)$/.test(tokens[phrase.end]?.lower ?? '') &&
  tokens.slice(Math.max(0, phrase.start - 2), phrase.start).some((t) => t.lower === 'whether');

/** "I'll paste the review", "the pasted minutes", "the notes I paste in": what arrives pasted. */
export const pastedIn = (tokens: Token[], phrase: Phrase, verb: string) =>
  phrase.pasted === true ||
  /^(?:paste|forward|copy)$/.test(verb) ||
  [tokens[phrase.start - 1]?.lower, phrase.words[0]].includes('pasted');

/**
 * What a paste holds as one block of text: a string, a list with no columns ("our order list", "the
 * passenger list") or a list of other things ("the appointments") when it says so, and "minutes",
 * a unit and a document, as the document; a rating or a list with columns keeps its kind.
 */
export const heldAsText = (kind: string, head: string, plain: boolean) =>
  kind === 'string' || (kind === 'number' && TEXT_WORDS.has(head)) || (kind === 'list' && (plain || head !== 'list'));

/**
 * "the URL and 3 key points", "the month, 2-3 highlights": in a list of values, a count before things
 * (not a unit, not people) says how many the person gives; it states no constant.
 */
export function countedItems(tokens: Token[], start: number, plural: boolean, units: Set<string>): boolean {
  const count = tokens[start - 1];
  if (!plural || !count || !/^\d+(?:-\d+)?$/.test(count.text)) return false;
  const head = tokens.slice(start).find((t) => t.pos === 'NOUN');
  if (!head || units.has(head.lower) || units.has(head.lemma) || /^(?:people|persons|guests|staff)$/.test(head.lower))
    return false;
  return /^(?:,|and|give|given|with|provide|enter|type|paste|list|plus)$/.test(tokens[start - 2]?.lower ?? '');
}

const { manners: MANNERS } = NOUN_CLASSES;

/**
 * "address them by first name", "filter by a region": a value to give after "by"; "by hand", "by
 * post" say how, and "sorted by aisle", "total them by category" name a column of what is given.
 */
export function givenBy(tokens: Token[], phrase: Phrase): boolean {
  if (phrase.fixed || MANNERS.has(phrase.words.join(' '))) return false;
  // "sort them by date", "total them up by category": the verb is before whom and its particle.
  const verb = tokens
    .slice(Math.max(0, (phrase.before?.index ?? 0) - 3), phrase.before?.index ?? 0)
    .findLast((t) => !/^(?:PRON|ADP|PART)$/.test(t.pos));
  return !/^(?:sort|group|order|rank|arrange|organi[sz]e|total|break|split|list|tally)$/.test(verb?.lemma ?? '');
}

/**
 * "sign it from Maria Lopez, Fundraising Lead", "signed off as the Admissions Team": who signs is
 * the writer's own, stated once, not a value each run gives.
 */
function signedOff(tokens: Token[], start: number): boolean {
  // ("the price of a sign from its width": a sign that is a thing signs nothing.)
  const signing = (t: Token) =>
    /^sign/.test(t.lower) && (t.pos !== 'NOUN' || t.lower === 'sign-off' || tokens[t.index + 1]?.lower === 'off');
  // A sign-off is a few words long; looking no further keeps a long prompt's reading linear.
  for (let at = start - 1; at >= Math.max(0, start - 16) && !/^[.!?;]$/.test(tokens[at]!.text); at--)
    if (/^(?:as|from|by)$/.test(tokens[at]!.lower) && tokens.slice(Math.max(0, at - 3), at).some(signing)) return true;
  return false;
}

/** Words before "email" that make it an address: whose it is or which of theirs. */
const ADDRESS_OF =
  /^(?:work|personal|contact|billing|business|company|primary|secondary|home|office|school|main|alternative)$/;

/**
 * "a tenant's repair request email", "the complaint email": an email named by what it is about is a
 * message to read; "the customer email", "their work email", "the hirer's email" are addresses.
 */
export function messageEmail(phrase: Phrase): boolean {
  const [modifier, head] = phrase.words.slice(-2);
  // ("the hirer's email": whose it is says it is an address.)
  return (
    phrase.words.length >= 2 &&
    phrase.owner !== phrase.words.length - 1 &&
    /^(?:email|e-mail)s?$/.test(head ?? '') &&
    !NOUN_CLASSES.people.has(modifier!.replace(/s$/, '')) &&
    !ADDRESS_OF.test(modifier!)
  );
}

/** "10% off their next order": what a stated discount comes off is stated with it ("20% on a net amount" is given). */
const discounted = (tokens: Token[], start: number) =>
  tokens[start - 1]?.lower === 'off' && /^(?:%|percent|[$€£]?\d[\d.,]*)$/.test(tokens[start - 2]?.lower ?? '');

/** Who signs, what a discount comes off, "one pastry per person": values the writer states once. */
export const statedByWriter = (tokens: Token[], start: number, words: string[]) =>
  signedOff(tokens, start) ||
  discounted(tokens, start) ||
  (/^(?:one|two|three|four|five|six|seven|eight|nine|ten)$/.test(tokens[start]?.lower ?? '') &&
    words.includes('per')) ||
  // ("using the standard formula", "at the usual rate": a known way the job is done; "the standard
  // deviation" is a value.)
  (/^(?:standard|usual|normal|default|official)$/.test(words[0] ?? '') &&
    /^(?:formula|rate|rates|method|factor|format|rules|calculation|procedure|way)$/.test(words.at(-1) ?? '') &&
    tokens
      .slice(Math.max(0, start - 2), start + 1)
      .some((t) => /^(?:using|use|by|following|per|under|at)$/.test(t.lower)));

/**
 * "term in months", "shipping time in business days" (the unit may have a word before it), "in km
 * each way", "hours a week", "the dose in mg per kg": the unit a value is given in after it, with what
 * it is counted per, and how many tokens that takes.
 */
export function unitAfter(
  tokens: Token[],
  i: number,
  units: Set<string>,
  isNoun: (token: Token | undefined) => boolean,
): { unit: string | undefined; length: number } {
  const unitOrMoney = (word: string) => units.has(word) || /^[£$€]$/.test(word);
  // "wind speed (mph)", "weight (in kg)", "budget (£)": a unit in brackets says the same.
  if (tokens[i]?.text === '(') {
    const inner = tokens[i + 1]?.lower === 'in' ? 2 : 1;
    const word = tokens[i + inner]?.lower ?? '';
    const closed = tokens[i + inner + 1]?.text === ')';
    return closed && unitOrMoney(word) ? { unit: word, length: inner + 2 } : { unit: undefined, length: 0 };
  }
  // "travel £, date": a currency sign with no amount after it says the item is money.
  if (/^[£$€]$/.test(tokens[i]?.text ?? '') && !/^\d/.test(tokens[i + 1]?.text ?? ''))
    return { unit: tokens[i]!.text, length: 1 };
  if (tokens[i]?.lower !== 'in') return { unit: undefined, length: 0 };
  const skip = !unitOrMoney(tokens[i + 1]?.lower ?? '') && /^(?:ADJ|NOUN)$/.test(tokens[i + 1]?.pos ?? '') ? 1 : 0;
  const word = tokens[i + 1 + skip]?.lower ?? '';
  if (!unitOrMoney(word)) return { unit: undefined, length: 0 };
  const after = i + 2 + skip;
  if (!/^(?:each|per|a|an)$/.test(tokens[after]?.lower ?? '') || !isNoun(tokens[after + 1]))
    return { unit: word, length: 2 + skip };
  const per = tokens[after]!.lower === 'per' ? ` per ${tokens[after + 1]!.lower}` : '';
  return { unit: `${word}${per}`, length: 4 + skip };
}
