/**
 * "Send the tenant their balance, the due date and the late fee", "Email each parent the child's name, …":
 * a verb of sending, the person it goes to, then what is sent. What is sent to someone named is what the
 * person gives, and the message is named by whom it goes to.
 */
import { MODIFIERS, NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import { DETERMINERS, type Token } from './retag';

/** Whether `recipient` ends the person a verb of sending names just before what is sent ("the tenant"). */
export function handedTo(tokens: Token[], recipient: Token): boolean {
  if (!/^(?:NOUN|PROPN)$/.test(recipient.pos) || NOUN_CLASSES.made.has(recipient.lemma)) return false;
  let at = recipient.index - 1;
  while (at > 1 && /^(?:NOUN|PROPN|ADJ|PART)$/.test(tokens[at]!.pos)) at--;
  const verb = tokens[at - 1];
  const named = DETERMINERS.has(tokens[at]?.lower ?? '') || MODIFIERS.possessives.has(tokens[at]?.lower ?? '');
  return named && verb?.pos === 'VERB' && VERB_CLASSES.handsTo.has(verb.lemma);
}
