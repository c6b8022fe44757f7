/**
 * The field of one input phrase: its key from its words, its type from its head noun through the
 * vocabulary of field concepts, a list when the phrase names many, a number when it has a unit or
 * bounds, and nothing when the phrase names no value of its own ("the list", "the customer").
 */
import { conceptOf } from '../../contract/field-concepts';
import { CURRENCIES, MODIFIERS, NOUN_CLASSES } from '../../contract/prompt-words';
import { makeField, type Field, type ItemKind } from '../workflow/field';
import { sentenceCase, snakeCase } from '../lib/text-case';
import type { Phrase } from '../language/parse';
import { conceptOfPhrase, measuredIn, namesOne, PAST_PARTICIPLE } from '../language/phrase-concept';

/** Nouns that name no value of their own ("the list", "a file"), and people a message goes to or a document is for. */
export const { vague: VAGUE, people: PEOPLE } = NOUN_CLASSES;

/** "end dates" in "start and end dates", "finish odometer readings": one of the two things a shared plural names, in the singular. */
export const oneOfPair = (phrase: Phrase): Phrase => ({
  ...phrase,
  words: [...phrase.words.slice(0, -1), phrase.head],
  plural: false,
});

/** The field of one input phrase. */
export function fieldOf(phrase: Phrase, position: number, asList: boolean, among = 1): Field | undefined {
  // "pasted receipt text" is the receipt text: how it arrives is not part of its name.
  // "a customer call transcript", "a customer's purchase date": whose it is goes without saying.
  const words = phrase.words.filter(
    (word, at) =>
      !/^\d/.test(word) &&
      // "today's absentees", "yesterday's tickets": when is no part of what.
      !(at < (phrase.owner ?? 0) && !NOUN_CLASSES.identifying.has(phrase.head)) &&
      !(at === 0 && MODIFIERS.style.has(word)) &&
      !(
        at === 0 &&
        PEOPLE.has(word) &&
        (phrase.words.length >= 3 || (/^(?:person|people)$/.test(word) && at < (phrase.owner ?? 0)))
      ),
  );
  // "B from 80": a letter is no name of a value.
  if (words.join('').length < 2 || CURRENCIES.test(words.at(-1)!)) return undefined;
  // "the customer" is who a message is for; "a list of speakers", "their name and manager" name inputs of their own.
  const before = phrase.before?.lower ?? '';
  // ("details: item, condition, brand", "given the supplier, the amount, the date": a list's first item too.)
  const opened = (/^[:.–—-]$/.test(before) || MODIFIERS.declares.has(before)) && among >= 2;
  const listedPerson = opened || (among >= 3 && /^(?:,|and|\(|given|using|with)$/.test(before));
  // ("list of items", "items (desc, qty)": a list says the items are its values.)
  const listedItem =
    (listedPerson || (before === 'with' && among >= 2) || (asList && (before === 'of' || phrase.plural))) &&
    /^(?:item|product|task|job|tool|system|app)$/.test(phrase.head);
  if (
    words.length === 1 &&
    ((VAGUE.has(phrase.head) && !listedItem) || (PEOPLE.has(phrase.head) && !asList && !listedPerson))
  )
    return undefined;
  // "cost per head", "opening hours per day": the value is what comes before "per", and is a rate.
  const per = words.indexOf('per');
  const named = per > 0 ? words.slice(0, per) : words;
  const head = per > 0 ? named.at(-1)! : phrase.head;
  // "leave type", "line items", "the number of people": a vague head made definite by the words before it.
  const definite =
    named.length > 1 &&
    (/^(?:type|kind|version|level|format|item|entry|record|file|value)$/.test(head) ||
      words[0] === 'number' ||
      phrase.unit !== undefined);
  // "the guest list", "the class roster": a list of the things the words before it name.
  const listed = named.length > 1 && /^(?:list|roster|collection)$/.test(head);
  // "the homework set", "the jobs needed": what a participle says of it picks out which.
  const picksOut =
    named.length > 1 && /^(?:\w{3,}ed|set|done|sent|given|taken|made|paid|spent|chosen)$/.test(named.at(-1)!);
  if (VAGUE.has(head) && !/^(?:number|id|code)$/.test(head) && !definite && !listed && !picksOut && !listedItem)
    return undefined;
  const concept = conceptOfPhrase(named, head, per > 0);
  // "their email address" is the email: a two-word name of the concept is spelled as its word.
  // "the number of seats per table" is seats per table: a rate says it is counted.
  // "the dose in mg per kg" is a dose per kg; "the application rate in kg per hectare" says so already.
  const perUnit = /^(?:rate|price|cost|fee|speed|pay|wage)$/.test(phrase.head)
    ? undefined
    : / per (\w+)$/.exec(phrase.unit ?? '');
  // ("the number of CPD hours" is the CPD hours: a number of a unit said of something is its measure.)
  const measureOf = words.length > 3 && NOUN_CLASSES.units.has(words.at(-1)!);
  const counts = [
    ...((per > 2 || measureOf) && words[0] === 'number' && words[1] === 'of' ? words.slice(2) : words),
    ...(perUnit ? ['per', perUnit[1]!] : []),
  ];
  // "the interview date and time" is one moment, keyed and titled as said; a time alone is a time of day.
  const key =
    concept?.kind === 'email' && concept.same.includes(words.join(' '))
      ? concept.word
      : snakeCase(counts.join(' ')).replace(/_and_time$/, '_time');
  let kind = key.endsWith('date_time') ? 'datetime' : (concept?.kind ?? (per > 0 ? 'number' : 'string'));
  // "the days requested", "hours worked": a count of a unit is one number, not a list of dates.
  // "the meeting minutes" are a text, not a count of minutes, and "opening hours" a timetable; "kilos"
  // alone are an amount of kilos.
  const counted =
    phrase.plural &&
    (/^(?:minute|hour|day|week|month|year)$/.test(phrase.head) ||
      (phrase.words.length === 1 && NOUN_CLASSES.units.has(words[0]!) && !/^(?:words|characters)$/.test(words[0]!))) &&
    per < 0 &&
    !/^(?:text|string)$/.test(conceptOf(named.slice(-2).join(' '))?.kind ?? '');
  const measured = phrase.unit !== undefined && conceptOf(named.slice(-2).join(' '))?.kind !== 'text';
  // "the expected number of guests": a count, whatever says how sure it is.
  const number = words[0] === 'number' || (words[1] === 'number' && words[2] === 'of');
  if (counted || measured || number || (words[0] === 'count' && words[1] === 'of'))
    kind = /^(?:months?|days?|weeks?|years?|units?|words?)$/.test(phrase.unit ?? (counted ? phrase.head : ''))
      ? 'integer'
      : 'number';
  // "the number of guests", "years of service": a count, one whole number; "hours of overtime", "litres of milk": a number.
  const whole =
    (number && words.includes('of')) ||
    (/^(?:years|months|weeks|days|nights)$/.test(words[0]!) && (words[1] === 'of' || words.length === 2));
  const measure = words[1] === 'of' && NOUN_CLASSES.units.has(words[0]!);
  if (whole || measure) kind = whole ? 'integer' : 'number';
  // "the total award", "average daily sales": a total or an average is one number, whatever it sums.
  const aggregate = /^(?:total|average|mean|median)$/.test(words[0]!) && words.length > 1;
  if (aggregate && kind === 'string') kind = 'number';
  // "tickets closed", "orders shipped": things a participle picks out are counted.
  const picked =
    phrase.plural && !asList && PAST_PARTICIPLE.test(words.at(-1)!) && /^(?:string|text|integer)$/.test(kind);
  if (picked) kind = 'integer';
  const extra: Partial<Field> = phrase.optional ? { required: false } : {};
  if (key.endsWith('date_time')) extra.title = sentenceCase(words.join(' '));
  // ("weight kg" is titled "Weight (kg)".)
  const unit = measuredIn(words);
  if (unit && (kind === 'number' || kind === 'integer')) extra.title = `${sentenceCase(words[0]!)} (${unit})`;
  if (phrase.range && !asList) {
    const [minimum, maximum] = phrase.range;
    kind = Number.isInteger(minimum) && Number.isInteger(maximum) ? 'integer' : 'number';
    Object.assign(extra, { minimum, maximum });
  }
  if (concept?.title && words.length === 1 && concept.word === 'website') extra.title = concept.title;
  // "a free-text description": the person says it is long text.
  if (/^free[- ]?(?:text|form)$/.test(phrase.words[0] ?? '') || (phrase.pasted && kind === 'string')) kind = 'text';
  if (kind === 'text' && !asList) return makeField(key, 'text', phrase.head, position, extra);
  const numeric = kind === 'number' || kind === 'integer';
  // "working days per month" is a rate, one number.
  const rate = per > 0 && numeric;
  if (
    asList ||
    listed ||
    (phrase.plural &&
      !namesOne(concept, named) &&
      !(numeric && (concept !== undefined || phrase.unit || counted || aggregate || picked || measure)) &&
      !number &&
      !rate)
  ) {
    const itemKind = (/^(?:email|uri|date|time|number|integer)$/.test(kind) ? kind : 'string') as ItemKind;
    return makeField(key, 'list', phrase.head, position, { ...extra, itemKind });
  }
  if (kind === 'string' && phrase.head === 'currency') extra.pattern = '^[A-Za-z]{3}$';
  return makeField(key, kind, phrase.head, position, extra);
}
