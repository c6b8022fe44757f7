/**
 * Inputs a prompt names by a clause rather than a noun phrase: ", and whether pets are allowed" (yes
 * or no), "how many years I plan to stay" (a count), "given when it was opened" (a time), "how much
 * they gave" (an amount), "the start and end time" (two fields sharing a noun).
 */
import { conceptOf } from '../../contract/field-concepts';
import { makeField, type Field } from '../workflow/field';
import { snakeCase } from '../lib/text-case';
import { DETERMINERS, UNITS } from '../language/parse';
import { fieldOf, oneOfPair } from './phrase-field';
import { amountAsked, countKey, frequencyAsked, kindsCounted, lengthAsked } from '../language/counts';
import type { Reading } from './roles';
import { answeredByJob, answeredForUse, askedQuestion } from '../language/asked-questions';
import { toldBefore, toldByPerson } from '../language/verbs';
import { whetherWords } from '../language/whether-name';
import { VERB_CLASSES } from '../../contract/prompt-words';

const { takes: TAKES, personGives: PERSON_GIVES } = VERB_CLASSES;

/**
 * ", and whether pets are allowed": a yes-or-no input, named by the clause's own words
 * ("pets_allowed"). Only a "whether" that goes on a list of inputs counts: "check whether a ticket
 * is urgent" is what the job decides, not something it is given; a clause with "or" is a choice.
 */
