/**
 * Corrections to the tagger's known misreadings of prompts, applied before noun phrases are read:
 * imperative verbs capitalised at a sentence start, nouns tagged as adjectives or verbs inside a
 * phrase, and nouns used as verbs ("route it").
 */
import { MODIFIERS } from '../../contract/prompt-words';
import type { Token } from './parse';

/** Words that open a noun phrase without being part of it. */
export const DETERMINERS = MODIFIERS.determiners;

/** Words that begin an imperative prompt are verbs, though capitalised as a sentence start they are tagged as names. */
function fixSentenceStarts(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const starts = i === 0 || /^[.!?:;\n]$/.test(tokens[i - 1]!.text);
    const next = tokens[i + 1];
    if (!starts || !next || !/^(?:PROPN|NOUN|ADJ)$/.test(token.pos) || /^[A-Z]{2,}$/.test(token.text)) continue;
    if (/^(?:DET|PRON|ADJ|NUM|ADP|SCONJ|NOUN|PROPN)$/.test(next.pos) && !/^(?:AUX|VERB)$/.test(next.pos))
      if (next.pos !== 'NOUN' || DETERMINERS.has(tokens[i + 2]?.lower ?? '') || next.lower.endsWith('s'))
        token.pos = 'VERB';
  }
}

/** Re-tags, in place, the words the tagger is known to misread in prompts. */
export function correctTags(tokens: Token[]): void {
  fixSentenceStarts(tokens);
  // "a company brief from…": an adjective after a noun and before a preposition ends the noun phrase as its head.
  for (let i = 1; i < tokens.length; i++)
    if (
      tokens[i]!.pos === 'ADJ' &&
      /^(?:NOUN|PROPN)$/.test(tokens[i - 1]!.pos) &&
      /^(?:ADP|PUNCT|SCONJ|CCONJ)$/.test(tokens[i + 1]?.pos ?? 'PUNCT') &&
      !/^(?:is|are)$/.test(tokens[i - 2]?.lower ?? '')
    )
      tokens[i]!.pos = 'NOUN';
  // "inbound leads from", "a packing slip as", "a spreadsheet of leads with": a verb between a noun,
  // an adjective or "of" and a preposition
  // or the end is a noun the tagger misread; "issues labeled bug" keeps its participle.
  for (let i = 1; i < tokens.length; i++)
    if (
      tokens[i]!.pos === 'VERB' &&
      (/^(?:NOUN|ADJ)$/.test(tokens[i - 1]!.pos) || tokens[i - 1]!.lower === 'of') &&
      /^(?:ADP|PUNCT|CCONJ)$/.test(tokens[i + 1]?.pos ?? 'PUNCT') &&
      !/(?:ed|ing)$/.test(tokens[i]!.lower) &&
      tokens[i - 2]?.pos !== 'AUX' &&
      !/^(?:it|them)$/.test(tokens[i + 1]?.lower ?? '')
    )
      tokens[i]!.pos = 'NOUN';
  // "and route it to…": a noun-like word with "it" or "them" after it is a verb.
  for (let i = 0; i + 1 < tokens.length; i++)
    if (tokens[i]!.pos === 'NOUN' && /^(?:it|them)$/.test(tokens[i + 1]!.lower)) tokens[i]!.pos = 'VERB';
}
