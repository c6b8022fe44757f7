/**
 * "Send the tenant their balance, the due date and the late fee", "Email each parent the child's name, …":
 * a verb of sending, the person it goes to, then what is sent. What is sent to someone named is what the
 * person gives, and the message is named by whom it goes to.
 */
import { MODIFIERS, NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
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

/**
 * "text it to the owner's mobile number", "email it to the tenant's email address": where what is made
 * goes, an address someone has, is given, though the sending is not done here.
 */
export function sentToAddress(phrase: Phrase, marker: string, verb: Token | undefined): boolean {
  const sent =
    (verb !== undefined && VERB_CLASSES.sends.has(verb.lemma)) || /^(?:text|forward)$/.test(verb?.lemma ?? '');
  const whose = phrase.possessive || phrase.owner !== undefined;
  return marker === 'to' && sent && whose && /^(?:email|address|number|mobile)$/.test(phrase.head);
}
