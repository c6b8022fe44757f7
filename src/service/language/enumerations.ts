/**
 * The lists a prompt makes of its noun phrases (parse.ts): "their name, company and the product they
 * use", "X, Y or Z".
 */
import { MODIFIERS, NOUN_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import { DETERMINERS, type Token } from './retag';

const POSSESSIVE = MODIFIERS.possessives;
const { containers: CONTAINERS } = NOUN_CLASSES;
const { units: UNITS } = NOUN_CLASSES;
/** ("make/model" are two items; "mg/kg", "l/ha" one unit.) */
const slash = (t: Token, tokens: Token[]) =>
  t.text === '/' && ![tokens[t.index - 1], tokens[t.index + 1]].some((n) => UNITS.has(n?.lower ?? ''));
const joins = (t: Token, tokens: Token[]) =>
  t.pos === 'CCONJ' || /^(?:[,;+]|and|or|plus)$/.test(t.lower) || slash(t, tokens);

/** Phrases joined by commas, "and" or "or" (with their determiners between): "name, company and the product". */
export interface Enumeration {
  items: Phrase[];
  conjunction: 'and' | 'or' | null;
}

/** Groups phrases that follow one another with only commas, "and", "or" and determiners between them. */
export function enumerations(tokens: Token[], list: Phrase[]): Enumeration[] {
  const groups: Enumeration[] = [];
  // "the start and end time of the outage, the number of users", "discount as a percentage, …": what
  // an item is of, or the form it takes, belongs to it, and the list goes on after it.
  let complementEnd: number | undefined;
  for (const phrase of list) {
    const group = groups.at(-1);
    const last = group?.items.at(-1);
    // ("discount requested as a percentage": a participle may stand between.)
    const link =
      last && tokens[last.end]?.pos === 'VERB' && tokens[last.end + 1]?.lower === 'as' ? last.end + 1 : last?.end;
    const of = tokens[link ?? 0]?.lower === 'of' && !CONTAINERS.has(last?.head ?? '');
    const form = tokens[link ?? 0]?.lower === 'as' && /^(?:percentage|number|decimal|fraction)$/.test(phrase.head);
    if (last && (of || form) && phrase.before?.index === link && /^[,;]$/.test(tokens[phrase.end]?.text ?? '')) {
      complementEnd = phrase.end;
      continue;
    }
    const from = complementEnd ?? last?.end ?? phrase.start;
    complementEnd = undefined;
    // "severity (low, high), and a link": what the brackets hold does not end the list.
    let depth = 0;
    const between = tokens.slice(from, phrase.start).filter((t) => {
      const opened = depth > 0;
      depth += t.text === '(' ? 1 : t.text === ')' && opened ? -1 : 0;
      return depth === 0 && !(t.text === ')' && opened);
    });
    // "with quantities and prices, and optionally a code": what may be left out starts a list of its own;
    // "parking £5, postcode": a value stated right after an item does not end the list.
    const stated = between.findIndex((t) => !/^[$€£%\d]/.test(t.text));
    const joiners = between
      .slice(Math.max(0, stated))
      .filter((t) => !DETERMINERS.has(t.lower) && !POSSESSIVE.has(t.lower));
    const joined = joiners.length > 0 && joiners.length <= 2 && joiners.every((t) => joins(t, tokens));
    if (group && joined) {
      group.items.push(phrase);
      const word = joiners.find((t) => t.lower === 'and' || t.lower === 'or');
      if (word) group.conjunction = word.lower as 'and' | 'or';
    } else groups.push({ items: [phrase], conjunction: null });
  }
  return groups;
}

/**
 * "…with description, quantity and unit price, and the payment terms": bare words name a list's columns,
 * and a phrase with its own article after them is an item of its own; so is one with an article other
 * than the columns' own ("with their composers, and the conductor's name"). Where it is, or -1.
 */
export function ownItemAfterColumns(tokens: Token[], group: Enumeration): number {
  const bare = (p: Phrase) => !DETERMINERS.has(tokens[p.start - 1]?.lower ?? '') && !p.possessive;
  const article = (p: Phrase) => tokens[p.start - 1]?.lower.replace(/^an$/, 'a');
  const first = group.items[0]!;
  return group.items.findIndex((p, at) => at > 0 && !bare(p) && (bare(first) || article(p) !== article(first)));
}
