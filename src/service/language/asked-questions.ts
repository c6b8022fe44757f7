/**
 * A question listed among the inputs names one: ", who their manager is", "and which team they're
 * joining", ", why they're leaving", "what time we leave school", "what they need to bring".
 */
import { MODIFIERS, NOUN_CLASSES, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { snakeCase } from '../lib/text-case';
import type { Choice } from './choices';
import { choiceValue } from './value-words';
import { listedQuestion } from './markers';
import { DETERMINERS, type Token } from './parse';
import { isEnglish } from './respell';
import { needsTo, tellsYou } from './verbs';

/** What a listed question asks for: its key, the kind of value, the noun it is of. */
interface Asked {
  key: string;
  kind: 'string' | 'enum' | 'list' | 'text' | 'time' | 'date';
  head: string;
  extra?: { enumValues?: string[]; itemKind?: 'string' };
}

/**
 * "How many guests are coming and what time does the party start? Use that to draft a quote.": a
 * question whose answer the next sentence works from is one the person answers.
 */
export function answeredForUse(tokens: Token[], at: number): boolean {
  const end = tokens.slice(at, at + 40).find((t) => /^[.!?]$/.test(t.text));
  const [verb, object] = [tokens[(end?.index ?? NaN) + 1], tokens[(end?.index ?? NaN) + 2]];
  return (
    end?.text === '?' &&
    /^(?:use|using|from|with|given|then)$/.test(verb?.lower ?? '') &&
    /^(?:that|this|these|those|them|it)$/.test(object?.lower ?? '')
  );
}

/** Verbs whose object is what the job answers: "tell me …", "work out …", "calculate …". */
const ANSWERS = new Set([...VERB_CLASSES.compute, 'tell', 'say', 'show', 'let', 'work', 'figure']);

/**
 * "tell me how much is left and whether we are over budget", "work out the total seeds and how many
 * packets to buy": a clause joined to what a bidden verb of telling or working out asks is answered
 * by the job too, unless what it is given comes between ("work it out from the rate and whether …").
 * A yes-or-no clause (`question`) is answered only beside another question ("how much … and whether").
 */
export function answeredByJob(tokens: Token[], at: number, question: boolean): boolean {
  let asked = false;
  for (let i = at - 1; i >= 0 && i > at - 25; i--) {
    const t = tokens[i]!;
    // ("… and tell you the name and how many stars": what the person tells the job is given.)
    if (
      /^[.!?;:(+]$/.test(t.text) ||
      MODIFIERS.inputMarkers.has(t.lower) ||
      VERB_CLASSES.takes.has(t.lemma) ||
      tellsYou(tokens, t)
    )
      return false;
    asked ||= /^(?:how|what|which|whether)$/.test(t.lower);
    const bidden = i === 0 || /^(?:[,—–-]|and|then|please|pls|to|can|could|just)$/.test(tokens[i - 1]!.lower);
    if (t.pos === 'VERB' && bidden) return ANSWERS.has(t.lemma) && (asked || !question);
  }
  return false;
}

/**
 * ", who their manager is", "and which team they're joining", ", why they're leaving": a question
 * in a list of inputs names one: the noun it asks about, or the reason.
 */
export function askedQuestion(tokens: Token[], choices: Choice[], token: Token): Asked | undefined {
  // ("fill in what time we leave": the verb with its particle.)
  const particle = tokens[token.index - 1]?.lower === 'in' ? tokens[token.index - 2] : undefined;
  const verb = tokens[token.index - 1];
  // ("Say which parcels are overweight": bidden, the question is what the job answers.)
  const bidden =
    verb?.pos === 'VERB' && !/^(?:,|and|to|i|we|'d|’d|'ll|’ll)$/.test(tokens[token.index - 2]?.lower ?? '');
  const listed = /^(?:fill|put|type)$/.test(particle?.lemma ?? '') || (!bidden && listedQuestion(tokens, token));
  if (!/^(?:who|which|what|why|where)$/.test(token.lower) || !listed) return undefined;
  // (", which takes ages": "which" before its verb says more of what went before; it asks nothing.)
  if (token.lower === 'which' && /^(?:VERB|AUX)$/.test(tokens[token.index + 1]?.pos ?? '')) return undefined;
  // "… and which product is it about?": a question the job answers, not one the person does; "Could
  // you write it from …, what was covered, …?", read as "Write it from …?", asks politely.
  const sentenceEnd = tokens.slice(token.index).find((t) => /^[.!?]$/.test(t.text));
  const before = tokens.slice(Math.max(0, token.index - 40), token.index);
  const opening = before.findLast((t) => /^[.!?]$/.test(t.text))?.index ?? (token.index > 40 ? NaN : -1);
  const opener = tokens[opening + 1];
  const polite =
    /^(?:can|could|would|will)$/.test(opener?.lower ?? '') ||
    (opener?.pos === 'VERB' && VERBS.has(opener.lemma) && !/^(?:given|using|based)$/.test(opener.lower));
  if (sentenceEnd?.text === '?' && !polite && !answeredForUse(tokens, token.index)) return undefined;
  const clause = tokens.slice(token.index + 1, token.index + 7);
  const end = clause.findIndex((t) => /^(?:[,;.:!?]|and|or)$/.test(t.lower));
  const words = end < 0 ? clause : clause.slice(0, end);
  // "why they're leaving: resignation, retirement or end of contract": the choices that follow.
  const after = end < 0 ? undefined : clause[end];
  const choice =
    after?.text === ':' ? choices.find((c) => c.start > after.index && c.start <= after.index + 2) : undefined;
  const extra = choice ? { enumValues: choice.values.map(choiceValue) } : {};
  const kind = choice ? 'enum' : 'string';
  // ("shift swap: who, their shift date, …": "who" alone asks for the person's name.)
  if (token.lower === 'who' && words.length === 0) return { key: 'name', kind: 'string', head: 'name' };
  // ", where they're travelling to", "where it happened": a destination when the clause moves (an
  // origin when it moves from), a place when it tells what happens there; "where they heard of us" is neither.
  if (token.lower === 'where') {
    const moves = words.some((t) => /^(?:go|travel|head|fly|move|drive|sail|walk)$/.test(t.lemma));
    const from = tokens[token.index + words.length + 1]?.lower === 'from' || words.some((t) => t.lower === 'from');
    const there = words.some((t) =>
      /^(?:happen|occur|live|stay|park|meet|hold|take|find|lose|leave|see)$/.test(t.lemma),
    );
    // ("where on the body the tattoo goes", "where the key is": a place on a thing, or where it is.)
    const on = /^(?:on|in)$/.test(tokens[token.index + 1]?.lower ?? '');
    const is = !moves && words.some((t) => /^(?:is|are)$/.test(t.lower));
    const place = moves && !on ? (from ? 'origin' : 'destination') : there || on || is ? 'location' : undefined;
    return place ? { key: place, kind, head: place, extra } : undefined;
  }
  if (token.lower === 'why') {
    const doing = words.find((t) => t.pos === 'VERB');
    return doing ? { key: snakeCase(`reason for ${doing.lower}`), kind, head: 'reason', extra } : undefined;
  }
  // "who they're visiting", "who they report to", "who's interviewing": the person named by what
  // is done with them, and the word it is done with.
  const doing = words.findIndex((t) => t.pos === 'VERB');
  if (
    token.lower === 'who' &&
    doing >= 0 &&
    words.slice(0, doing).every((t) => /^(?:PRON|AUX|PART|ADV)$/.test(t.pos))
  ) {
    const particle = /^(?:ADP|PART)$/.test(words[doing + 1]?.pos ?? '') ? [words[doing + 1]!.lower] : [];
    // ("who logged it", "who is reporting it": the one who did it to the thing, "logged_by".)
    const verb = words[doing]!;
    if (/^(?:it|this|them)$/.test(words[doing + 1]?.lower ?? '')) {
      const past = verb.lower !== verb.lemma && !/(?:ing|s)$/.test(verb.lower);
      const done = past ? verb.lower : `${verb.lemma}${verb.lemma.endsWith('e') ? 'd' : 'ed'}`;
      return { key: `${done}_by`, kind, head: 'person', extra };
    }
    // ("who's hosting", "who's signing the card": the one doing it is named as a person, host or signer.)
    const agent = words.slice(0, doing).every((t) => t.pos === 'AUX') ? agentNoun(verb) : undefined;
    return { key: agent ?? snakeCase([verb.lower, ...particle].join(' ')), kind, head: 'person', extra };
  }
  const noun = words.find((t) => t.pos === 'NOUN' && !DETERMINERS.has(t.lower));
  // "which features they liked", "which apps they need": the things, a list of them.
  const many = noun !== undefined && !choice && token.lower === 'which' && /[^s]s$/.test(noun.lower);
  if (many) return { key: snakeCase(noun.lower), kind: 'list', head: noun.lemma, extra: { itemKind: 'string' } };
  // "what time we leave school", "what time we'll be back": a time named by what happens then.
  // ("what time we get home": after a light verb, where they get to.)
  const rest = words.slice(words.indexOf(noun!) + 1);
  const light = rest.findIndex((t, at) => /^(?:get|come|go)$/.test(t.lemma) && rest[at + 1]?.pos !== 'VERB');
  const happens = rest.slice(light + 1).find((t) => /^(?:VERB|ADV)$/.test(t.pos));
  // ("what time the coach leaves", read as two nouns: the last word is what happens.)
  const last = rest.at(-1)?.pos === 'NOUN' ? rest.at(-1)!.lower.replace(/s$/, '') : undefined;
  const when = noun && /^(?:time|date|day)$/.test(noun.lower) && (happens ?? last) && !choice;
  // (Named by what happens then, "leave_time", or by where they are then, "time_back".)
  const timeKey =
    happens?.pos === 'ADV' ? `${noun?.lower} ${happens.lower}` : `${happens?.lemma ?? last} ${noun?.lower}`;
  if (when) return { key: snakeCase(timeKey), kind: noun.lower === 'time' ? 'time' : 'date', head: noun.lemma };
  // ("who their line manager will be": the whole run of nouns.)
  if (noun) {
    let last = words.indexOf(noun);
    while (words[last + 1]?.pos === 'NOUN') last++;
    const run = [...words.slice(words.indexOf(noun), last).map((t) => t.lower), words[last]!.lemma];
    return { key: snakeCase(run.join(' ')), kind, head: words[last]!.lemma, extra };
  }
  // "what happened", "what's broken", "what got done": a clause about no thing is told in words;
  // "what they need to bring" is what to bring.
  const needed = words.findIndex((t) => needsTo(tokens, t.index));
  const said = (kept: Token[]) =>
    kept.map((t) => (/^['’]s$/.test(t.lower) ? 'is' : t.lower)).filter((w) => /^[a-z]+$/.test(w));
  // ("what they were calling about": past three words, who and the tense say nothing of it.)
  const all = said(words.slice(needed + 1));
  const told = all.length > 3 ? said(words.slice(needed + 1).filter((t) => !/^(?:PRON|AUX)$/.test(t.pos))) : all;
  if (token.lower !== 'what' || told.length === 0 || told.length > 3) return undefined;
  return { key: snakeCase(['what', ...told].join(' ')), kind: 'text', head: 'what' };
}

/**
 * The person who does what a verb in -ing says: a person noun of its own ("host"), else its -er
 * noun where English has one ("signer", "presenter", "runner"); none for coming and going.
 */
function agentNoun(verb: Token): string | undefined {
  if (!verb.lower.endsWith('ing') || /^(?:come|go|get|do|be|have)$/.test(verb.lemma)) return undefined;
  if (NOUN_CLASSES.people.has(verb.lemma)) return verb.lemma;
  const lemma = verb.lemma;
  const forms = lemma.endsWith('e') ? [`${lemma}r`] : [`${lemma}er`, `${lemma}${lemma.at(-1)}er`];
  return forms.find((form) => isEnglish(form));
}
