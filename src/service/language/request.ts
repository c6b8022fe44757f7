/**
 * How people open a request says nothing of the job: "Please", "Can u", "I'd like you to", "Help me",
 * "We need a tool that can". The job is read from what follows when it opens with a verb; chat
 * shorthand ("u", "w/", "theyre") is read as the words it stands for, and apostrophes left out are
 * put back (apostrophes.ts).
 */
import { bulletsAsList, dashOpensList } from './bullets';
import { NOUN_CLASSES, VERBS } from '../../contract/prompt-words';
import { withApostrophes } from './apostrophes';
import { meantVerb } from './retag';
import { askedItems } from './asked-items';
import { countsPerEach, givenCounts, listedSpans, questionList } from './question-list';
import { relativeChoices } from './relative-choices';
import { spelledOut } from './shorthand';

const WRAPPERS = [...NOUN_CLASSES.wrappers].join('|');
/** The frame a request is put in, before its verb: each part optional, in the order people write them. */
const FRAME = new RegExp(
  [
    String.raw`^\s*(?:(?:hi|hello|hey)(?: there| team)?[,!.]*\s+)?(?:(?:please|kindly),?\s+)?`,
    String.raw`(?:(?:can|could|would|will)\s+(?:you|it|we|this)\s+(?:please\s+|possibly\s+|just\s+)?)?`,
    String.raw`(?:(?:(?:i|we)(?:'d|’d| would)?\s+)?(?:like|love|want|need|wanna)\s+(?:you\s+|it\s+)?to\s+`,
    String.raw`|(?:please\s+)?help\s+(?:me|us)\s+(?:to\s+)?|is\s+(?:it|there)\s+(?:possible|a\s+way)\s+to\s+`,
    String.raw`|how\s+(?:do|can|could|would|should)\s+(?:i|we|you)\s+|what(?:'s|’s|\s+is)\s+the\s+(?:best|easiest|quickest)\s+way\s+to\s+)?`,
    String.raw`(?:(?:(?:i|we)(?:'d|’d| would)?\s+(?:need|want|like|love)|(?:build|make|create|set\s+up|give)(?:\s+me|\s+us)?)`,
    // ("make something for my pub that writes…": whom the tool is for says nothing of the job.)
    String.raw`\s+(?:(?:a|an|some)\s+)?(?:${WRAPPERS})(?:\s+for\s+(?:my|our)(?:\s+[\w'’-]+){1,2})?\s+(?:that|which|to)\s+(?:can\s+|will\s+|would\s+|should\s+)?)?`,
    String.raw`(?:please\s+)?`,
  ].join(''),
  'i',
);

/** "we need a resignation letter, …", "I want an invoice reminder for …": wanting a made thing asks to write it. */
const WANTS =
  /^\s*(?:so\s+)?(?:(?:i|we)(?:'d|’d| would)?\s+)?(?:really\s+)?(?:need|want|like|love)\s+(?=(?:a|an|some)\s)/i;
/** "need an NDA drafted", "I want a floor plan made": the verb of the participle asks for the thing. */
const DONE = /^((?:a|an|some)(?: [\w'’-]+){1,5}?) (drafted|written|made|created|prepared|generated|produced|built)\b/i;
const VERB_OF: Record<string, string> = {
  drafted: 'Draft',
  written: 'Write',
  made: 'Make',
  created: 'Create',
  prepared: 'Prepare',
  generated: 'Generate',
  produced: 'Produce',
  built: 'Build',
};
function wantedThing(text: string): string {
  const wants = WANTS.exec(text)?.[0];
  if (!wants) return text;
  const rest = text.slice(wants.length);
  const done = DONE.exec(rest);
  if (done) {
    return `${VERB_OF[done[2]!.toLowerCase()]!} ${done[1]!}${rest.slice(done[0].length)}`;
  }
  // The made thing's noun within the phrase wanted ("a resignation acknowledgement letter").
  const words = [...rest.matchAll(/[\p{L}'’-]+/gu)].slice(1, 7);
  const isMade = (word: RegExpExecArray) => NOUN_CLASSES.made.has(word[0].toLowerCase().replace(/s$/, ''));
  const first = words.findIndex(isMade);
  if (first < 0) return text;
  // "an acknowledgement letter": the made thing's last noun.
  let last = first;
  while (
    words[last + 1] &&
    isMade(words[last + 1]!) &&
    !/[,.;:]/.test(rest.slice(words[last]!.index, words[last + 1]!.index))
  )
    last++;
  const made = words[last]!;
  // "…letter, employee's name, …": what follows a comma right after it is what it is written with.
  const after = made.index + made[0].length;
  const listed = rest[after] === ',';
  return `Write ${listed ? `${rest.slice(0, after)} with${rest.slice(after + 1)}` : rest}`;
}

/** How the prompt is read into plain words, in order: its layout, its shorthand, then its questions and lists. */
const READINGS: ((text: string) => string)[] = [
  dashOpensList,
  bulletsAsList,
  spelledOut,
  relativeChoices,
  givenCounts,
  countsPerEach,
  listedSpans,
  questionList,
  askedItems,
  withApostrophes,
];

/** The request without its frame, in plain words; the prompt as it is when no verb follows the frame. */
export function requestOf(prompt: string): string {
  // "calc commission for a rep", "can you calc the VAT" bid; "a quick calc for late fees" names the calculation.
  const spelt = prompt
    .replace(/(^|[.!?]\s+|\b(?:you|to|please|and)\s+)calc\b/gi, '$1calculate')
    .replace(/\bcalc\b/gi, 'calculation');
  const plain = READINGS.reduce((text, read) => read(text), spelt);
  const frame = FRAME.exec(plain)?.[0] ?? '';
  if (frame.trim() === '') return wantedThing(plain);
  // ("hello - I run…": the dash after a greeting is no part of the request.)
  const rest = plain.slice(frame.length).replace(/^[\s,:;.!–—-]+/, '');
  const first = /^[a-z]+/i.exec(rest)?.[0].toLowerCase() ?? '';
  // "a tool that checks whether…": the verb as the tool does it is the verb asked for.
  const asked = [first, first.replace(/e?s$/, ''), first.replace(/s$/, '')].find((verb) => VERBS.has(verb));
  // "Please", "Hi team,": politeness alone says nothing, whatever follows it.
  const polite = /^[\s,!.]*(?:(?:hi|hello|hey|there|team|please|kindly)[\s,!.]*)+$/i.test(frame);
  if ((!asked && meantVerb(first) === undefined && !polite) || first === '') return plain;
  const verb = asked ?? first;
  return verb[0]!.toUpperCase() + verb.slice(1) + rest.slice(first.length);
}
