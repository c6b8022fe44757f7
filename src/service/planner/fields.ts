/**
 * The form a prompt needs: each input phrase typed by its head noun through the vocabulary of field
 * concepts ("renewal date" is a date, "invoice amounts" a list of numbers, "meeting notes" long
 * text), choices turned into enums, and values the prompt fixes ("EUR", "30 days") left out.
 */
import { conceptOf, type FieldConcept } from '../../contract/field-concepts';
import { MODIFIERS, NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import { makeField, type Field, type ItemKind } from '../workflow/field';
import { sentenceCase, snakeCase } from '../lib/text-case';
import { DETERMINERS, UNITS, type Phrase } from '../language/parse';
import { WORKS_ON, type Reading } from './roles';

/** Nouns that name no value of their own ("the list", "a file"), and people a message goes to or a document is for. */
const { vague: VAGUE, people: PEOPLE } = NOUN_CLASSES;
export { PEOPLE };
/** ISO currency codes people write in prompts: a currency named is a constant of the plan. */
export const CURRENCIES = /^(?:eur|usd|gbp|chf|jpy|cad|aud|inr|cny|sek|nok|dkk|pln|nzd|sgd|hkd|zar|brl|mxn)$/;

/** The concept a phrase's words name, trying the whole phrase, its last two words, then its head. */
function conceptOfPhrase(words: string[], head: string): FieldConcept | undefined {
  return (
    conceptOf(words.join(' ')) ??
    conceptOf(words.slice(-2).join(' ')) ??
    conceptOf(head) ??
    conceptOf(words.at(-1) ?? head)
  );
}

/** The field of one input phrase. */
function fieldOf(phrase: Phrase, position: number, asList: boolean, among = 1): Field | undefined {
  // "pasted receipt text" is the receipt text: how it arrives is not part of its name.
  // "a customer call transcript", "a customer's purchase date": whose it is goes without saying.
  const words = phrase.words.filter(
    (word, at) =>
      !/^\d/.test(word) &&
      // "today's absentees", "yesterday's tickets": when is no part of what.
      !(at < (phrase.owner ?? 0) && !NOUN_CLASSES.identifying.has(phrase.head)) &&
      !(at === 0 && MODIFIERS.style.has(word)) &&
      !(at === 0 && PEOPLE.has(word) && phrase.words.length >= 3),
  );
  // "B from 80": a letter is no name of a value.
  if (words.join('').length < 2 || CURRENCIES.test(words.at(-1)!)) return undefined;
  // "the customer" is who a message is for; "a list of speakers", "their name, department and
  // manager" name inputs of their own.
  const before = phrase.before?.lower ?? '';
  const listedPerson = among >= 3 && (/^(?:,|and|\()$/.test(before) || MODIFIERS.declares.has(before));
  if (words.length === 1 && (VAGUE.has(phrase.head) || (PEOPLE.has(phrase.head) && !asList && !listedPerson)))
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
  if (VAGUE.has(head) && !/^(?:number|id|code)$/.test(head) && !definite && !listed) return undefined;
  const concept = conceptOfPhrase(named, head);
  // "their email address" is the email: a two-word name of the concept is spelled as its word.
  const key =
    concept?.kind === 'email' && concept.same.includes(words.join(' ')) ? concept.word : snakeCase(words.join(' '));
  let kind = concept?.kind ?? (per > 0 ? 'number' : 'string');
  // "the days requested", "hours worked": a count of a unit is one number, not a list of dates.
  const counted = phrase.plural && /^(?:minute|hour|day|week|month|year)$/.test(phrase.head) && per < 0;
  if (counted || phrase.unit || words[0] === 'number' || /^(?:number|count)_of_/.test(snakeCase(words.join(' '))))
    kind = /^(?:months?|days?|weeks?|years?|units?|words?)$/.test(phrase.unit ?? (counted ? phrase.head : ''))
      ? 'integer'
      : 'number';
  if (words[0] === 'number' && words[1] === 'of') kind = 'integer';
  // "the total award", "the total cost": a total is a number, whatever it totals.
  if (words[0] === 'total' && words.length > 1 && kind === 'string') kind = 'number';
  const extra: Partial<Field> = phrase.optional ? { required: false } : {};
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
    (phrase.plural && !(numeric && (concept !== undefined || phrase.unit || counted)) && words[0] !== 'number' && !rate)
  ) {
    const itemKind = (/^(?:email|uri|date|number|integer)$/.test(kind) ? kind : 'string') as ItemKind;
    return makeField(key, 'list', phrase.head, position, { ...extra, itemKind });
  }
  if (kind === 'string' && phrase.head === 'currency') extra.pattern = '^[A-Za-z]{3}$';
  return makeField(key, kind, phrase.head, position, extra);
}

/** Words of a yes-or-no clause that say nothing of its own: "whether THE role IS remote". */
const CLAUSE_FILLER =
  /^(?:a|an|the|is|are|was|were|be|been|has|have|had|'s|’s|'re|it|its|they|them|their|his|her|our|my|your|this|that|any|to|yet|already|still)$/;

/**
 * ", and whether pets are allowed": a yes-or-no input, named by the clause's own words
 * ("pets_allowed"). Only a "whether" that goes on a list of inputs counts: "check whether a ticket
 * is urgent" is what the job decides, not something it is given; a clause with "or" is a choice.
 */
function yesNoFields(reading: Reading): Field[] {
  const tokens = reading.tokens;
  const fields: Field[] = [];
  for (const token of tokens) {
    // "only if the item is unused", "unless the order has shipped": a condition on a thing the person knows.
    const condition =
      (token.lower === 'unless' || (token.lower === 'if' && tokens[token.index - 1]?.lower === 'only')) &&
      DETERMINERS.has(tokens[token.index + 1]?.lower ?? '') &&
      tokens[token.index + 2]?.pos === 'NOUN';
    if (!condition && (token.lower !== 'whether' || !/^(?:,|and)$/.test(tokens[token.index - 1]?.lower ?? '')))
      continue;
    const clause: string[] = [];
    let end = token.index + 1;
    while (
      end < tokens.length &&
      /^[\p{L}\d'’-]+$/u.test(tokens[end]!.text) &&
      !/^(?:and|or|if)$/.test(tokens[end]!.lower)
    )
      clause.push(tokens[end++]!.lower);
    if (tokens[end]?.lower === 'or' || clause[0] === 'to') continue;
    const words = clause.filter((word) => !CLAUSE_FILLER.test(word) && !/^\d/.test(word)).slice(0, 4);
    if (words.length === 0) continue;
    fields.push(
      makeField(snakeCase(words.join(' ')), 'boolean', words[0]!, token.index, {
        description: `Whether ${clause.join(' ').replace(/ (?=['’])/g, '')}.`,
        required: false,
        end,
      }),
    );
  }
  return fields;
}

/**
 * Counts and paired parts a list names without a noun phrase of their own: "and how many years I
 * plan to stay", "however many questions I ask for" (a count), "start and end time", "first and
 * last day" (two fields sharing one noun).
 */
function impliedFields(reading: Reading): Field[] {
  const tokens = reading.tokens;
  const fields: Field[] = [];
  for (const token of tokens) {
    const before = tokens[token.index - 1]?.lower ?? '';
    const noun = tokens[token.index + 1];
    if (
      token.lower === 'many' &&
      noun &&
      (noun.pos === 'NOUN' || /s$/.test(noun.lower)) &&
      /^(?:how|however)$/.test(before)
    ) {
      const listed = before === 'however' || /^(?:,|and|with|given|for)$/.test(tokens[token.index - 2]?.lower ?? '');
      if (listed) fields.push(makeField(`number_of_${noun.lower}`, 'integer', noun.lemma, token.index));
    }
    // "up to 30 days after purchase", "2 weeks before the event": the time counted from is a date to give.
    const event =
      /^(?:after|before|from|since)$/.test(token.lower) &&
      /^(?:minute|hour|day|week|month|year)s?$/.test(before) &&
      tokens[token.index - 2]?.pos === 'NUM'
        ? reading.phrases.find((p) => p.start > token.index && p.start <= token.index + 2 && !p.fixed)
        : undefined;
    const named = conceptOf(event?.head ?? '')?.kind === 'date' ? event!.words : [...(event?.words ?? []), 'date'];
    if (event) fields.push(makeField(snakeCase(named.join(' ')), 'date', 'date', event.start));
    // "given when it was opened, when we first replied", "based on when it was bought": a time named
    // by what happened then ("Opened on", "First replied on").
    if (token.lower === 'when' && /^(?:given|on|from|using|,|and|:)$/.test(before)) {
      let at = token.index + 1;
      while (/^(?:PRON|DET|NOUN|PROPN|AUX|PART)$/.test(tokens[at]?.pos ?? '') && at < token.index + 5) at++;
      const adverbs: string[] = [];
      while (tokens[at]?.pos === 'ADV' && adverbs.length < 2) adverbs.push(tokens[at++]!.lower);
      const happened = tokens[at];
      // Counted in hours or minutes ("P1 within 1 hour"), the time of day matters too.
      const timed = tokens.some((t) => /^(?:hours?|minutes?)$/.test(t.lower));
      const key = snakeCase([...adverbs, happened?.lower ?? '', timed ? 'at' : 'on'].join(' '));
      const passive = tokens[at - 1]?.pos === 'AUX';
      if (happened?.pos === 'VERB' && (/ed$/.test(happened.lower) || passive))
        fields.push(makeField(key, timed ? 'datetime' : 'date', 'date', token.index));
    }
    // "how much they gave", "from what it cost": a clause naming an amount, in a list of inputs.
    const clauseVerb = tokens[token.index + 2];
    const amountWord =
      (token.lower === 'much' && before === 'how') ||
      (token.lower === 'what' && conceptOf(clauseVerb?.lemma ?? '')?.kind === 'number');
    if (
      amountWord &&
      tokens[token.index + 1]?.pos === 'PRON' &&
      clauseVerb?.pos === 'VERB' &&
      /^(?:,|and|with|given|from|using|:)$/.test(tokens[token.index - (token.lower === 'much' ? 2 : 1)]?.lower ?? '')
    )
      fields.push(makeField(token.lower === 'much' ? 'amount' : clauseVerb.lemma, 'number', 'amount', token.index));
    if (token.lower !== 'and' || !/^(?:ADJ|NOUN|VERB)$/.test(tokens[token.index - 1]?.pos ?? '')) continue;
    const paired = reading.inputs.find(
      (input) => input.phrase.start === token.index + 1 && input.phrase.words.length === 2,
    );
    const lead = tokens[token.index - 2];
    const inPhrase = reading.phrases.some((p) => p.start < token.index && p.end >= token.index);
    if (!paired || inPhrase || UNITS.has(before) || (lead && /^(?:NOUN|PROPN|ADJ)$/.test(lead.pos))) continue;
    const field = fieldOf(
      { ...paired.phrase, words: [before, paired.phrase.head], start: token.index - 1 },
      token.index - 1,
      false,
    );
    if (field) fields.push(field);
  }
  return fields;
}

/** The input fields of a prompt, in order, each once. */
export function readFields(reading: Reading, noted: Set<string>): Field[] {
  const yesNo = yesNoFields(reading);
  const fields: Field[] = [...yesNo, ...impliedFields(reading)];
  for (const [n, input] of reading.inputs.entries()) {
    if (input.phrase.words.every((word) => noted.has(word))) continue;
    // "the start and end time": a word that only qualifies shares the noun of the phrase after "and".
    const next = reading.inputs[n + 1]?.phrase;
    const [word] = input.phrase.words;
    if (
      input.phrase.words.length === 1 &&
      conceptOf(word!) === undefined &&
      !/^(?:on|in|at|of|by)$/.test(input.phrase.before?.lower ?? '') &&
      next?.words.length === 2 &&
      next.start === input.phrase.end + 1 &&
      reading.tokens[input.phrase.end]?.lower === 'and'
    )
      input.phrase = { ...input.phrase, words: [word!, next.head], head: next.head };
    // "the exporter's name and address", "the appointment date and time": whose the second is goes on.
    const previous = reading.inputs[n - 1]?.phrase;
    const identifying = NOUN_CLASSES.identifying;
    if (
      input.phrase.words.length === 1 &&
      identifying.has(word!) &&
      previous !== undefined &&
      previous.words.length >= 2 &&
      identifying.has(previous.words.at(-1)!) &&
      input.phrase.start === previous.end + 1 &&
      /^(?:and|,)$/.test(reading.tokens[previous.end]!.lower) &&
      !/^(?:to|for|of|from)$/.test(reading.tokens[input.phrase.end]?.lower ?? '')
    )
      input.phrase = { ...input.phrase, words: [...previous.words.slice(0, -1), word!] };
    if (yesNo.some((f) => input.phrase.start > f.position && input.phrase.start < f.end!)) continue;
    let field = fieldOf(input.phrase, input.phrase.start, input.list === true, input.among);
    if (!field) continue;
    // "translate a customer email", "proofread our catalogue intro": what is rewritten is a text,
    // and an email so worked on is its text, not an address.
    const verb = input.marker.replace('verb:', '');
    const rewritten = WORKS_ON.has(verb) && !VERB_CLASSES.compute.has(verb) && !VERB_CLASSES.check.has(verb);
    if ((field.kind === 'email' && WORKS_ON.has(verb)) || (field.kind === 'string' && rewritten && !input.list))
      field = { ...field, kind: 'text' };
    const columns = (input.columns ?? []).flatMap(
      (column, at) => fieldOf({ ...column, plural: false }, at, false) ?? [],
    );
    if (columns.length > 0 && (field.kind === 'list' || input.list))
      field = { ...field, kind: 'rows', columns, itemKind: undefined };
    else if (columns.length > 0) {
      // "a date range (start date and end date)": the parts are the inputs; "the days left with the
      // days requested": both are.
      for (const [at, column] of input.columns!.entries()) {
        const part = fieldOf(column, input.phrase.start + (at + 1) / 100, false);
        if (part) fields.push(part);
      }
      if (reading.tokens[input.phrase.end]?.text === '(') continue;
    }
    const choice = reading.choices.find((c) => c.about?.start === input.phrase.start && !c.categories);
    if (choice) field = { ...field, kind: 'enum', enumValues: choice.values.map((v) => v.toLowerCase()) };
    if (!fields.some((known) => known.key === field.key)) fields.push(field);
  }
  for (const choice of reading.choices) {
    // "translate it into French, Spanish or German": the language is the person's choice.
    // "… in English, French or Dutch": a choice of languages is the language to write in.
    const languages = choice.values.every((v) => NOUN_CLASSES.languages.has(v.toLowerCase()));
    const values = choice.values.map((v) => v.toLowerCase());
    if (languages && !reading.verbs.includes('translate')) {
      if (!fields.some((f) => f.head === 'language'))
        fields.push(makeField('language', 'enum', 'language', choice.start, { enumValues: values }));
      continue;
    }
    if (choice.categories && reading.verbs.includes('translate') && reading.tokens[choice.start - 1]?.lower === 'into')
      fields.push(
        makeField('target_language', 'enum', 'language', choice.start, {
          enumValues: choice.values.map((v) => v.toLowerCase()),
        }),
      );
    if (choice.categories || !choice.about || fields.some((f) => f.position === choice.about!.start)) continue;
    // "flag any clauses about termination, liability or auto-renewal": what is found, not a choice to give.
    if (reading.outputs.some((p) => p.start === choice.about!.start)) continue;
    // "and the format: conference, gala dinner or workshop": a choice names a value, however vague its noun.
    const field =
      fieldOf(choice.about, choice.about.start, false) ??
      (VAGUE.has(choice.about.head) && choice.about.words.length === 1
        ? makeField(choice.about.head, 'enum', choice.about.head, choice.about.start)
        : undefined);
    if (field && !fields.some((f) => f.key === field.key))
      fields.push({ ...field, kind: 'enum', enumValues: choice.values.map((v) => v.toLowerCase()) });
  }
  return fields
    .sort((a, b) => a.position - b.position)
    .map((field) => ({ ...field, title: field.title || sentenceCase(field.key) }));
}
