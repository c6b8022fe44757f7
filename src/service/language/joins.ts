/**
 * Noun phrases that name one thing together: "the email of a colleague", "the date the sale ends",
 * "the number of bedrooms and bathrooms".
 */
import { conceptOf } from '../../contract/field-concepts';
import { EVENT_NOUNS, MODIFIERS, NOUN_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import { DETERMINERS, type Token } from './retag';
import { PAST_PARTICIPLE } from './phrase-concept';

/** Concept words that name an attribute of something, not a thing: "the email of a colleague". */
const ATTRIBUTE =
  /^(?:email|website|date|phone|address|name|firstname|lastname|fullname|number|reference|postcode|city|text|wording)$/;

const owning = (word: Token) => DETERMINERS.has(word.lower) || MODIFIERS.possessives.has(word.lower);

/** "the email of a colleague" is the colleague's email, "the date of the meeting" the meeting date. */
export function joinPhrases(tokens: Token[], found: Phrase[]): Phrase[] {
  const kept: Phrase[] = [];
  for (const phrase of found) {
    const attribute = kept.at(-1);
    const between = attribute ? tokens.slice(attribute.end, phrase.start) : [];
    // ("a patient's date of birth": what the owner has is the attribute, and the owner stays first.)
    const [owner, own] = attribute
      ? [attribute.words.slice(0, attribute.owner ?? 0), attribute.words.slice(attribute.owner ?? 0)]
      : [[], []];
    const concept = attribute && conceptOf(own.length === 1 ? attribute.head : own.join(' '));
    const dated = /^date/.test(concept?.kind ?? '');
    const next = tokens[phrase.end];
    // "the date the lease was signed", "the date it was paid": a passive event names the date by its
    // participle; "the date the rent was due" by what was said of it.
    const said = tokens[phrase.end + 1]?.lower ?? '';
    const passive = next?.pos === 'AUX' && (PAST_PARTICIPLE.test(said) || /^(?:due|overdue|ready|open)$/.test(said));
    const verb = passive
      ? tokens[phrase.end + 1]!.lower
      : next?.pos === 'VERB' && /s$/.test(next.lower)
        ? next.lemma
        : undefined;
    const listedNext = phrase.words.length === 1 && between.length === 1 && /^(?:and|or)$/.test(between[0]!.lower);
    const misread = phrase.words.length >= 2 && phrase.plural && /^(?:[.,;]|and|or)?$/.test(next?.lower ?? '');
    if (
      concept &&
      // ("the cost of parts" is the parts cost.)
      (ATTRIBUTE.test(concept.word) ||
        (own.length === 1 &&
          /^(?:cost|price|fee|value|length|width|height|weight|size)$/.test(attribute!.head) &&
          !phrase.words.includes('per'))) &&
      // ("a link to my portfolio" is the portfolio link.)
      (between[0]?.lower === 'of' ||
        (between[0]?.lower === 'to' && concept.kind === 'uri' && phrase.words.length === 1)) &&
      between.slice(1).every(owning)
    )
      kept[kept.length - 1] = {
        ...attribute!,
        // ("the dates of the services" are the service dates: the plural is said once.)
        words: [
          ...owner,
          ...(attribute!.plural && phrase.plural ? [...phrase.words.slice(0, -1), phrase.head] : phrase.words),
          ...own,
        ],
        end: phrase.end,
        // ("the cost of any extra repairs": there may be none of what it is of.)
        optional: attribute!.optional || phrase.optional,
      };
    // "the notes from the exit interview", "feedback from the interview": a text is named by where it
    // comes from; "that letter from the tenant's name, …", "within policy from the category, the
    // amount…" is written from values.
    else if (
      concept?.kind === 'text' &&
      between[0]?.lower === 'from' &&
      !(
        next?.lower === 'and' ||
        (next?.text === ',' && /^(?:DET|NOUN|ADJ)$/.test(tokens[phrase.end + 1]?.pos ?? ''))
      ) &&
      between.slice(1).every((t) => DETERMINERS.has(t.lower)) &&
      phrase.words.length <= 2 &&
      phrase.owner === undefined &&
      !ATTRIBUTE.test(phrase.head) &&
      !NOUN_CLASSES.people.has(phrase.head) &&
      !phrase.plural
    )
      kept[kept.length - 1] = { ...attribute!, words: [...phrase.words, ...attribute!.words], end: phrase.end };
    // "an optional note on dietary requirements", "a few words on their strengths": a note about a
    // thing is the thing's, as one text; "a few notes about the house" are the house notes.
    else if (
      attribute !== undefined &&
      (attribute.words.length === 1 ||
        (attribute.words.length === 2 && /^(?:few|short|brief)$/.test(attribute.words[0]!))) &&
      /^(?:note|comment|remark|word|line|sentence|paragraph)$/.test(attribute.head) &&
      /^(?:on|about)$/.test(between[0]?.lower ?? '') &&
      between.slice(1).every(owning)
    )
      kept[kept.length - 1] =
        conceptOf(phrase.head) === undefined && !phrase.plural && !NOUN_CLASSES.people.has(phrase.head)
          ? { ...attribute, words: [...phrase.words, attribute.words.at(-1)!], end: phrase.end, plural: false }
          : {
              ...phrase,
              start: attribute.start,
              before: attribute.before,
              optional: attribute.optional,
              plural: false,
            };
    // "the date the sale ends", "the day the contract starts": the event names the date (the tagger
    // often reads "ends" as a plural noun).
    // "the date their membership expires" is its expiry date.
    else if (attribute && dated && between.length === 1 && owning(between[0]!) && (verb || misread)) {
      const done = verb ?? phrase.words.at(-1)!.slice(0, -1);
      const event = [...phrase.words.slice(0, verb ? undefined : -1), EVENT_NOUNS[done] ?? done];
      const end = phrase.end + (passive ? 2 : verb ? 1 : 0);
      kept[kept.length - 1] = { ...attribute, words: [...event, ...attribute.words], end };
    }
    // "the stock on hand", "the total on order", "workers on site": a bare noun after "on", "in" or
    // "at" says which of an amount, as one phrase ("notes on paper" stay notes).
    else if (
      attribute &&
      between.length === 1 &&
      /^(?:on|in|at)$/.test(between[0]!.lower) &&
      /^(?:NOUN|ADJ)$/.test(tokens[attribute.end - 1]?.pos ?? '') &&
      /^(?:number|integer)$/.test(conceptOf(attribute.head)?.kind ?? '') &&
      phrase.words.length === 1 &&
      !phrase.plural &&
      /^[a-z]+$/.test(tokens[phrase.start]?.text ?? '') &&
      !NOUN_CLASSES.units.has(phrase.head) &&
      !NOUN_CLASSES.languages.has(phrase.head)
    )
      kept[kept.length - 1] = {
        ...attribute,
        words: [...attribute.words, between[0]!.lower, phrase.head],
        end: phrase.end,
      };
    // "the reason for referral", "the reason for leaving": a reason is named by what it is for.
    else if (
      attribute?.words.length === 1 &&
      /^(?:reason|purpose|cause|grounds)$/.test(attribute.head) &&
      between[0]?.lower === 'for' &&
      between.slice(1).every((t) => /^(?:the|a|an|their|this)$/.test(t.lower)) &&
      phrase.words.length <= 2
    )
      kept[kept.length - 1] = { ...attribute, words: [...attribute.words, 'for', ...phrase.words], end: phrase.end };
    // "the appointment date and time", "date & time": one moment, given as one date and time.
    else if (attribute?.head === 'date' && !attribute.plural && phrase.words.join() === 'time' && listedNext)
      kept[kept.length - 1] = {
        ...attribute,
        words: [...attribute.words, 'and', 'time'],
        head: 'time',
        end: phrase.end,
      };
    // "the number of bedrooms and bathrooms": the count goes on to the next plural.
    else if (attribute?.words.join(' ').startsWith('number of ') && phrase.plural && listedNext)
      kept.push({ ...phrase, words: ['number', 'of', ...phrase.words] });
    else kept.push(phrase);
  }
  // "the reason for leaving", "the reason for transfer": what a reason is for, though no noun phrase.
  for (const [k, phrase] of kept.entries()) {
    const word = tokens[phrase.end + 1];
    const free = (kept[k + 1]?.start ?? Infinity) > phrase.end + 1;
    if (phrase.words.length === 1 && phrase.head === 'reason' && tokens[phrase.end]?.lower === 'for' && free && word)
      if (/^[a-z]+$/.test(word.text) && !/^(?:DET|PRON|ADP)$/.test(word.pos))
        kept[k] = { ...phrase, words: [...phrase.words, 'for', word.lower], end: phrase.end + 2 };
  }
  // "hours worked this week", "tickets closed today", "days taken so far": a participle after a
  // plural says which of them, and the time it is counted over goes with it.
  for (let k = 0; k < kept.length; k++) {
    const phrase = kept[k]!;
    // ("tax already paid", "days already taken": what was done so far, said with "already".)
    const already = tokens[phrase.end]?.lower === 'already' ? 1 : 0;
    const done = tokens[phrase.end + already];
    if (!(phrase.plural || already) || done?.pos !== 'VERB' || !PAST_PARTICIPLE.test(done.lower)) continue;
    const after = tokens[done.index + 1]?.lower ?? '.';
    if (!/^(?:[,.;)]|and|or|this|last|so|today|per|each)$/.test(after) && !(already && after === '(')) continue;
    const said = already ? ['already', done.lower] : [done.lower];
    kept[k] = { ...phrase, words: [...phrase.words, ...said], end: done.index + 1 };
    const period = kept[k + 1];
    if (period && period.start <= done.index + 2 && NOUN_CLASSES.units.has(period.head)) {
      kept[k] = { ...kept[k]!, end: period.end };
      kept.splice(k + 1, 1);
    }
  }
  // "their total sales this month and their tier": the time a value is counted over goes with it,
  // so the list goes on past it.
  for (let k = 0; k < kept.length - 1; k++) {
    const [phrase, period] = [kept[k]!, kept[k + 1]!];
    const counted = /^(?:this|last|next)$/.test(tokens[phrase.end]?.lower ?? '') && period.start === phrase.end + 1;
    // ("total tips for the night and the staff list": an amount for a stretch of time, the same.)
    const over =
      tokens[phrase.end]?.lower === 'for' &&
      /^(?:the|this|each)$/.test(tokens[phrase.end + 1]?.lower ?? '') &&
      period.start === phrase.end + 2 &&
      (/^(?:number|integer)$/.test(conceptOf(phrase.head)?.kind ?? '') || /^(?:total|average)$/.test(phrase.words[0]!));
    const stretch =
      NOUN_CLASSES.units.has(period.head) || /^(?:night|evening|shift|weekend|session|term)$/.test(period.head);
    if ((counted || over) && period.words.length === 1 && stretch && !phrase.fixed) {
      kept[k] = { ...phrase, end: period.end };
      kept.splice(k + 1, 1);
    }
  }
  // "areas to improve", "topics to cover": what a list of things is for names it.
  for (const [k, phrase] of kept.entries()) {
    const [to, verb, after] = [tokens[phrase.end], tokens[phrase.end + 1], tokens[phrase.end + 2]];
    const closes =
      (after === undefined || /^(?:[,.;)]|and|or)$/.test(after.lower)) && !NOUN_CLASSES.people.has(verb?.lower ?? '');
    // ("route requests to support, finance or legal" names where they go.)
    const routed =
      phrase.before?.pos === 'VERB' || tokens.slice(phrase.end + 2, phrase.end + 6).some((t) => t.lower === 'or');
    if (phrase.plural && to?.lower === 'to' && verb?.pos === 'VERB' && verb.lemma === verb.lower && closes && !routed)
      kept[k] = {
        ...phrase,
        words: [...phrase.words, 'to', verb.lower],
        head: `${phrase.head} to ${verb.lower}`,
        end: phrase.end + 2,
      };
  }
  // "flag the ones that expire", "post the late ones", "sort each one": "one" stands for the things
  // named last, or for what the list named last holds ("the shipment list … the late ones").
  for (const [k, phrase] of kept.entries()) {
    if (!/^ones?$/.test(phrase.words.at(-1) ?? '')) continue;
    const named = kept
      .slice(Math.max(0, k - 6), k)
      .findLast((p) => (p.plural && !NOUN_CLASSES.identifying.has(p.head)) || NOUN_CLASSES.containers.has(p.head));
    const things =
      named && NOUN_CLASSES.containers.has(named.head) ? named.words.slice(-2, -1) : named?.words.slice(-1);
    if (things?.length)
      kept[k] = { ...phrase, words: [...phrase.words.slice(0, -1), ...things], head: things[0]!.replace(/s$/, '') };
  }
  return kept;
}
