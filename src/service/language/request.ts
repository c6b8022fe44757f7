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
    String.raw`|(?:please\s+)?help\s+(?:me|us)\s+(?:to\s+)?|is\s+(?:it|there)\s+(?:possible|a\s+way)\s+to\s+`,
    String.raw`|how\s+(?:do|can|could|would|should)\s+(?:i|we|you)\s+|what(?:'s|’s|\s+is)\s+the\s+(?:best|easiest|quickest)\s+way\s+to\s+)?`,
    String.raw`(?:(?:(?:i|we)(?:'d|’d| would)?\s+(?:need|want|like)|(?:build|make|create|set\s+up|give)(?:\s+me|\s+us)?)`,
    String.raw`\s+(?:(?:a|an|some)\s+)?(?:${WRAPPERS})\s+(?:that|which|to)\s+(?:can\s+|will\s+|would\s+|should\s+)?)?`,
    String.raw`(?:please\s+)?`,
  ].join(''),
  'i',
);

/** Verbs that take an "s" after a person and before a value ("the customer wants email updates"). */
const SAYS =
  /^(?:wants|needs|gets|sends|adds|includes|uses|requires|returns|contains|takes|makes|gives|asks|shows|keeps|has|owes|pays|earns|lists|leads)$/;

/** Words that go between phrases, never start one: what follows a plural that is no owner. */
const LINKS =
  /^(?:and|or|but|nor|to|in|on|at|for|with|from|of|by|as|if|than|then|so|per|into|onto|who|whom|whose|which|that|what|when|where|while|are|is|were|was|be|been|have|has|had|will|would|can|could|should|may|might|must|do|does|did|it|they|them|their|we|us|our|you|your|he|she|his|her|i|me|my|a|an|the|this|these|those|each|every|all|any|some|no|not)$/i;
/** Words after which a plural is no modifier of the next noun: "a customers purchase date". */
const OPENS = /^(?:a|an|the|each|every|our|your|their|my|his|her|its|last|next|yesterdays?|todays?)$/;
/** "the hours worked", "the days already taken", "the items ordered": what is said of a plural, not a noun it owns. */
const SAID = /^(?:already|still|yet|also|just|only|even|left|over|out|up|off|due|owed|taken|given|paid|spent|sold)$/i;
/** "the hours worked this week", but "a tenants prorated rent": a participle is said of the plural when no noun follows it. */
const PARTICIPLE = /^[a-z]+(?:ed|ing|[^l]ly)$/i;

/**
 * "the clients name", "a customers purchase date", "last weeks deals": after "a" or "the", a plural
 * before another noun is an owner whose apostrophe was left out ("the client's name"), unless it is
 * a verb, only comes plural, or is a singular that ends in "s" ("bonus", "status", "basis").
 */
function possessives(text: string): string {
  return text.replace(
    /(?:\b([a-z]+) )?\b([a-z]{2,}[^\Wsuia])s (?=([a-z]+)\b(?: ([a-z]+)\b)?)/gi,
    (all, opener: string | undefined, stem: string, next: string, after: string | undefined) => {
      const word = `${stem}s`.toLowerCase();
      const lower = stem.toLowerCase();
      const verb = SAYS.test(word) || VERBS.has(lower) || VERB_CLASSES.takes.has(lower);
      const value = NOUN_CLASSES.identifying.has(next.toLowerCase()) || conceptOf(next.toLowerCase()) !== undefined;
      // "the lines add up", "the guests check in": a verb the plural does.
      const does =
        (VERBS.has(next.toLowerCase()) && conceptOf(next.toLowerCase()) === undefined) ||
        /^(?:up|out|off|in|over|back|down)$/i.test(after ?? '');
      const said = does || SAID.test(next) || (PARTICIPLE.test(next) && (after === undefined || LINKS.test(after)));
      // Without "a" or "the" before it, only a person owns a value: "- customers name", "managers email".
      const person = NOUN_CLASSES.people.has(lower) || /(?:er|or|ant|ent|ist|ee|ian)$/.test(lower);
      const opened = OPENS.test(opener ?? '');
      const owned = !said && ((value && (person || opened)) || (opened && !LINKS.test(next)));
      if (!owned || verb || NOUN_CLASSES.pluralOnly.has(word) || LINKS.test(stem)) return all;
      return `${opener ? `${opener} ` : ''}${stem}'s `;
    },
  );
}

/** "there name", "there due date": "their", mistyped, before what it owns (but "is there a way", "there is"). */
const THERE = /\bthere (?=([a-z]+)\b)/gi;
const theirs = (text: string) =>
  text.replace(THERE, (all, next: string) =>
    LINKS.test(next) || /^(?:is|are|was|were|be|'s|’s|isn't|aren't|will|would|should|might|must)$/i.test(next)
      ? all
      : 'their ',
  );

/** "ill paste", "id like": a contraction whose apostrophe was left out, told apart by the verb after it. */
const CONTRACTED =
  /\b(ill|id)(?= (?:give|paste|provide|type|upload|send|add|enter|fill|tell|list|share|attach|include|need|want|like|love|prefer|copy|forward|drop|put|supply)\b)/gi;

/** "we need a resignation letter, …", "I want an invoice reminder for …": wanting a made thing asks to write it. */
const WANTS = /^\s*(?:so\s+)?(?:i|we)(?:'d|’d| would)?\s+(?:really\s+)?(?:need|want|like)\s+(?=(?:a|an|some)\s)/i;
function wantedThing(text: string): string {
  const wants = WANTS.exec(text)?.[0];
  if (!wants) return text;
  const rest = text.slice(wants.length);
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

/** The request without its frame, in plain words; the prompt as it is when no verb follows the frame. */
export function requestOf(prompt: string): string {
  const plain = possessives(
    theirs(prompt)
      .replace(SHORT, (word) => SHORTHAND[word.toLowerCase()] ?? word)
      .replace(CONTRACTED, (word) => (word.toLowerCase() === 'ill' ? "I'll" : "I'd")),
  );
  const frame = FRAME.exec(plain)?.[0] ?? '';
  if (frame.trim() === '') return wantedThing(plain);
  const rest = plain.slice(frame.length);
  const first = /^[a-z]+/i.exec(rest)?.[0].toLowerCase() ?? '';
  // "a tool that checks whether…": the verb as the tool does it is the verb asked for.
  const asked = [first, first.replace(/e?s$/, ''), first.replace(/s$/, '')].find((verb) => VERBS.has(verb));
  // "Please", "Hi team,": politeness alone says nothing, whatever follows it.
  const polite = /^[\s,!.]*(?:(?:hi|hello|hey|there|team|please|kindly)[\s,!.]*)+$/i.test(frame);
  if (!asked && meantVerb(first) === undefined && !polite) return plain;
  const verb = asked ?? first;
  return verb[0]!.toUpperCase() + verb.slice(1) + rest.slice(first.length);
}
