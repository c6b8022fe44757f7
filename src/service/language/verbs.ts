/**
 * Which verbs of a prompt ask for something: the verb that governs each position, and verbs that
 * only tell about what is given because they have a subject of their own.
 */
import type { Token } from './retag';

/** For each position, the verb that governs it: the last verb before it in the same sentence (one pass, so long prompts stay linear). */
export function governingVerbs(tokens: Token[]): (Token | undefined)[] {
  const verbs: (Token | undefined)[] = [];
  let last: Token | undefined;
  for (const token of tokens) {
    verbs.push(last);
    if (/^[.!?;]$/.test(token.text)) last = undefined;
    else if (token.pos === 'VERB') last = token;
  }
  return verbs;
}

/**
 * "how many games they played", "the hours she worked", "which I'll paste": a verb with a subject of
 * its own tells about what is given; it asks for nothing. "Can you calculate…" still asks.
 */
export function described(tokens: Token[], verb: Token): boolean {
  let at = verb.index - 1;
  while (at > verb.index - 4 && /^(?:AUX|ADV|PART)$/.test(tokens[at]?.pos ?? '')) at--;
  const subject = tokens[at];
  if (!subject || !/^(?:i|we|they|he|she|it|you)$/.test(subject.lower)) return false;
  // "Can you work out…", "could you please draft…": a request put as a question.
  return !(subject.lower === 'you' && tokens[at - 1]?.pos === 'AUX');
}
