/**
 * "Who is the customer, what did they buy and why do they want to return it? I need a returns note
 * from those answers.": a sentence of several questions lists what the job is given, each asked the
 * way one would ask the person. Each question is read as the thing it asks for ("the customer", "what
 * they bought", "the reason they want to return it"), and the list stands where the request points
 * back at it ("from those answers"), so the request reads first and names the job.
 */

import { conceptOf } from '../../contract/field-concepts';
import { VERB_CLASSES } from '../../contract/prompt-words';
import { tokenize } from './retag';
import { listed } from './terse';

const AUX = new Set([
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'will',
  'would',
  'can',
  'could',
  'has',
  'have',
  'had',
  'should',
]);
const ASKS = new Set(['what', 'which', 'who', 'whose', 'when', 'where', 'why']);
const BE = new Set(['is', 'are', 'was', 'were']);
const DETERMINERS = new Set(['the', 'their', 'your', 'our', 'his', 'her']);
/** A request that points back at the questions: "turn that into…", "from those answers", "made out of it". */
const POINTER = /\b(?:th(?:ose|ese) (?:answers|details|things)|the answers|that|this|it)\b/i;

/** "what's the PO number": the question's words, its contraction read as two. */
const wordsOf = (question: string) =>
  question
    .trim()
    .replace(/^(?:and|or)\s+/i, '')
    .replace(/^(\w+)[’']s\b/, '$1 is')
    .split(/\s+/)
    .map((word, at) => (at < 3 ? word.toLowerCase() : word));

const opens = (question: string) => {
  const [first, second] = wordsOf(question);
  return (
    ASKS.has(first ?? '') || AUX.has(first ?? '') || (first === 'how' && /^(?:many|much|long)$/.test(second ?? ''))
  );
};

/** "the van arrive" → "the van arrive time"; "they bought it" → "the date they bought it": when something happens. */
function timed(clause: string[], unit: string): string {
  const tokens = tokenize(clause.join(' '));
  const last = tokens.at(-1);
  const said = tokens.length >= 2 && (last?.pos === 'VERB' || last?.pos === 'NOUN');
  if (/^(?:i|we|you|they|he|she|it)$/.test(clause[0] ?? '') || !said) return `the ${unit} ${clause.join(' ')}`;
  return `${clause.join(' ')} ${unit}`;
}

/** "how many days late is it", "how many people are expected", "how many players are in the squad". */
function counted(words: string[]): string {
  let rest = words.slice(3);
  if (AUX.has(rest[0] ?? '')) rest = rest.slice(1);
  if (rest[0] === 'there') rest = rest.slice(1);
  // ("… late is it", "… are there": what the question says of it adds nothing.)
  if (rest.length >= 2 && BE.has(rest.at(-2)!) && /^(?:it|they|there)$/.test(rest.at(-1)!)) rest = rest.slice(0, -2);
  // ("… in the squad": where they are says nothing more of what is counted; nor does "… coming".)
  if (/^(?:in|on|at|for|of)$/.test(rest[0] ?? '') || (rest.length === 1 && rest[0]!.endsWith('ing'))) rest = [];
  return ['the number of', words[2], ...rest].join(' ');
}

/** What one question asks for, as a noun phrase; undefined when it reads as no such thing. */
function askedThing(question: string): string | undefined {
  const brackets = question.indexOf('(');
  const aside = brackets >= 0 ? ` ${question.slice(brackets).trim()}` : '';
  const words = wordsOf(brackets >= 0 ? question.slice(0, brackets) : question);
  const [first = '', second = '', third = ''] = words;
  const rest = (from: number) => words.slice(from).join(' ');
  // "who is the coach": the coach's name; "what's the PO number", "which is the venue": the thing named.
  if (first === 'who' && BE.has(second) && DETERMINERS.has(third) && words.length <= 5) return `${rest(2)}'s name`;
  if (/^(?:what|who|which)$/.test(first) && BE.has(second) && words.length > 2) return rest(2) + aside;
  if (first === 'how' && second === 'many' && words.length > 2) return counted(words);
  // "what date is it", "which room", "which property is it": the thing asked after.
  const said = BE.has(words.at(-2) ?? '') && /^(?:it|they)$/.test(words.at(-1)!);
  const named = said ? words.slice(1, -2) : words.slice(1);
  if (/^(?:what|which)$/.test(first) && named.length > 0 && named.length <= 2 && !named.some((w) => AUX.has(w)))
    return `the ${named.join(' ')}${aside}`;
  // "what time does the van arrive", "when does their tenancy end": when it happens.
  if (first === 'what' && /^(?:time|date|day)$/.test(second) && AUX.has(third)) return timed(words.slice(3), second);
  if (first === 'when' && AUX.has(second) && words.length > 2) return timed(words.slice(2), 'date');
  if (first === 'why' && AUX.has(second) && words.length > 2) return `the reason ${rest(2)}`;
  if (first === 'where' && BE.has(second) && words.length > 2)
    return `the ${words.slice(third === 'the' ? 3 : 2).join(' ')} location`;
  // "what did they buy" → "what they buy".
  if (/^(?:what|who)$/.test(first) && AUX.has(second) && words.length > 2) return `${first} ${rest(2)}`;
  // "do they want breakfast", "is it indoors or outdoors": a yes or no, or one of the named.
  if (AUX.has(first) && words.length > 2)
    return BE.has(first) ? `whether ${second} ${first} ${rest(2)}${aside}` : `whether ${rest(1)}${aside}`;
  return undefined;
}

/** The questions of one sentence, split at commas and "and" outside brackets; undefined unless each is one. */
function questionsOf(sentence: string): string[] | undefined {
  const parts: { text: string; comma: boolean }[] = [];
  let depth = 0;
  let from = 0;
  let comma = false;
  for (let at = 0; at <= sentence.length; at++) {
    const char = sentence[at];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    const joined = depth === 0 && char === ' ' && /^\s+(?:and|or)\s+/i.test(sentence.slice(at, at + 6));
    if (at === sentence.length || (depth === 0 && char === ',') || joined) {
      const text = sentence.slice(from, at).trim();
      if (text) parts.push({ text, comma });
      [from, comma] = [at + 1, char === ','];
    }
  }
  // "is it indoors or outdoors", "how many adults and children": a part joined without a comma goes with its question.
  const merged = parts.reduce<string[]>((all, part) => {
    if (opens(part.text) || all.length === 0 || part.comma) all.push(part.text);
    else all[all.length - 1] += ` ${part.text}`;
    return all;
  }, []);
  // ("can you…", "could it…": a request of the reader, not a question about the job's input.)
  const bids = merged.some((part) => /^(?:can|could|would|will)\s+(?:you|u|it|we)\b/i.test(part));
  return merged.length >= 2 && !bids && merged.every(opens) ? merged : undefined;
}

/** The prompt with an opening sentence of questions read as the list of what the job is given. */
export function questionList(text: string): string {
  const opening = /^\s*([^.?!]{8,400})\?\s+(?=\S)/.exec(text);
  if (!opening) return text;
  const questions = questionsOf(opening[1]!);
  const things = questions?.map(askedThing);
  if (!things || things.some((thing) => thing === undefined)) return text;
  const rest = text.slice(opening[0].length);
  const list = listed(things as string[]);
  // "Turn that into a booking slip": the list is what "that" was.
  const pointer = POINTER.exec(rest.split(/(?<=[.!?])\s/)[0]!);
  const pointed = pointer
    ? `${rest.slice(0, pointer.index)}them${rest.slice(pointer.index + pointer[0].length)}`
    : rest;
  return `${pointed} It needs ${list}.`;
}

/** Verbs a person gives values with, and their particles: "enter", "fill in", "jot down" ("ask" asks someone else). */
const GIVERS = [...VERB_CLASSES.takes, ...VERB_CLASSES.personGives].filter((verb) => verb !== 'ask');
/**
 * A count given first in a list that goes on after a comma, said alone or with who did it: "fill in how
 * many cups we sold, the litres…" ("log how many visitors came in, …" reads well as it is).
 */
const WHO = '(?:we|they|i|you|he|she|it)';
const GIVING = new RegExp(
  String.raw`\b(${GIVERS.join('|')})(?:s|ed)?((?: in| down| out)?) how many (?=[\w-]+(?:,| ${WHO} [^,.;?!]*,))`,
  'gi',
);

/** "I'd fill in how many cups we sold, the litres of milk used…": a count a person gives, as one item of the list. */
export const givenCounts = (text: string): string => text.replace(GIVING, '$1$2 the number of ');

/** "…, how long it lasts in minutes", "and how long they've had it in weeks": a listed span given in a unit. */
const LISTED_SPAN = /(,\s*|\band\s+)how long [^,.;?!()]{1,40}? in (minutes|hours|days|weeks|months|years)\b/gi;

/** "…, and how long they worked here": how long someone did a thing, given as the time they did it ("time worked"). */
const LISTED_TIME =
  /(,\s*|\band\s+)how long (?:they|he|she|we|you|i)(?:'ve|’ve| have| has)? (\w+ed)(?: (?:here|there|with us|for us|for you))?(?=\s*(?:[,.;?!]|and\b|$))/gi;

/** "how long they waited (in minutes)", "(mins)": a unit in brackets after what someone did, said plainly. */
const BRACKETED_UNIT =
  /(how long (?:they|he|she|we|you|i)(?:'ve|’ve| have| has)? \w+ed) \((?:in )?(minutes|mins|hours|hrs|days|weeks)\)/gi;
const UNIT_WORDS: Record<string, string> = { mins: 'minutes', hrs: 'hours' };
const unitSaid = (text: string) =>
  text.replace(
    BRACKETED_UNIT,
    (_all, span: string, unit: string) => `${span} in ${UNIT_WORDS[unit.toLowerCase()] ?? unit}`,
  );

// ("how long they waited" is left as it is: "the time waited" would read as a time of day.)
const timeDone = (all: string, opening: string, done: string) =>
  conceptOf(`time ${done}`)?.kind === 'number' ? `${opening}the time ${done}` : all;

// Who did it, then the verb: "how long they napped", "how long they queued" (the verb as the tagger reads it).
const DONE = /^how long (?:they|he|she|we|you|i) (\w+ed) /i;

/**
 * "…, how long it lasts in minutes, …" → "…, the duration in minutes, …": a span a person gives, as one
 * item of the list; "how long they napped in minutes" is the nap duration.
 */
export const listedSpans = (text: string): string =>
  unitSaid(text)
    .replace(LISTED_TIME, timeDone)
    .replace(LISTED_SPAN, (all: string, opening: string, unit: string) => {
      const said = all.slice(opening.length);
      const did = DONE.exec(said)?.[1];
      const done = did ? tokenize(`they ${did}`)[1]?.lemma : undefined;
      const verb = done && !/^(?:last|take|time)$/i.test(done) ? `${done} ` : '';
      return `${opening}the ${verb.toLowerCase()}duration in ${unit}`;
    });

/** Times a value may be given for, one each: "the guests expected each day" are several values. */
const TIMES =
  /^(?:day|night|week|fortnight|month|year|quarter|term|season|shift|weekend|morning|afternoon|evening|[a-z]+day)$/i;

/**
 * "the number of seats at each table" → "the number of seats per table": a count for each of a thing is
 * one number, a rate; for each time ("the number of guests for each day") it stays one value a time.
 */
export const countsPerEach = (text: string): string =>
  text.replace(
    /\b(number of [a-z]+) (?:at|for|on|in) (?:each|every) ([a-z]+)\b/gi,
    (all, count: string, thing: string) => (TIMES.test(thing) ? all : `${count} per ${thing}`),
  );
