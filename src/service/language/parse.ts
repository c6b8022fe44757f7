/**
 * The language layer's second half: the tagged words (retag.ts) become noun phrases and the
 * enumerations that join them.
 */
import { conceptOf } from '../../contract/field-concepts';
import { MODIFIERS, NOUN_CLASSES } from '../../contract/prompt-words';
import { DETERMINERS, type Token } from './retag';
import { joinPhrases } from './joins';
import { PAST_PARTICIPLE } from './phrase-concept';
import { afterSubject, doing, eventNoun, handedOver, needsTo, wants } from './verbs';
import {
  countedItems,
  OPTIONAL_BEFORE,
  optionalAt,
  rangeAfter,
  statedAfter,
  statedByWriter,
  unitAfter,
} from './values';

export { DETERMINERS, tokenize, type Token } from './retag';

/** A run of nouns and their modifiers: "the customer's renewal date". */
export interface Phrase {
  /** Lower-case words without determiners or possessive markers: ["customer", "renewal", "date"]. */
  words: string[];
  /** The last word's lemma: "dates" → "date". */
  head: string;
  plural: boolean;
  /** Token indexes [start, end) of the words, and of what came just before (a determiner, "their"). */
  start: number;
  end: number;
  /** The word before the phrase's determiners: a preposition, a verb, a comma… */
  before: Token | undefined;
  /** A possessive pronoun before it: "their name". */
  possessive: boolean;
  /** Whether the prompt calls it "a given …": a value the person gives. */
  given: boolean;
  /** The unit it is given in ("term in months"): it is a number. */
  unit?: string;
  /** How many of the words name an owner: 2 in "last week's deals". */
  owner?: number;
  /** "optionally a discount code", "interviewer feedback if any": a value the person may leave out. */
  optional: boolean;
  /** "our 30 day policy", "the $75 per diem", "max 160": a value the prompt states, a constant of the plan. */
  fixed: boolean;
  /** "a rating from 1 to 5", "a score out of 100": the bounds of a number the person gives. */
  range?: [number, number];
  /** "the newsletter I paste in": a text pasted whole. */
  pasted?: boolean;
}

/** Units a value is given in. */
export const UNITS = NOUN_CLASSES.units;
const POSSESSIVE = MODIFIERS.possessives;
/** Words the tagger sometimes calls adjectives or verbs inside a noun phrase ("due date", "start date"). */
const MODIFIER_POS = new Set(['ADJ', 'VERB', 'NUM']);

const isNoun = (token: Token | undefined) =>
  token !== undefined && (token.pos === 'NOUN' || token.pos === 'PROPN') && /[a-z]/i.test(token.text);

/** A word the vocabulary knows as a field, whatever the tagger called it ("address/VERB" after "billing"). */
const known = (token: Token | undefined) =>
  token !== undefined && /^[a-z-]+$/.test(token.lower) && conceptOf(token.lemma) !== undefined;

