/**
 * How people open a request says nothing of the job: "Please", "Can u", "I'd like you to", "Help me",
 * "We need a tool that can". The job is read from what follows when it opens with a verb, and chat
 * shorthand ("u", "w/", "theyre") is read as the words it stands for.
 */
import { conceptOf } from '../../contract/field-concepts';
import { NOUN_CLASSES, SHORTHAND, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { meantVerb } from './retag';

const SHORT = new RegExp(`(?<![\\p{L}\\p{N}'’/&])(?:${Object.keys(SHORTHAND).join('|')})(?![\\p{L}\\p{N}'’/&])`, 'giu');

const WRAPPERS = 'tool|workflow|automation|something|way|app|system|process|bot|script|thing|flow';
/** The frame a request is put in, before its verb: each part optional, in the order people write them. */
const FRAME = new RegExp(
  [
    String.raw`^\s*(?:(?:hi|hello|hey)(?: there| team)?[,!.]*\s+)?(?:(?:please|kindly),?\s+)?`,
    String.raw`(?:(?:can|could|would|will)\s+(?:you|it|we|this)\s+(?:please\s+|possibly\s+|just\s+)?)?`,
    String.raw`(?:(?:i|we)(?:'d|’d| would)?\s+(?:like|want|need|wanna)\s+(?:you\s+|it\s+)?to\s+`,
    String.raw`|(?:please\s+)?help\s+(?:me|us)\s+(?:to\s+)?|is\s+(?:it|there)\s+(?:possible|a\s+way)\s+to\s+)?`,
    String.raw`(?:(?:(?:i|we)(?:'d|’d| would)?\s+(?:need|want|like)|(?:build|make|create|set\s+up|give)(?:\s+me|\s+us)?)`,
    String.raw`\s+(?:(?:a|an|some)\s+)?(?:${WRAPPERS})\s+(?:that|which|to)\s+(?:can\s+|will\s+|would\s+|should\s+)?)?`,
    String.raw`(?:please\s+)?`,
  ].join(''),
  'i',
);

/** Verbs that take an "s" after a person and before a value ("the customer wants email updates"). */
const SAYS =
  /^(?:wants|needs|gets|sends|adds|includes|uses|requires|returns|contains|takes|makes|gives|asks|shows|keeps|has|owes|pays|earns|lists|leads)$/;

/**
 * "the clients name", "the project managers email": a plural before a value it has is an owner whose
 * apostrophe was left out ("the client's name"), unless the word is a verb, only comes plural, or is
 * a singular that ends in "s" ("bonus", "status", "basis").
 */
function possessives(text: string): string {
  return text.replace(/\b([a-z]{3,}[^\Wsuia])s (?=([a-z]+)\b)/gi, (all, stem: string, next: string) => {
    const word = `${stem}s`.toLowerCase();
    const value = NOUN_CLASSES.identifying.has(next.toLowerCase()) || conceptOf(next.toLowerCase()) !== undefined;
    const verb = SAYS.test(word) || VERBS.has(stem.toLowerCase()) || VERB_CLASSES.takes.has(stem.toLowerCase());
    if (!value || verb || NOUN_CLASSES.pluralOnly.has(word)) return all;
    return `${stem}'s `;
  });
}

/** The request without its frame, in plain words; the prompt as it is when no verb follows the frame. */
export function requestOf(prompt: string): string {
  const plain = possessives(prompt.replace(SHORT, (word) => SHORTHAND[word.toLowerCase()] ?? word));
  const frame = FRAME.exec(plain)?.[0] ?? '';
  if (frame.trim() === '') return plain;
  const rest = plain.slice(frame.length);
  const first = /^[a-z]+/i.exec(rest)?.[0].toLowerCase() ?? '';
  // "a tool that checks whether…": the verb as the tool does it is the verb asked for.
  const asked = [first, first.replace(/e?s$/, ''), first.replace(/s$/, '')].find((verb) => VERBS.has(verb));
  if (!asked && meantVerb(first) === undefined) return plain;
  const verb = asked ?? first;
  return verb[0]!.toUpperCase() + verb.slice(1) + rest.slice(first.length);
}
