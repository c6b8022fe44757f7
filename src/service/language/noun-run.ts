/**
 * The run of nouns a question asks about: "What would the monthly mortgage payment be?" → monthly
 * mortgage payment; "Is a non-compete clause enforceable?" → non-compete clause.
 */
import { MODIFIERS } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import type { Token } from './retag';

const POSSESSIVES = MODIFIERS.possessives;
const STOP_POS = /^(?:AUX|ADP|PUNCT|SCONJ|CCONJ|DET|PRON|PART|NUM|SYM|ADV)$/;
/** "a patient due for…", "a clause enforceable": words that say something of what precedes them. */
export const PREDICATIVE = /^(?:due|[a-z]+[ai]ble)$/;

/** The words of the noun run from token i on ("the monthly mortgage payment be" → monthly mortgage payment), and where it ends. */
export function nounRun(tokens: Token[], i: number, verbsEnd: boolean): { words: string[]; end: number } {
  const skipped = (t: Token) =>
    t.pos === 'DET' || /^(?:this|that|these|those)$/.test(t.lower) || POSSESSIVES.has(t.lower);
  while (tokens[i] && skipped(tokens[i]!)) i++;
  const start = i;
  const inRun = (t: Token) =>
    /^(?:[a-z][a-z-]*|'s)$/i.test(t.text) &&
    !(verbsEnd && t.pos === 'VERB') &&
    // "break even point": the tagger calls "even" an adverb inside a run of nouns.
    (!STOP_POS.test(t.pos) ||
      (t.index > start && (t.lower === "'s" || (t.pos === 'ADV' && tokens[t.index + 1]?.pos !== 'AUX'))));
  while (tokens[i] && inRun(tokens[i]!)) i++;
  let end = i;
  // "is a non-compete clause enforceable": a run ends in a noun; what follows it is said of it.
  while (verbsEnd && end > start + 1 && (tokens[end - 1]!.pos === 'ADJ' || PREDICATIVE.test(tokens[end - 1]!.lower)))
    end--;
  return { words: tokens.slice(start, end).flatMap((t) => (t.lower === "'s" ? [] : [t.lower])), end };
}

/**
 * "Write LinkedIn, Twitter and Instagram captions": words listed before a noun they share, after the
 * `verb`, are not its name; the noun alone is ("Captions").
 */
export function sharedHead(tokens: Token[], phrases: Phrase[], verb: Token): Phrase | undefined {
  const first = phrases.find((p) => p.before?.index === verb.index);
  let last = first;
  while (last && last.words.length === 1 && /^(?:,|and|or)$/.test(tokens[last.end]?.lower ?? ''))
    last = phrases.find((p) => p.start === last!.end + 1);
  return last && last !== first && last.words.length >= 2 ? { ...last, words: last.words.slice(1) } : undefined;
}
