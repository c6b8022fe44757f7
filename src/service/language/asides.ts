/**
 * Asides in brackets inside a list of inputs: an example or a hedge that tells of the item before it.
 */
import type { Enumeration, Phrase, Token } from './parse';

/** The words that open an aside in brackets: an example or a hedge, not an input. */
const ASIDE =
  /^(?:e\.?g\.?|i\.?e\.?|like|usually|normally|typically|often|mostly|sometimes|generally|say|probably|maybe|ideally|instance|example|including|incl|as)$/;

/**
 * "the couple's names (usually two first names), their email…", "(a list, e.g. bank statements, P60)":
 * phrases in brackets after a hedge or "e.g." tell of the item before them; the list goes on past them.
 */
function inAside(tokens: Token[], first: Phrase): boolean {
  let hedged = ASIDE.test(tokens[first.start]!.lower);
  for (let k = first.start - 1; k >= Math.max(0, first.start - 8); k--) {
    if (tokens[k]!.text === ')') return false;
    if (tokens[k]!.text === '(') return hedged;
    hedged ||= ASIDE.test(tokens[k]!.lower);
  }
  return false;
}

/** The groups of a prompt without its asides, so a list goes on past them. */
export const withoutAsides = (tokens: Token[], groups: Enumeration[]) =>
  groups.filter((group) => !inAside(tokens, group.items[0]!));
