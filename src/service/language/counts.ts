/**
 * Counts and lengths a prompt asks for as questions: "how many days a week they can train",
 * "how many boxes fit on a pallet", "how long each session is (mins)". Read from tokens alone.
 */
import { conceptOf } from '../../contract/field-concepts';
import { DETERMINERS, type Token } from './retag';
import type { Choice } from './choices';

/** Spans of time counted in whole units: "how long off sick (days)", "days late". */
export const TIME_SPANS = /^(?:minutes|hours|days|weeks|months|years)$/;
/** States a span of time is counted in: "days late", "weeks remaining". */
export const TIME_STATES = /^(?:late|overdue|left|remaining|off|early|behind|ahead)$/;

/**
 * "how many days they've already taken" → "days_taken", "how many years she worked here" →
 * "years_worked": what the person did names the count; otherwise it is the number of its noun.
 */
export function countKey(tokens: Token[], last: Token): string {
  let at = last.index + 1;
  // ("how many overtime hours they worked": the nouns before the last name it too.)
  let first = last.index;
  while (tokens[first - 1]?.pos === 'NOUN' && !/s$/.test(tokens[first - 1]!.lower)) first--;
  const noun = {
    ...last,
    lower: tokens
      .slice(first, at)
      .map((t) => t.lower)
      .join('_'),
  };
  // "how many boxes fit on a pallet", "how many guests go at each table", "how many minutes to spend at
  // each stop", "how many hours to allow per room": a count for each of a thing.
  const from = tokens[at]?.lower === 'to' && tokens[at + 1]?.pos === 'VERB' ? at + 1 : at;
  const [verb, on] = tokens.slice(from, from + 2);
  const one = /^(?:a|an|each|one|every)$/.test(tokens[from + 2]?.lower ?? '') ? 1 : 0;
  const thing = tokens[from + 2 + one];
  // ("how many people to invite for a party" is no rate: after "to" and a verb, only "each" or "per" make one.)
  const perThing = on?.lower === 'per' && one === 0;
  const eachThing =
    one === 1 &&
    /^(?:on|in|into|at|for)$/.test(on?.lower ?? '') &&
    (from === at || /^(?:each|every)$/.test(tokens[from + 2]!.lower));
  if ((from > at || /^(?:fit|go)$/.test(verb?.lemma ?? '')) && (perThing || eachThing) && thing?.pos === 'NOUN')
    return `${noun.lower}_per_${thing.lemma}`;
  // "how many litres of oil it needs", "how many bags of compost": a measure of a thing.
  if (tokens[at]?.lower === 'of' && tokens[at + 1]?.pos === 'NOUN') return `${noun.lower}_of_${tokens[at + 1]!.lower}`;
  // "how many days a week they can train", "how many hours per month": a rate over a period.
  const [a, period] = tokens.slice(at, at + 2);
  if (/^(?:a|an|per|each)$/.test(a?.lower ?? '') && /^(?:day|week|month|year|fortnight)$/.test(period?.lower ?? ''))
    return `${noun.lower}_per_${period!.lower}`;
  // "how many days late", "how many nights remaining": what the count is of, said after it.
  if (TIME_STATES.test(tokens[at]?.lower ?? '')) return `${noun.lower}_${tokens[at]!.lower}`;
  // "how many days since purchase", "how many weeks until the wedding": counted from or to a thing.
  const [since, , after] = tokens.slice(at, at + 3);
  const thing2 = DETERMINERS.has(tokens[at + 1]?.lower ?? '') ? after : tokens[at + 1];
  if (/^(?:since|until|till|before|after)$/.test(since?.lower ?? '') && thing2?.pos === 'NOUN')
    return `${noun.lower}_${since!.lower}_${thing2.lower}`;
  // ("how many days the employee has left": a subject of an article and a noun, as a pronoun would be.)
  if (tokens[at]?.pos === 'DET' && tokens[at + 1]?.pos === 'NOUN' && tokens[at + 2]?.pos === 'AUX') at += 2;
  else if (tokens[at]?.pos !== 'PRON') return `number_of_${noun.lower}`;
  const helping = (t: Token | undefined) =>
    /^(?:PRON|AUX|PART|ADV)$/.test(t?.pos ?? '') ||
    (/^(?:have|has|had)$/.test(t?.lower ?? '') && tokens[t!.index + 1]?.pos === 'VERB');
  while (helping(tokens[at]) && at < noun.index + 5) at++;
  const done = tokens[at];
  // ("how many lessons they've bought": after "have", a verb that is not its own lemma is a participle.)
  const perfect = /^(?:'ve|’ve|have|has|had)$/.test(tokens[at - 1]?.lower ?? '');
  // (The tagger may read "given" there as a noun: its ending still says what it is.)
  const past =
    done !== undefined &&
    // ("how many stamps they have got": what they hold, not what was done to them.)
    ((perfect && !/^(?:got|gotten)$/.test(done.lower) && (done.pos === 'VERB' || /(?:ed|en|wn)$/.test(done.lower))) ||
      (done.pos === 'VERB' && done.lower !== done.lemma && /(?:ed|en)$/.test(done.lower)));
  return past ? `${noun.lower}_${done.lower}` : `number_of_${noun.lower}`;
}

/** "and how long each session is (minutes)": the length's key, whether one is given for each, and where its words end. */
export function lengthAsked(
  tokens: Token[],
  token: Token,
): { key: string; list: boolean; extra: { end: number; itemKind: 'number' } } | undefined {
  const listed = /^(?:,|and|with|given|for)$/.test(tokens[token.index - 2]?.lower ?? '');
  if (token.lower !== 'long' || tokens[token.index - 1]?.lower !== 'how' || !listed) return undefined;
  // "how long unwell (days)", "how long off sick (days)": a state, then the unit in brackets.
  const open = tokens.slice(token.index + 1, token.index + 4).find((t) => t.text === '(');
  const [unitWord, close] = open ? tokens.slice(open.index + 1, open.index + 3) : [];
  const state = open ? tokens.slice(token.index + 1, open.index) : [];
  if (
    state.length > 0 &&
    state.every((t) => /^(?:ADJ|VERB|ADV|ADP)$/.test(t.pos)) &&
    TIME_SPANS.test(unitWord?.lower ?? '') &&
    close?.text === ')'
  ) {
    const key = [unitWord!.lower, ...state.map((t) => t.lower)].join('_');
    return { key, list: false, extra: { end: close.index + 1, itemKind: 'number' } };
  }
  const [which, thing, is] = tokens.slice(token.index + 1, token.index + 4);
  if (
    !DETERMINERS.has(which?.lower ?? '') ||
    thing?.pos !== 'NOUN' ||
    !/^(?:is|lasts|takes|runs)$/.test(is?.lower ?? '')
  )
    return undefined;
  const unit = tokens
    .slice(thing.index + 2, thing.index + 5)
    .find((t) => /^(?:minutes|hours|days|weeks)$/.test(t.lower));
  // "each session": one length for each, as a list.
  const list = /^(?:each|every)$/.test(which!.lower);
  const key = [thing.lemma, list ? 'lengths' : 'length', unit?.lower].filter(Boolean).join('_');
  return { key, list, extra: { end: (unit?.index ?? is!.index) + 2, itemKind: 'number' } };
}

/**
 * "how much they gave", "how much is owed", "from what it cost": a clause naming an amount in a list
 * of inputs, and its key ("amount", "amount_owed", "cost").
 */
export function amountAsked(tokens: Token[], token: Token): string | undefined {
  const much = token.lower === 'much' && tokens[token.index - 1]?.lower === 'how';
  const verb = tokens[token.index + 2];
  if (!much && !(token.lower === 'what' && conceptOf(verb?.lemma ?? '')?.kind === 'number')) return undefined;
  // ("how much is owed" is the amount owed.)
  const passive = much && tokens[token.index + 1]?.pos === 'AUX';
  const listed = /^(?:,|and|with|given|from|using|:)$/.test(tokens[token.index - (much ? 2 : 1)]?.lower ?? '');
  if (!listed || verb?.pos !== 'VERB' || (tokens[token.index + 1]?.pos !== 'PRON' && !passive)) return undefined;
  return passive ? `amount_${verb.lower}` : much ? 'amount' : verb.lemma;
}

/**
 * "how many are vegetarian, vegan and gluten-free", "how many of them are vegetarian": a count of each
 * kind, named by its word.
 */
export function kindsCounted(tokens: Token[], token: Token): Token[] {
  if (token.lower !== 'many' || tokens[token.index - 1]?.lower !== 'how') return [];
  const of =
    tokens[token.index + 1]?.lower === 'of' && /^(?:them|those|these)$/.test(tokens[token.index + 2]?.lower ?? '');
  const aux = token.index + (of ? 3 : 1);
  if (tokens[aux]?.pos !== 'AUX') return [];
  const kinds: Token[] = [];
  let last = false;
  for (let at = aux + 1; at < aux + 15; at++) {
    const t = tokens[at];
    if (t && /^(?:NOUN|ADJ|PROPN)$/.test(t.pos) && (!last || tokens[at - 1]?.pos === 'CCONJ')) kinds.push(t);
    else if (t && /^(?:and|or)$/.test(t.lower) && !last) last = true;
    else if (t?.text !== ',' || last) break;
  }
  return (kinds.length >= 2 && last) || kinds.length === 1 ? kinds : [];
}

/** "the start and end time of the outage", "the times of the sessions": where a time is said to be of a thing. */
export const timesOfThings = (tokens: Token[]): number[] =>
  tokens
    .filter(
      (t, at) =>
        /^times?$/.test(t.lower) &&
        tokens[at + 1]?.lower === 'of' &&
        /^(?:the|its|their|this|that|each)$/.test(tokens[at + 2]?.lower ?? ''),
    )
    .map((t) => t.index);

/**
 * ", how often to water", "and how often they visit": the key of how often a thing is done, when the
 * question is listed among the inputs and no choice after it offers its values ("how often they want
 * visits (weekly or monthly)").
 */
export function frequencyAsked(tokens: Token[], token: Token, choices: readonly Choice[]): string | undefined {
  if (token.lower !== 'often' || tokens[token.index - 1]?.lower !== 'how') return undefined;
  if (!/^(?:,|and|:|given|with)$/.test(tokens[token.index - 2]?.lower ?? '')) return undefined;
  const offered = choices.some(
    (c) => c.start > token.index && c.start <= token.index + 6 && tokens[c.start - 1]?.text !== ',',
  );
  const done = tokens
    .slice(token.index + 1, token.index + 5)
    .find((t) => /^(?:VERB|NOUN)$/.test(t.pos) && !/^(?:want|need|like|would)$/.test(t.lemma));
  return done && !offered ? `${done.lemma}_frequency` : undefined;
}
