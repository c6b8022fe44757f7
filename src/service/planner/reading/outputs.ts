import { OUTPUT_WORDS } from '../lexicon';
import { splitItems } from './items';
import { group, groupStart, type ReadState } from './state';

/** Besides the output nouns, what a workflow writes rather than looks for. */
const MADE_TEXT = new Set(['summary', 'list', 'analysis', 'answer', 'answers', 'recommendations', 'suggestions']);

/** Verbs whose object the workflow must come up with: "find the headquarters and industry". */
const FINDING =
  /\b(?:find(?: out)?|look up|looks up|determine|work out|figure out|fetch|retrieve|pull(?! requests?\b)|gather|estimate|predict|suggest|recommend)\s+(?:me\s+|us\s+)?(?!\s)(.+?)(?=(?<!\s)\s+(?:from|for|using|based on|given|by|via|with|in|on|at|of (?:an?|the|its|their))\b|[.;:!?\n(]|(?<!\s),?\s+(?:and|then)\s+(?:then\s+)?(?:return|write|produce|create|make|give|draft|send|output|summari[sz]e|add|save|put|post|email)\b|$)/g;

/** "say whether …", "decide if …", "tell me how urgent it is": a judgement the workflow makes. */
const JUDGING =
  /\b(?:say|says|tell(?: me| us)?|decide|decides|determine|judge|assess|indicate|flag|note|work out|figure out|find out|predict|classify|state|report|confirm|check)\s+(?:whether|if|how|which|what)\b[^.;:!?\n]*?(?=(?<!\s),?\s+(?:and|then)\s+(?:then\s+)?(?:return|write|produce|create|make|give|draft|send|output|list|add|save|post|email|reply)\b|[.;:!?\n]|$)/g;

/**
 * What the workflow must find or produce is never an input: the objects of finding verbs and the
 * judgements it is asked to make are masked, so later stages do not ask for them. Output nouns
 * ("a summary", "a report") stay, as they say which steps to plan.
 */
export function readOutputs(state: ReadState): void {
  const { prompt } = state;
  for (const match of prompt.matches(JUDGING)) {
    seek(state, match.index, match.index + match[0].length);
    prompt.mask(match.index, match.index + match[0].length);
  }
  for (const match of prompt.matches(FINDING)) {
    const start = groupStart(match, 1);
    let sought = false;
    for (const item of splitItems(group(match, 1), start)) {
      const words = item.text.trim().split(/\s+/);
      if (words.some((word) => OUTPUT_WORDS.has(word) || MADE_TEXT.has(word))) continue;
      sought = true;
      // "a supplier's address": the supplier is who it is found for, and may be named by an input.
      const owner = /^.*'s\s+/.exec(item.text)?.[0].length ?? 0;
      prompt.mask(item.start + owner, item.end);
    }
    if (sought) seek(state, match.index, match.index + match[0].length);
  }
}

/** Records what the workflow is asked to find out, in the prompt's words, for a planning note. */
function seek(state: ReadState, start: number, end: number): void {
  const words = state.prompt.original(start, end).trim().replace(/\s+/g, ' ').replace(/[,;]$/, '');
  if (words !== '' && !state.sought.includes(words)) state.sought.push(words);
}
