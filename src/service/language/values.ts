/**
 * What the words around a noun phrase say of its value: that the prompt states it ("a budget of 100
 * dollars"), bounds it ("a rating from 1 to 5") or lets the person leave it out ("optionally",
 * "if known").
 */
import type { Token } from './retag';

/**
 * "of 100 dollars", "of $500", "the rate is 8%": a value stated after "of" or "is", not the first of a
 * choice ("of 10, 15 or 20").
 */
export const statedAfter = (tokens: Token[], end: number) =>
  /^(?:of|is|are|=)$/.test(tokens[end]?.lower ?? '') &&
  /^[$€£]?\d/.test(tokens[end + 1]?.text ?? '') &&
  !/^(?:,|or)$/.test(tokens[end + 2]?.lower ?? '');

const numberAt = (token: Token | undefined) =>
  token && /^\d+(?:\.\d+)?$/.test(token.text) ? Number(token.text) : undefined;

/** "from 1 to 5", "between 0 and 10", "(1-5)", "out of 100" right after a phrase. */
export function rangeAfter(tokens: Token[], end: number): [number, number] | undefined {
  const at = (k: number) => tokens[end + k]?.lower ?? '';
  if (at(0) === 'out' && at(1) === 'of' && numberAt(tokens[end + 2]) !== undefined)
    return [0, numberAt(tokens[end + 2])!];
  if (!/^(?:from|between|\()$/.test(at(0)) || !/^(?:to|and|[-–])$/.test(at(2))) return undefined;
  const [low, high] = [numberAt(tokens[end + 1]), numberAt(tokens[end + 3])];
  return low !== undefined && high !== undefined && low < high ? [low, high] : undefined;
}

/** Words that make the value after them one a person may leave out. */
export const OPTIONAL_BEFORE = new Set(['optionally', 'optional', 'possibly', 'maybe', 'perhaps']);
/** "if any", "if known", "if we have one": after a value, they make it one a person may leave out. */
const OPTIONAL_IF = /^(?:any|known|available|applicable|provided|given|relevant|needed|one|exists?|present)$/;

export function optionalAt(tokens: Token[], first: number, end: number): boolean {
  if (tokens.slice(first, end).some((t) => OPTIONAL_BEFORE.has(t.lower))) return true;
  if (tokens[end]?.lower !== 'if') return false;
  for (let i = end + 1; i < Math.min(tokens.length, end + 5) && /^[a-z]/i.test(tokens[i]!.text); i++)
    if (OPTIONAL_IF.test(tokens[i]!.lower)) return true;
  return false;
}

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