export function yesNoFields(reading: Reading): Field[] {
  const tokens = reading.tokens;
  const fields: Field[] = [];
  for (const token of tokens) {
    // "only if the item is unused", "unless the order has shipped": a condition on a thing the person knows.
    const condition =
      (token.lower === 'unless' || (token.lower === 'if' && tokens[token.index - 1]?.lower === 'only')) &&
      DETERMINERS.has(tokens[token.index + 1]?.lower ?? '') &&
      tokens[token.index + 2]?.pos === 'NOUN';
    // "…, and whether…", "given whether…", "inputs: whether…": a yes or no among what is given.
    const listed =
      /^(?:,|and|given|:|using|with|plus)$/.test(tokens[token.index - 1]?.lower ?? '') || toldByPerson(tokens, token);
    if (!condition && (token.lower !== 'whether' || !listed || answeredByJob(tokens, token.index, true))) continue;
    const clause: string[] = [];
    let end = token.index + 1;
    while (
      end < tokens.length &&
      /^[\p{L}\d'’-]+$/u.test(tokens[end]!.text) &&
      !/^(?:and|or|if)$/.test(tokens[end]!.lower)
    )
      clause.push(tokens[end++]!.lower);
    // "whether it's urgent or not" is yes or no; "whether it is A or B" and "whether it's phone or video" are choices.
    const choice = reading.choices.some((c) => c.start > token.index && c.start <= end + 1);
    if ((tokens[end]?.lower === 'or' && tokens[end + 1]?.lower !== 'not') || clause[0] === 'to' || choice) continue;
    const words = whetherWords(tokens.slice(token.index + 1, end));
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
export function impliedFields(reading: Reading): Field[] {
  const tokens = reading.tokens;
  const fields: Field[] = [];
  const told = toldBefore(tokens);
  for (const token of tokens) {
    const before = tokens[token.index - 1]?.lower ?? '';
    // ("how many new families registered": what is counted, after what describes it.)
    // ("how many overtime hours they worked": the last of a run of nouns.)
    let noun = tokens[token.index + (tokens[token.index + 1]?.pos === 'ADJ' ? 2 : 1)];
    while (
      token.lower === 'many' &&
      noun?.pos === 'NOUN' &&
      !/s$/.test(noun.lower) &&
      tokens[noun.index + 1]?.pos === 'NOUN'
    )
      noun = tokens[noun.index + 1];
    const asked = askedQuestion(tokens, reading.choices, token);
    if (asked) fields.push(makeField(asked.key, asked.kind, asked.head, token.index, asked.extra));
    if (
      token.lower === 'many' &&
      noun &&
      (noun.pos === 'NOUN' || /s$/.test(noun.lower)) &&
      /^(?:how|however)$/.test(before)
    ) {
      // "Given the hours, how many staff do we need?" asks for the count; it is not given, unless what
      // follows works from it ("How many guests are coming? Use that to …").
      const used = answeredForUse(tokens, token.index);
      const asks =
        tokens[token.index - 2]?.text === ',' &&
        !told[token.index] &&
        tokens.slice(token.index).find((t) => /^[.!?]$/.test(t.text))?.text === '?';
      // ("…, roughly how many people will benefit": an adverb may come first; "volunteers log how
      // many parcels …", "from how many guests …": a verb of giving or a marker of inputs opens it.)
      const opener = tokens[token.index - 2]?.pos === 'ADV' ? tokens[token.index - 3] : tokens[token.index - 2];
      const gives = opener !== undefined && (TAKES.has(opener.lemma) || PERSON_GIVES.has(opener.lemma));
      const marked = /^(?:,|and|with|given|for|from|using|:)$/.test(opener?.lower ?? '') || gives;
      const listed =
        used || (!asks && (before === 'however' || marked) && !answeredByJob(tokens, token.index - 1, false));
      const key = countKey(tokens, noun);
      // What the count is for is no input of its own ("on a pallet").
      const end = key.includes('_per_') ? token.index + 6 : undefined;
      const measured = /^(?:hours|minutes)$/.test(noun.lower) ? 'number' : 'integer';
      if (listed) fields.push(makeField(key, measured, noun.lemma, token.index, { end }));
    }
    for (const kind of kindsCounted(tokens, token))
      fields.push(
        makeField(snakeCase(kind.lower), 'integer', kind.lemma, kind.index, { title: `How many are ${kind.lower}` }),
      );
    // "and how long each session is (minutes)": a length of time, in the unit said after it.
    const lasting = lengthAsked(tokens, token);
    if (lasting)
      fields.push(makeField(lasting.key, lasting.list ? 'list' : 'number', 'length', token.index, lasting.extra));
    // ", how often to water": how often it is done.
    const frequency = frequencyAsked(tokens, token, reading.choices);
    if (frequency) fields.push(makeField(frequency, 'string', 'frequency', token.index));
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
      // "and when the quote expires": what will happen names the time too ("Expires on").
      const passive = tokens[at - 1]?.pos === 'AUX';
      const bare = /[^s]s$/.test(happened?.lower ?? '') && /^(?:and|given|:)$/.test(before);
      if (happened?.pos === 'VERB' && (/ed$/.test(happened.lower) || passive || bare))
        fields.push(makeField(key, timed ? 'datetime' : 'date', 'date', token.index));
    }
    const amount = amountAsked(tokens, token);
    if (amount) fields.push(makeField(amount, 'number', 'amount', token.index));
    if (token.lower !== 'and' || !/^(?:ADJ|NOUN|VERB)$/.test(tokens[token.index - 1]?.pos ?? '')) continue;
    const paired = reading.inputs.find(
      (input) =>
        input.phrase.start === token.index + 1 &&
        (input.phrase.words.length === 2 ||
          (input.phrase.words.length === 3 && tokens[token.index + 2]?.pos === 'NOUN')),
    );
    const lead = tokens[token.index - 2];
    const inPhrase = reading.phrases.some((p) => p.start < token.index && p.end >= token.index);
    if (!paired || inPhrase || UNITS.has(before) || (lead && /^(?:NOUN|PROPN|ADJ)$/.test(lead.pos))) continue;
    const last = paired.phrase.words.at(-1)!;
    const field = fieldOf(
      {
        ...paired.phrase,
        // ("the first and last day missed": a participle after the head stays; "end dates" is one date.)
        words: [
          before,
          ...paired.phrase.words.slice(1, -1),
          last.startsWith(paired.phrase.head) ? paired.phrase.head : last,
        ],
        start: token.index - 1,
        plural: false,
      },
      token.index - 1,
      false,
    );
    if (field) fields.push(field);
    // "start and end dates": each is one date.
    if (field && paired.phrase.plural) paired.phrase = oneOfPair(paired.phrase);
  }
  return fields;
}
