/**
 * The word that opens a list of phrases, which tells what the list is: "from", "given", "using" or
 * a verb that takes what follows; a colon or a verb of having that declares a list of inputs; and
 * units a value is converted between, which are no inputs at all.
 */
import { conceptOf } from '../../contract/field-concepts';
import { CHOICE_NAMES, MODIFIERS, NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import type { Enumeration } from './enumerations';
import { DETERMINERS, UNITS, type Phrase, type Token } from './parse';
import { rankedInMade } from './ranked';
import { handedTo } from './sent-to';
import { opensSentence } from './retag-joins';
import { backInClause, bare, doneByOthers, subjectOf, tellsYou } from './verbs';

const { takes: TAKES } = VERB_CLASSES;
const { inputMarkers: INPUT_MARKERS, declares: DECLARES } = MODIFIERS;
export function markerOf(tokens: Token[], first: Phrase): string {
  const before = first.before;
  if (!before) return '^';
  // "out of the notes" is from them; "an out of office reply" is a kind of reply.
  const outOf = tokens[before.index - 1]?.lower === 'out' && !DETERMINERS.has(tokens[before.index - 2]?.lower ?? '');
  if (before.lower === 'of' && outOf) return 'from';
  // "Ask for the postcode and the bin colour": what the person is bidden ask for is given ("couples ask
  // for a rundown" is what others want).
  const bidden = opensSentence(tokens, before.index - 1) || /^(?:,|and)$/.test(tokens[before.index - 2]?.lower ?? '');
  if (before.lower === 'for' && tokens[before.index - 1]?.lemma === 'ask' && bidden) return 'verb:ask';
  // "between two companies" says how many there are, not values to give; "between a start date and…" gives.
  if (before.lower === 'between' && tokens[first.start - 1]?.pos === 'NUM') return 'among';
  // "a badge showing their name, job title and company": what a made thing shows of someone is given.
  if (before.pos === 'VERB' && /^(?:show|display|feature|print)$/.test(before.lemma) && first.possessive)
    return 'given';
  // "On the first Monday of each month, …": a day is when the job runs, no value to give.
  if (before.lower === 'on' && CHOICE_NAMES.day?.has(first.head)) return 'when';
  // "their name - their role - …": a dash opens a list as a colon does.
  if (/^[-–—]$/.test(before.text)) return ':';
  // "tally up a list", "work out the fee", "come up with three lines": the particle goes with its verb.
  const particle = /^(?:up|out|in|through|over|down|together|into|back)$/;
  const verb = tokens[before.index - 1];
  if (/^(?:ADP|ADV)$/.test(before.pos) && verb?.pos === 'VERB' && particle.test(before.lower))
    return `verb:${verb.lemma}`;
  const phrasal = tokens[before.index - 2];
  if (before.pos === 'ADP' && phrasal?.pos === 'VERB' && particle.test(verb?.lower ?? ''))
    return `verb:${phrasal.lemma}`;
  // "I'll give you their name": the verb governs past the person it is for; "give me the total"
  // asks for what the job returns.
  // "I'll tell it the band and the venue": what the workflow is told is what it is given.
  if (
    before.lower === 'it' &&
    tokens[before.index - 1]?.pos === 'VERB' &&
    /^(?:tell|show)$/.test(tokens[before.index - 1]!.lemma)
  )
    return 'given';
  // "The inputs would be the start time, …", "The things that change each time are …": what they are is given.
  const subject = tokens.slice(Math.max(0, before.index - 6), before.index).map((t) => t.lower);
  const varies = subject.some((w) =>
    /^(?:inputs?|fields|details|columns|chang(?:e|es)|var(?:y|ies)|differs?)$/.test(w),
  );
  if (/^(?:be|is|are)$/.test(before.lower) && varies) return 'given';
  // "they tell me days per week", "customers give us their postcode": what others tell the person is
  // given; "tell me the total", bidden, or "every Friday send me…", is what the job returns.
  const teller = tokens[before.index - 1];
  const told = teller?.pos === 'VERB' && /^(?:tell|give|send)$/.test(teller.lemma) && doneByOthers(tokens, teller);
  // ("Couples tell us…": a plural that opens the sentence is people, however the tagger read its capital.)
  const sender = teller && tokens[teller.index - 1];
  const system = sender?.pos === 'PROPN' && !(opensSentence(tokens, sender.index) && /[^s]s$/.test(sender.lower));
  if (/^(?:me|us)$/.test(before.lower) && told && !system) return 'given';
  // "if I tell you the event date, …": what the person tells the job is given.
  if (before.lower === 'you' && tellsYou(tokens, teller) && byThePerson(tokens, teller!)) return 'given';
  if (/^(?:you|him|her|them|it)$/.test(before.lower) && tokens[before.index - 1]?.pos === 'VERB')
    return `verb:${tokens[before.index - 1]!.lemma}`;
  // "Send the tenant their balance, the due date and …": what is sent to someone is given.
  const listed = first.owner !== undefined || /^(?:,|and)$/.test(tokens[first.end]?.lower ?? '');
  if (handedTo(tokens, before) && listed) return 'given';
  return before.pos === 'VERB' && !INPUT_MARKERS.has(before.lower) ? `verb:${before.lemma}` : before.lower;
}

/** "from pounds to kilograms": a unit converted from or to. */
export const convertedUnit = (tokens: Token[], phrase: Phrase) =>
  UNITS.has(phrase.words.join(' ')) &&
  ((phrase.before?.lower === 'from' && /^(?:to|into)$/.test(tokens[phrase.end]?.lower ?? '')) ||
    (/^(?:to|into)$/.test(phrase.before?.lower ?? '') && UNITS.has(tokens[phrase.start - 2]?.lower ?? '')));

export function isInputMarker(tokens: Token[], group: Enumeration): boolean {
  const marker = markerOf(tokens, group.items[0]!);
  if (convertedUnit(tokens, group.items[0]!)) return false;
  return (
    INPUT_MARKERS.has(marker) ||
    (marker === 'with' && (group.items.length > 1 || group.items[0]!.possessive)) ||
    takes(tokens, marker, group.items[0]!) ||
    declared(marker, group, tokens)
  );
}

/** "I paste my notes and add…", "we log the unit number": the nearest who before a verb in its sentence is the person. */
function byThePerson(tokens: Token[], verb: Token): boolean {
  for (const token of backInClause(tokens, verb, /^[.!?;]$/))
    if (/^(?:i|we|it|they|he|she|you|who|which|that)$/.test(token.lower)) return /^(?:i|we)$/.test(token.lower);
  return false;
}

/**
 * "I'll give you their name": a verb of taking opens what is given, but "… and give feedback", bidden,
 * makes it; "I paste my notes and add the job title": a verb that gives only when the person does it.
 */
export function takes(tokens: Token[], marker: string, first: Phrase): boolean {
  const lemma = marker.replace('verb:', '');
  const doer = tokens.slice(Math.max(0, first.start - 6), first.start).findLast((t) => t.lemma === lemma);
  if (doer && VERB_CLASSES.personGives.has(lemma)) return byThePerson(tokens, doer);
  // "We get the client's name, email, the event date…": what the person receives, listed, is what they give;
  // "get back a summary", "I want to get a CSV" is what the job makes.
  const received = doer !== undefined && /^(?:get|receive)$/.test(lemma) && tokens[doer.index + 1]?.lower !== 'back';
  const subject = received ? subjectOf(tokens, doer) : undefined;
  // ("the date we got the job": a clause that tells which date.)
  const relative =
    subject !== undefined &&
    tokens[subject.index - 1]?.pos === 'NOUN' &&
    !/^(?:each|every|this|next|last)$/.test(tokens[subject.index - 2]?.lower ?? '');
  if (/^(?:i|we)$/.test(subject?.lower ?? '') && !relative && tokens[first.end]?.text === ',') return true;
  // "Give it the headline news, …", "Give page URL, primary keyword and the brand name": what the job is
  // given; "give it a score", "… and give feedback, a grade" is what it makes.
  const toJob =
    doer !== undefined && tokens[doer.index + 1]?.lower === 'it' && tokens[first.start - 1]?.lower === 'the';
  const opens = doer !== undefined && opensSentence(tokens, doer.index);
  // ("…, and give the client's first name": what names someone is theirs to give.)
  const named = first.owner !== undefined && NOUN_CLASSES.identifying.has(first.head);
  const given = toJob || named || (opens && tokens[first.end]?.text === ',' && conceptOf(first.head) !== undefined);
  return TAKES.has(lemma) && !(doer && VERB_CLASSES.makes.has(lemma) && bare(tokens, doer) && !given);
}

/** "Each row has a department, a budget and the spend", "the columns are SKU, name and price": a list after a colon or a verb of having is what is given. */
/** "the claim has a category (meal or hotel), an amount, …": a bracket after the first item goes on with the list. */
/** ("It needs garden size in square metres, how often …", as a list of values is read: it goes on past the unit.) */
export function declared(marker: string, group: Enumeration, tokens: Token[]): boolean {
  const end = group.items[0]!.end;
  const goesOn = marker === 'verb:need' && tokens.slice(end, end + 4).some((t) => t.text === ',');
  return (
    (group.items.length > 1 || tokens[end]?.text === '(' || goesOn) &&
    (marker === ':' || DECLARES.has(marker.replace('verb:', '')))
  );
}

/** ", what got done", "and which team they're joining", "say which", "with how much they owe": the word before a question listed among the inputs. */
const QUESTION_LISTERS = /^(?:,|and|with|using|given|from|:|say|choose|pick|tell|note|mention|enter|include)$/;

/**
 * The question word a phrase stands after in its clause ("…, what time we leave school"), looking
 * back at most `reach` words and never past a `stop`: a clause that names an input is a few words
 * long, and looking further back would cost long prompts dear.
 */
export function questionBefore(tokens: Token[], from: number, reach: number, stop: RegExp): Token | undefined {
  for (let k = from; k > 0 && k > from - reach && !stop.test(tokens[k]!.text); k--)
    if (/^(?:how|what|who|whether|which|when|where|why)$/.test(tokens[k]!.lower)) return tokens[k];
  return undefined;
}

/** A question listed among the inputs, told by the word before it; ", which I'll paste, …" is a clause that tells of what is before it. */
export function listedQuestion(tokens: Token[], question: Token): boolean {
  const opener = tokens[question.index - 1];
  const relative = question.lower === 'which' && tokens[question.index + 1]?.pos === 'PRON';
  if (!opener || relative) return false;
  return QUESTION_LISTERS.test(opener.lemma) || QUESTION_LISTERS.test(opener.lower);
}

/**
 * "with how much they owe, the due date they missed and the property address": a list of inputs may
 * open with a clause rather than a phrase; what follows it after a comma goes on with the list.
 * ("…, how many workers were on site, what got done, and any delays": a question listed among others.)
 */
export function afterAskedClause(tokens: Token[], first: Phrase): boolean {
  const question = questionBefore(tokens, (first.before?.index ?? 0) - 1, 16, /^[.!?;]$/);
  if (!question) return false;
  const opener = tokens[question.index - 1]!;
  return listedQuestion(tokens, question) || INPUT_MARKERS.has(opener.lower) || TAKES.has(opener.lemma);
}

/**
 * "for a warehouse order from the list of SKUs", "on an overdue invoice: amount, due date", "a
 * run-of-show for a conference day, given …", "the commission on a deal? Given …": what the job is
 * for, told by the inputs that follow, is no input of its own. After a comma, "with" goes on with the
 * inputs instead ("… for a grade level, with however many questions"). So is what a result is like, said
 * after its colon (describesResult).
 */
export function toldAfter(tokens: Token[], group: Enumeration, marker: string, previous?: Enumeration): boolean {
  const end = group.items.at(-1)!.end;
  const stop = /^[,?.]$/.test(tokens[end]?.text ?? '');
  const after = (stop ? tokens[end + 1]?.lower : tokens[end]?.lower) ?? '';
  const follows = stop ? /^(?:from|using|given|including)$/ : /^(?:with|from|using|given|including|:)$/;
  return (
    (/^(?:for|on|to|about)$/.test(marker) && follows.test(after)) ||
    (marker === ':' && describesResult(tokens, group, previous))
  );
}

/**
 * A phrase that is no input whatever opens it: a value the prompt states, a unit converted between
 * ("weight from pounds to kilograms"), a sender it names in capitals ("from the Talent Team"), or
 * what ranks first in a made thing ("a summary of the top complaints").
 */
export function noInput(tokens: Token[], phrase: Phrase, marker: string): boolean {
  const words = tokens.slice(phrase.start, phrase.end).filter((t) => !DETERMINERS.has(t.lower));
  // "from Acme", "from our bakery": who sends it is the writer ("from my notes" is a text to give).
  const own = /^(?:our|my)$/.test(tokens[phrase.start - 1]?.lower ?? '') && !phrase.plural;
  const place = own && !conceptOf(phrase.head) && !NOUN_CLASSES.containers.has(phrase.head);
  const sender = marker === 'from' && (words.every((t) => /^[A-Z][a-z]/.test(t.text)) || place);
  // "…, paid at time and a half", "charging $95 an hour": a participle alone says how, and names no value.
  const participle =
    words.length === 1 &&
    words[0]!.pos === 'VERB' &&
    /^(?:ADP|NUM|SYM)$/.test(tokens[phrase.end]?.pos ?? '') &&
    !conceptOf(words[0]!.lower);
  // "workers on site", "items in stock", "staff at work": a bare noun after a preposition says where or how.
  const idiom =
    words.length === 1 &&
    !phrase.plural &&
    /^(?:on|at|in)$/.test(tokens[phrase.start - 1]?.lower ?? '') &&
    /^[a-z]+$/.test(words[0]!.text) &&
    !conceptOf(words[0]!.lower);
  // "a company with two vans", "a practice with three vets": how many there are is said.
  const counted = marker === 'with' && tokens[phrase.start - 1]?.pos === 'NUM' && phrase.plural;
  const ranked = marker === 'of' && rankedInMade(tokens, phrase);
  return (
    phrase.fixed ||
    convertedUnit(tokens, phrase) ||
    sender ||
    participle ||
    idiom ||
    counted ||
    ranked ||
    ownNamed(tokens, words)
  );
}

/**
 * "our company (Brightwave Ltd)", "our director, Priya,": the writer's own thing and what it is
 * called are fixed, no value to give.
 */
function ownNamed(tokens: Token[], words: Token[]): boolean {
  const titled = (t: Token | undefined) => t !== undefined && /^(?:[A-Z][\w'.-]*|&)$/.test(t.text);
  const [first, last] = [words[0], words.at(-1)];
  if (!first || !last) return false;
  // "our company" itself, with its name just after it.
  const named = tokens[last.index + 2];
  if (/^(?:our|my)$/.test(tokens[first.index - 1]?.lower ?? '') && /^[(,]$/.test(tokens[last.index + 1]?.text ?? ''))
    return titled(named) && named!.pos === 'PROPN';
  // The name, after "our company (" or "our director, ".
  const opener = tokens[first.index - 1];
  if (!opener || !/^[(,]$/.test(opener.text) || !words.every(titled)) return false;
  const owned = tokens.slice(Math.max(0, opener.index - 4), opener.index);
  return (
    owned.some((t) => /^(?:our|my)$/.test(t.lower)) && owned.every((t) => t.pos !== 'VERB' && !/^[,.;:]$/.test(t.text))
  );
}

/**
 * "I'd like to enter the couple's names, …, and get back a warm reply with the price": once a verb of
 * giving has listed the inputs, a price or a total named with the thing made, after it, is worked out.
 */
export function madeWith(tokens: Token[], group: Enumeration, marker: string): boolean {
  // (Only what the job can work out itself: "with the amount due", "including their salary" are given.)
  const worked = /^(?:price|total|cost|fee|charge|estimate|quote|rate|percentage)$/.test(group.items[0]?.head ?? '');
  if (!/^(?:with|including)$/.test(marker) || group.items.length !== 1 || !worked) return false;
  const start = group.items[0]!.start;
  // (Back to the sentence's start, at most 80 words, so a long prompt stays linear.)
  for (let k = start - 1; k >= 0 && k > start - 80 && !/^[.!?]$/.test(tokens[k]!.text); k--)
    if (TAKES.has(tokens[k]!.lemma) && tokens[k]!.pos === 'VERB') return true;
  return false;
}

/**
 * With the inputs listed, a thing they describe is no input of its own: one named with "a" just before
 * the colon that opens them ("jars I'll get from a harvest: number of supers, …"), or one they name
 * by its parts ("an order from a café with the café name, …", "that their safety inspection is due:
 * …, the date of the last inspection"). `lemma` is the verb whose object it is, if any.
 */
export function describedByList(tokens: Token[], phrase: Phrase, lemma: string | undefined, marker: string): boolean {
  const opener = tokens[phrase.start - 1]?.lower ?? '';
  const wished = /^(?:need|want)?$/.test(lemma ?? '');
  if (/^(?:a|an)$/.test(opener) && wished && tokens[phrase.end]?.text === ':') return true;
  const head = tokens[phrase.end - 1]!;
  const parts = tokens
    .slice(phrase.end)
    .some((t) => t.lemma === head.lemma && (tokens[t.index + 1]?.pos === 'NOUN' || tokens[t.index - 1]?.pos === 'ADJ'));
  return /^(?:a|an|their)$/.test(opener) && parts && !lemma && marker !== 'given';
}

/**
 * "turn the addresses into a cleaned list: all lowercase, no duplicates": a colon after a result says
 * what the result is like, unless it lists values the result is made from ("into a packing slip:
 * order number, customer name, …").
 */
function describesResult(tokens: Token[], group: Enumeration, previous: Enumeration | undefined): boolean {
  const result = previous?.items.at(-1);
  return (
    result !== undefined &&
    /^(?:into|as)$/.test(result.before?.lower ?? '') &&
    tokens[result.end]?.text === ':' &&
    !group.items.some((p) => conceptOf(p.head) !== undefined)
  );
}
