/**
 * What ranks first in a thing the job makes: "a summary of the top complaints", "a list of the main
 * themes" are found in what is given, not given themselves.
 */
import { MODIFIERS, NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import { DETERMINERS, type Token } from './retag';

/** Whether `phrase`, after "of", names what ranks first in a made thing. */
export function rankedInMade(tokens: Token[], phrase: Phrase): boolean {
  const madeAt = (phrase.before?.index ?? 0) - 1;
  // ("take the list of top products" is a list to give.)
  let opener = madeAt - 1;
  while (opener > 0 && DETERMINERS.has(tokens[opener]!.lower)) opener--;
  const made =
    NOUN_CLASSES.made.has(tokens[madeAt]?.lemma ?? '') && !VERB_CLASSES.takes.has(tokens[opener]?.lemma ?? '');
  return (
    made &&
    MODIFIERS.ranked.has(phrase.words[0] ?? '') &&
    // ("a summary of the top complaints I paste in": what the person hands over is given.)
    !phrase.pasted &&
    tokens[phrase.end]?.pos !== 'PRON'
  );
}
