/**
 * The form a prompt needs: each input phrase typed by its head noun through the vocabulary of field
 * concepts ("renewal date" is a date, "invoice amounts" a list of numbers, "meeting notes" long
 * text), choices turned into enums, and values the prompt fixes ("EUR", "30 days") left out.
 */
import { conceptOf } from '../../contract/field-concepts';
import { NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import { makeField, type Field } from '../workflow/field';
import { sentenceCase, snakeCase } from '../lib/text-case';
import { WORKS_ON, type Reading } from './roles';
import { impliedFields, yesNoFields } from './clause-fields';
import { fieldOf, oneOfPair, PEOPLE, VAGUE } from './phrase-field';
import { deliverableOf } from './deliverables';

import { heldAsText, messageEmail, pastedIn, whetherIs } from '../language/values';
import { whoseAt } from '../language/owners';
import { choiceName, choiceValue } from '../language/value-words';
import { kindChosen } from '../language/kind-choices';
import { storySentences } from '../language/verbs';
import { timesOfThings } from '../language/counts';
import { SPAN_ENDS } from '../language/retag-joins';
import { severalSaid } from '../language/asides';

/** What lasts from one date to another: a trip, a stay, a leave, a hire. */
const STRETCHES =
  /^(?:travel|trip|holiday|vacation|stay|hire|rental|leave|tenancy|lease|visit|absence|closure|placement)$/;

/** The input fields of a prompt, in order, each once. */
export function readFields(reading: Reading, noted: Set<string>): Field[] {
  const telling = storySentences(reading.tokens);
  const fields: Field[] = [...yesNoFields(reading), ...impliedFields(reading)].filter((f) => !telling[f.position]);
  const clauses = fields.filter((f) => f.end !== undefined);
  for (const [n, input] of reading.inputs.entries()) {
    if (input.phrase.words.every((word) => noted.has(word)) || telling[input.phrase.start]) continue;
    // "the start and end time": a word that only qualifies shares the noun of the phrase after "and".
    const next = reading.inputs[n + 1]?.phrase;
    const [word] = input.phrase.words;
    if (
      input.phrase.words.length === 1 &&
      !input.phrase.plural &&
      conceptOf(word!) === undefined &&
      !/^(?:on|in|at|of|by)$/.test(input.phrase.before?.lower ?? '') &&
      // "name, team and start date" lists three values; a bare word after a comma says so, unless
      // the plural after it is both of them ("…, departure and return dates").
      (reading.tokens[input.phrase.start - 1]?.text !== ',' || next?.plural) &&
      // ("opening and closing meter readings": a longer noun, shared; "role and skills to develop" is two.)
      (next?.words.length === 2 || (next?.words.length === 3 && reading.tokens[next.start + 1]?.pos === 'NOUN')) &&
      next!.start === input.phrase.end + 1 &&
      reading.tokens[input.phrase.end]?.lower === 'and'
    ) {
      input.phrase = { ...input.phrase, words: [word!, ...next!.words.slice(1, -1), next!.head], head: next!.head };
      if (next!.plural) reading.inputs[n + 1]!.phrase = oneOfPair(next!);
    }
    // "the closure start and end dates": both ends of the closure.
    const end = input.phrase.words.at(-1)!;
    if (
      input.phrase.words.length >= 2 &&
      SPAN_ENDS.test(end) &&
      next?.plural &&
      next.words.length === 2 &&
      SPAN_ENDS.test(next.words[0]!) &&
      next.start === input.phrase.end + 1 &&
      reading.tokens[input.phrase.end]?.lower === 'and'
    ) {
      const whose = input.phrase.words.slice(0, -1);
      input.phrase = { ...input.phrase, words: [...whose, end, next.head], head: next.head };
      reading.inputs[n + 1]!.phrase = { ...oneOfPair(next), words: [...whose, next.words[0]!, next.head] };
    }
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
      // ("camper name, email" is theirs: after a comma, only what goes on from someone named, not a date.)
      (reading.tokens[previous.end]!.lower === 'and' ||
        (reading.tokens[previous.end]!.text === ',' && previous.head === 'name' && word !== 'date')) &&
      !/^(?:to|for|of|from)$/.test(reading.tokens[input.phrase.end]?.lower ?? '')
    )
      input.phrase = {
        ...input.phrase,
        words: [...previous.words.slice(0, -1), word!],
        owner: previous.words.length - 1,
      };
    // "for a product: its name, price…": a thing's own name is named after the thing, "product_name".
    const its = reading.tokens[input.phrase.start - 1]?.lower === 'its' && input.phrase.words.length === 1;
    const thing = its
      ? reading.phrases.findLast((p) => p.end < input.phrase.start && !identifying.has(p.head))
      : undefined;
    if (its && identifying.has(word!) && thing && !VAGUE.has(thing.head) && !PEOPLE.has(thing.head))
      input.phrase = { ...input.phrase, words: [thing.plural ? thing.head : thing.words.at(-1)!, word!] };
    if (clauses.some((f) => input.phrase.start >= f.position && input.phrase.start < f.end!)) continue;
    // "whether the home has a burglar alarm, … a discount for an alarm": the yes or no named it already.
    const asked = (f: Field) => f.kind === 'boolean' && f.position < input.phrase.start && f.key.endsWith(`_${word!}`);
    if (input.phrase.words.length === 1 && fields.some(asked)) continue;
    // "a date range (start date and end date)": the parts are the inputs; "the days left with the days
    // requested": both are; "the client details (name, email, phone)": the parts of what names no field.
    const pushParts = () => {
      for (const [at, column] of (input.columns ?? []).entries()) {
        const part = fieldOf(column, input.phrase.start + (at + 1) / 100, false);
        if (part && !fields.some((known) => known.key === part.key)) fields.push(part);
      }
    };
    const several = input.list === true || severalSaid(reading.tokens, input.phrase);
    let field = fieldOf(input.phrase, input.phrase.start, several, input.among);
    if (!field) {
      const whole = input.phrase.pasted || NOUN_CLASSES.containers.has(input.phrase.head);
      if (reading.tokens[input.phrase.end]?.text === '(' && !whole) pushParts();
      continue;
    }
    // "travel dates (from and to)", "the hire dates (start and end)": two dates, each given.
    const range = reading.tokens
      .slice(input.phrase.end, input.phrase.end + 5)
      .map((t) => t.lower)
      .join(' ');
    // "the dates they rented", "the dates she stayed": a span, given by where it starts and ends
    // ("the dates they were late" are days, each its own).
    const said = reading.tokens.slice(input.phrase.start, input.phrase.end + 2);
    const lasted = said.some((t) => /^(?:rent|stay|live|lease|travel|hire|occupy)$/.test(t.lemma));
    // "the travel dates", "their leave dates": the dates of a stretch of time are where it starts and ends.
    const stretch = input.phrase.words.length === 2 && STRETCHES.test(input.phrase.words[0]!);
    const span = (lasted && said.some((t) => t.pos === 'PRON')) || stretch;
    const bracketed = /^\( (from|start) and (to|end) \)/.exec(range);
    const ends = bracketed ?? (span ? ['', 'start', 'end'] : null);
    if (ends && field.kind === 'list' && field.itemKind === 'date') {
      const base = [...input.phrase.words.slice(0, -1), input.phrase.head].join(' ');
      for (const [at, end] of [ends[1]!, ends[2]!].entries())
        fields.push(
          makeField(
            snakeCase(bracketed ? `${base} ${end}` : `${stretch ? input.phrase.words[0] : ''} ${end} date`),
            'date',
            'date',
            input.phrase.start + at / 10,
          ),
        );
      continue;
    }
    // "translate a customer email", "proofread our catalogue intro": what is rewritten is a text,
    // and an email so worked on is its text, not an address.
    const verb = input.marker.replace('verb:', '');
    const rewritten = WORKS_ON.has(verb) && !VERB_CLASSES.compute.has(verb) && !VERB_CLASSES.check.has(verb);
    // "sort incoming emails into…": each run sorts one message's text, not a list of addresses.
    const messages = field.kind === 'list' && field.itemKind === 'email';
    // "I'll paste the email they sent": an email pasted or forwarded is its text.
    const pasted = pastedIn(reading.tokens, input.phrase, verb);
    const message =
      (field.kind === 'email' || messages) && (WORKS_ON.has(verb) || pasted || messageEmail(input.phrase));
    // "i paste the resume": what is pasted arrives as one block of text; "I'll paste the
    // appointments as text": a list too, when the person says so.
    const asText =
      reading.tokens[input.phrase.end]?.lower === 'as' && reading.tokens[input.phrase.end + 1]?.lower === 'text';
    const columned =
      input.columns?.length || reading.tokens.slice(input.phrase.end, input.phrase.end + 6).some((t) => t.text === '(');
    const block = pasted && heldAsText(field.kind, field.head, asText || !columned);
    if (message || block || (field.kind === 'string' && rewritten && !input.list))
      field = { ...field, kind: 'text', itemKind: undefined };
    const columns = (input.columns ?? []).flatMap(
      (column, at, all) => fieldOf({ ...column, plural: false }, at, false, all.length) ?? [],
    );
    if (columns.length > 0 && (field.kind === 'list' || input.list))
      field = { ...field, kind: 'rows', columns, itemKind: undefined };
    else if (columns.length > 0) {
      pushParts();
      if (reading.tokens[input.phrase.end]?.text === '(') continue;
    }
    // "There are three levels (beginner, intermediate and advanced) … the student's name and level":
    // a choice told about a thing is the choice of the input that names it.
    const choice =
      reading.choices.find((c) => c.about?.start === input.phrase.start && !c.categories) ??
      reading.choices.find((c) => !c.categories && c.about?.head === input.phrase.head && c.about.plural);
    if (choice) field = { ...field, kind: 'enum', enumValues: choice.values.map(choiceValue) };
    // "read a customer complaint … I'll paste in the complaint": the second names the first again.
    const again =
      reading.tokens[input.phrase.start - 1]?.lower === 'the' &&
      fields.some((known) => known.key.endsWith(`_${field.key}`));
    if (!again && !fields.some((known) => known.key === field.key)) fields.push(field);
    else if (!again) ownedTwice(reading, fields, field);
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
          enumValues: choice.values.map(choiceValue),
        }),
      );
    // "…, and whether it's phone, video or onsite", "room number, checkout or stayover": a choice in a
    // list of inputs that names no thing is named by its values ("Phone, video or onsite").
    const opener = reading.tokens[choice.start - 1];
    // "…, and whether it's phone, video or onsite", "whether they need a laptop or a desktop".
    const whether = reading.tokens
      .slice(Math.max(0, choice.start - 5), choice.start)
      .some((t) => t.lower === 'whether');
    const before = whether ? 'whether' : (opener?.lower ?? '');
    const unnamed = !choice.about && !choice.categories && choice.values.length <= 4;
    if (
      unnamed &&
      /^(?:[,:()-]|and|whether)$/.test(before) &&
      choice.values.every((v) => !v.includes(' ') || /^(?:in|on|by) \S+$/.test(v))
    ) {
      const values = choice.values.map((v) => v.toLowerCase());
      const key = snakeCase(choiceName(values) ?? `${values.slice(0, -1).join(' ')} or ${values.at(-1)!}`);
      if (!fields.some((f) => f.kind === 'enum' && f.enumValues?.join() === values.join()))
        fields.push(makeField(key, 'enum', values.at(-1)!, choice.start, { enumValues: values }));
      continue;
    }
    // "which team they're in (U12, U14, U16)": the values of a thing already asked for are its choices.
    // ("invoice number, …, reminder number (1st/2nd/final)": the field the choice follows, before one of its name.)
    const own = fields.find((f) => f.position === choice.about?.start);
    const named = fields.find((f) => f.head === choice.about?.head && f.kind === 'string' && !choice.about.plural);
    const asked = own ? (own.kind === 'string' ? own : undefined) : named;
    if (asked && !choice.categories) Object.assign(asked, { kind: 'enum', enumValues: choice.values.map(choiceValue) });
    if (choice.categories || !choice.about || fields.some((f) => f.position === choice.about!.start)) continue;
    if (choice.about.plural && fields.some((f) => f.head === choice.about!.head && f.kind === 'enum')) continue;
    // "flag any clauses about termination, liability or auto-renewal": what is found, not a choice to give;
    // a kind of what is made or visited is given (language/kind-choices.ts).
    const madeThing = reading.outputs.some((p) => p.start === choice.about!.start);
    const kind = madeThing && kindChosen(reading.tokens, choice);
    if (kind && !fields.some((f) => f.key === kind.key))
      fields.push(makeField(kind.key, 'enum', 'type', choice.start, { enumValues: kind.values }));
    if (madeThing) continue;
    // "the format: conference or workshop", "team (Support, Sales)": a choice names a value, and no person.
    const field =
      fieldOf(choice.about, choice.about.start, false) ??
      ((VAGUE.has(choice.about.head) ||
        (PEOPLE.has(choice.about.head) && reading.tokens[choice.about.end]?.text === '(')) &&
      choice.about.words.length === 1
        ? makeField(choice.about.head, 'enum', choice.about.head, choice.about.start)
        : undefined);
    // ("whether the room is single or double": which kind of room it is.)
    if (field && whetherIs(reading.tokens, choice.about))
      Object.assign(field, { key: `${field.key}_type`, title: `${field.title} type` });
    if (field && !fields.some((f) => f.key === field.key))
      fields.push({ ...field, kind: 'enum', enumValues: choice.values.map(choiceValue) });
  }
  // "Write a thank-you email to a new donor": with nothing else given, the one a message is for is named.
  const recipient = reading.phrases.find(
    (p) => PEOPLE.has(p.head) && !p.plural && /^(?:to|for)$/.test(p.before?.lower ?? ''),
  );
  if (fields.length === 0 && recipient && reading.outputs.some((made) => deliverableOf(made)?.draft))
    fields.push(makeField(snakeCase(`${recipient.head} name`), 'string', 'name', recipient.start));
  // "appt date, time", "the date, departure and return times": beside a date of its own, the time of
  // an appointment is its time of day; "their appointment time" alone is a moment, a date and time.
  // "the start and end time of the outage": with no date asked, the time of a happening is a moment too.
  const dated = fields.some((f) => f.kind === 'date');
  const ofHappening = timesOfThings(reading.tokens);
  for (const field of fields) {
    const timeOfDay = /(?:^|_)time$/.test(field.key) && !field.key.endsWith('date_time');
    if (dated && field.kind === 'datetime' && timeOfDay) field.kind = 'time';
    const happening = ofHappening.some((at) => field.position <= at && field.position > at - 5);
    if (!dated && field.kind === 'time' && happening) field.kind = 'datetime';
  }
  return fields
    .sort((a, b) => a.position - b.position)
    .map((field) => ({ ...field, title: field.title || sentenceCase(field.key) }));
}

/** "their website, our website", "the buyer's email, the seller's email": two of one thing, told apart by whose each is. */
function ownedTwice(reading: Reading, fields: Field[], field: Field): void {
  const same = fields.find((known) => known.key === field.key)!;
  const [first, second] = [whoseAt(reading.tokens, same.position), whoseAt(reading.tokens, field.position)];
  if (!first || !second || first === second || field.position - same.position > 6) return;
  Object.assign(same, { key: `${first}_${same.key}`, title: sentenceCase(`${first} ${same.key}`) });
  fields.push({ ...field, key: `${second}_${field.key}`, title: sentenceCase(`${second} ${field.key}`) });
}