/** ", leave type (…),": a two-word item of a list, whatever the tagger called its first word. */
const listedItem = (tokens: Token[], i: number) =>
  /^(?:[,:(]|and|or)$/.test(tokens[DETERMINERS.has(tokens[i - 1]?.lower ?? '') ? i - 2 : i - 1]?.lower ?? '') &&
  /^(?:[,;.()?]|and|or)?$/.test(tokens[i + 2]?.lower ?? '');

/** Whether token i belongs to a noun phrase: a noun, or a modifier or known word next to one. */
function nominal(tokens: Token[], i: number): boolean {
  const token = tokens[i];
  // "…and the hiring manager's": a prompt may end on an owner.
  if (token === undefined) return false;
  if (isNoun(token)) return true;
  if (!/^[a-z][a-z-]*$/i.test(token.text) || DETERMINERS.has(token.lower) || POSSESSIVE.has(token.lower)) return false;
  const [next, previous] = [tokens[i + 1], tokens[i - 1]];
  // "Summarize customer feedback": the verb that opens a sentence is no part of a phrase; nor is
  // "follows" in "an expense claim follows policy", nor "need" in "vet here — need reminder texts".
  if (
    token.pos === 'VERB' &&
    (!previous ||
      /^(?:need|needs|want|wants)$/.test(token.lower) ||
      /^[.;!?]$/.test(previous.text) ||
      (previous.text === ':' &&
        (/^(?:DET|PRON)$/.test(next?.pos ?? '') || /^(?:paste|enter|upload|attach|provide|supply)$/.test(token.lemma))))
  )
    return false;
  if (token.pos === 'VERB' && afterSubject(token, previous)) return false;
  // ", score how well they match": a verb before a question word or an object pronoun is no name.
  if (token.pos === 'VERB' && /^(?:how|what|which|whether|if|it|them|me|us)$/.test(next?.lower ?? '')) return false;
  if (
    known(token) &&
    !/^(?:AUX|CCONJ)$/.test(token.pos) &&
    !(token.pos === 'VERB' && (/ed$/.test(token.lower) || DETERMINERS.has(next?.lower ?? ''))) &&
    (previous === undefined ||
      isNoun(previous) ||
      known(previous) ||
      (previous.pos === 'VERB' && /ing$/.test(previous.lower)) ||
      /^(?:[,:(]|and|or|the|a|an)$/.test(previous.lower) ||
      POSSESSIVE.has(previous.lower))
  )
    return true;
  // ", down payment,": a list's two-word item, whatever the tagger called its first word.
  if (token.pos === 'ADP' && isNoun(next) && listedItem(tokens, i)) return true;
  // "the original due date": two modifiers before a noun.
  if (token.pos === 'ADJ' && next?.pos === 'ADJ' && isNoun(tokens[i + 2])) return true;
  if (MODIFIER_POS.has(token.pos) && (isNoun(next) || known(next)) && !doing(tokens, token))
    return token.pos !== 'VERB' || /(?:ing|ed)$/.test(token.lower) || known(next) || listedItem(tokens, i);
  return false;
}

/** The noun phrases of the prompt, in order; "customer's name" is one phrase. */
export function phrases(tokens: Token[]): Phrase[] {
  const found: Phrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!nominal(tokens, i)) {
      i++;
      continue;
    }
    const start = i;
    const words: string[] = [];
    let owner = 0;
    while (i < tokens.length) {
      // "-word-" → "word", without a pattern anchored at the end (it would retry from every hyphen).
      if (nominal(tokens, i)) words.push(tokens[i]!.lower.split('-').filter(Boolean).join('-'));
      // "cost per head", "number of guests": one thing, named in two parts.
      else if (
        (tokens[i]!.lower === 'per' ||
          // ("the litres of milk used", "days of leave": a measure of a thing is one value.)
          (tokens[i]!.lower === 'of' &&
            (/^(?:number|amount|count)$/.test(tokens[i - 1]!.lower) ||
              (UNITS.has(tokens[i - 1]!.lower) && tokens[i - 1]!.lower.endsWith('s'))))) &&
        nominal(tokens, i + 1)
      )
        words.push(tokens[i]!.lower);
      else if (/^(?:'s|'|’s|’)$/.test(tokens[i]!.lower)) {
        // ("the students' names" are the student names.)
        if (/^['’]$/.test(tokens[i]!.lower) && words.length > 0) words[words.length - 1] = tokens[i - 1]!.lemma;
        owner = words.length;
        if (!nominal(tokens, i + 1)) break;
      } else break;
      i++;
    }
    // "the amount owed", "the items ordered", "time taken (mins)": a participle after the noun is part of its name.
    // "the days already taken", "days carried over": an adverb before it and a particle after it too.
    const nounEnd = i;
    const adverb = tokens[i]?.pos === 'ADV' ? 1 : 0;
    const participle = tokens[i + adverb];
    const particle = /^(?:over|out|up|off|in|back)$/.test(tokens[i + adverb + 1]?.lower ?? '') ? 1 : 0;
    if (
      ((participle?.pos === 'VERB' &&
        (/(?:ed|en|left)$/.test(participle.lower) || PAST_PARTICIPLE.test(participle.lower))) ||
        /^(?:due|outstanding|remaining|pending|overdue|payable|owing)$/.test(participle?.lower ?? '')) &&
      isNoun(tokens[i - 1]) &&
      (/^(?:[,;.)]|and|or|per|from)?$/.test(tokens[i + adverb + particle + 1]?.lower ?? '') ||
        (tokens[i + adverb + particle + 1]?.text === '(' && UNITS.has(tokens[i + adverb + particle + 2]?.lower ?? '')))
    ) {
      i += adverb;
      words.push(tokens[i++]!.lower);
      if (particle) words.push(tokens[i++]!.lower);
      // "the hours worked per day".
      if (tokens[i]?.lower === 'per' && isNoun(tokens[i + 1])) {
        words.push('per', tokens[i + 1]!.lower);
        i += 2;
      }
    }
    let first = start;
    while (
      first > 0 &&
      (DETERMINERS.has(tokens[first - 1]!.lower) ||
        POSSESSIVE.has(tokens[first - 1]!.lower) ||
        OPTIONAL_BEFORE.has(tokens[first - 1]!.lower) ||
        tokens[first - 1]!.pos === 'NUM' ||
        /^[$€£¥%]$/.test(tokens[first - 1]!.text))
    )
      first--;
    // "budget per person" is a budget: the head is the word before "per".
    const per = tokens.slice(start, i).findIndex((t) => t.lower === 'per');
    const last = tokens[per > 0 ? start + per - 1 : nounEnd - 1]!;
    const head = last.lemma === 'datum' ? 'data' : last.lemma;
    // "a given URL", "a certain date": a value the person gives.
    const given =
      /^(?:given|certain|specific|chosen|preferred|desired|requested|selected)$/.test(words[0] ?? '') &&
      words.length > 1;
    const optional = words[0] === 'optional' && words.length > 1;
    const wordsEnd = i;
    // ("children", "women": a plural without its -s.)
    const irregular = /^(?:children|(?:wo)?men|teeth|geese|mice)$/.test(last.lower);
    const plural = last.lower !== head && ((/s$/.test(last.lower) && !/ss$/.test(last.lower)) || irregular);
    const { unit, length } = unitAfter(tokens, i, UNITS, isNoun);
    i += length;
    // "the session they picked", "the hours I worked each day": a clause that says which, no phrase of its own.
    // "the leave they've asked for", "the revenue it brought in": the same, with its auxiliaries.
    let verb = i + 1;
    const said = (k: number) => /^(?:due|available)$/.test(tokens[k]?.lower ?? '');
    while (/^(?:AUX|ADV|PART)$/.test(tokens[verb]?.pos ?? '') && !said(verb) && verb < i + 3) verb++;
    // "the date they need to reply by": what they need to do names it.
    if (needsTo(tokens, verb)) verb += 2;
    let [pasted, handed] = [false, false];
    let event: string[] = [];
    let wishedFor: string | undefined;
    // "the date it was due": "due" names the event as a verb would.
    const happens = tokens[verb]?.pos === 'VERB' || said(verb);
    if (/^(?:i|we|they|you|he|she|it)$/.test(tokens[i]?.lower ?? '') && happens && !wants(tokens, verb)) {
      [pasted, handed] = handedOver(tokens, i, verb);
      // ("the number of servings I want", "the seats we need": a count wished for is one of its own, not the one there is.)
      const wished =
        /^(?:want|need)$/.test(tokens[verb]!.lemma) &&
        /^(?:i|we)$/.test(tokens[i]!.lower) &&
        (words[0] === 'number' || plural) &&
        /^(?:[,.;:?!)]|and|or)$/.test(tokens[verb + 1]?.lower ?? '.');
      if (wished) wishedFor = tokens[verb]!.lemma === 'want' ? 'wanted' : 'needed';
      i = verb + 1;
      // ("the rate I type in each time": the particle, then how often.)
      const alone = !nominal(tokens, i + 1) || /^(?:each|every)$/.test(tokens[i + 1]?.lower ?? '');
      if (/^(?:in|on|for|with|at)$/.test(tokens[i]?.lower ?? '') && (i + 1 >= tokens.length || alone)) i += 1;
      if (/^(?:each|every|per|a|this|last|next)$/.test(tokens[i]?.lower ?? '') && isNoun(tokens[i + 1])) i += 2;
      // "the date it was paid", "the day they moved in", "the date it takes effect": the event names the date.
      if (/^(?:date|day)$/.test(head) && words.length === 1) {
        // "the date we got the request" is when it was received, "the date it expires" its expiry.
        event = tokens.slice(verb, i).map((t) => (/^(?:get|receive)$/.test(t.lemma) ? 'received' : eventNoun(t)));
        const object = tokens[i];
        const particle = /^(?:out|up|off|over|back|away)$/.test(object?.lower ?? '');
        if (event.length === 1 && (object?.pos === 'NOUN' || particle) && !nominal(tokens, i + 1))
          event.push(tokens[i++]!.lower);
        // ("the date we'll access the unit": what the event is done to, with its article, is no item of its own.)
        else if (
          event.length === 1 &&
          /^(?:the|their|its|our|his|her)$/.test(object?.lower ?? '') &&
          tokens[i + 1]?.pos === 'NOUN' &&
          !nominal(tokens, i + 2) &&
          // (", and our phone number": when the list goes on after it with an item of its own.)
          /^(?:and|the|their|our|your|its|a|an)$/.test(tokens[i + 3]?.lower ?? '')
        )
          i += 2;
        // ("the date I need them by", "the day it must be paid by": a date a thing is wanted by is its deadline.)
        let by = i;
        while (by < i + 2 && (tokens[by]?.pos === 'PRON' || /^(?:back|in|over)$/.test(tokens[by]?.lower ?? ''))) by++;
        if (tokens[by]?.lower === 'by' && !nominal(tokens, by + 1)) {
          // ("hand it in by": the particle goes with its verb.)
          const particles = tokens.slice(i, by).filter((t) => t.pos !== 'PRON' && t.lower !== 'back');
          const doing = event.filter((word) => !/^(?:need|want|have|get|require)$/.test(word));
          event = [...doing, ...(doing.length > 0 ? particles.map((t) => t.lower) : []), 'deadline'];
          i = by + 1;
        }
      }
    }
    found.push({
      words:
        event.length > 0
          ? event.at(-1) === 'deadline'
            ? event
            : [...event, plural ? 'dates' : 'date']
          : [...words.filter(Boolean).slice(given || optional ? 1 : 0), ...(wishedFor ? [wishedFor] : [])],
      optional: optional || optionalAt(tokens, first, i),
      // "from last year", "this week": a time the prompt names is fixed too.
      fixed:
        // "a budget of 100 dollars", "a deposit of $500": the value is stated after "of" ("a tip of 10, 15
        // or 20 percent" offers a choice instead).
        [...tokens.slice(first, start + 1), tokens[wordsEnd], statedAfter(tokens, wordsEnd)].some(
          (t) => t !== undefined && /^[$€£]?\d/.test(t.text) && !countedItems(tokens, start, plural, UNITS),
        ) ||
        statedByWriter(tokens, first, words) ||
        (words.length === 2 &&
          tokens[first - 1]?.pos === 'ADP' &&
          tokens[wordsEnd]?.lower !== 'of' &&
          /^(?:last|next|previous|coming)$/.test(words[0]!) &&
          UNITS.has(words[1]!)),
      given: given || handed,
      head,
      plural,
      start,
      end: i,
      before: tokens[first - 1],
      // "our policy" is the writer's own, fixed; "their name" is someone's, and varies.
      possessive: tokens
        .slice(first, start)
        .some((t) => POSSESSIVE.has(t.lower) && t.lower !== 'our' && t.lower !== 'my'),
      unit,
      owner: owner > 0 && owner < words.length ? owner : undefined,
      range: rangeAfter(tokens, i),
      pasted,
    });
  }
  return joinPhrases(tokens, found).filter((phrase) => phrase.words.length > 0);
}
