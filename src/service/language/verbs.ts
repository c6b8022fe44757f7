/**
 * Which verbs of a prompt ask for something: the verb that governs each position, verbs that only
 * tell about what is given because they have a subject of their own, what a verb makes, and whether
 * the prompt tells its story before it asks.
 */
import { conceptOf } from '../../contract/field-concepts';
import { EVENT_NOUNS, MODIFIERS, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import type { Token } from './retag';

/** The word a date is named by for what happens on it: "expires" → expiry, "renewed" → renewal, "signed" stays. */
export const eventNoun = (verb: Token) => EVENT_NOUNS[verb.lemma] ?? verb.lower;

/** For each position, the verb that governs it: the last verb before it in the same sentence (one pass, so long prompts stay linear). */
export function governingVerbs(tokens: Token[]): (Token | undefined)[] {
  const verbs: (Token | undefined)[] = [];
  let last: Token | undefined;
  for (const token of tokens) {
    verbs.push(last);
    if (/^[.!?;]$/.test(token.text)) last = undefined;
    else if (token.pos === 'VERB') last = token;
  }
  return verbs;
}

/**
 * "how many games they played", "the hours she worked", "which I'll paste": a verb with a subject of
 * its own tells about what is given; it asks for nothing. "Can you calculate…" still asks.
 */
export function described(tokens: Token[], verb: Token): boolean {
  if (participleOfNoun(tokens, verb)) return true;
  const subject = subjectOf(tokens, verb);
  if (!subject) return false;
  // "Can you work out…", "could you please draft…": a request put as a question.
  return !(subject.lower === 'you' && tokens[subject.index - 1]?.pos === 'AUX');
}

/** "a therapist working out of a gym", "staff handling returns": a verb in -ing says what its noun does. */
export const participleOfNoun = (tokens: Token[], verb: Token) =>
  /ing$/.test(verb.lower) &&
  /^(?:NOUN|PROPN)$/.test(tokens[verb.index - 1]?.pos ?? '') &&
  /^(?:ADP|DET|PRON|NOUN|ADJ)$/.test(tokens[verb.index + 1]?.pos ?? '');

/** "send a letter", "do a daily log", "write up a comparison", "ask for a rundown": what a verb makes. */
export const madeByVerb = (tokens: Token[], phrase: Phrase) => {
  const before = phrase.before;
  if (!before) return false;
  if (before.pos === 'VERB') return true;
  // "send them a confirmation", "send speakers a thank-you": whom it goes to stands between.
  if (/^(?:PRON|NOUN)$/.test(before.pos) && tokens[before.index - 1]?.pos === 'VERB') return true;
  return (
    before.pos === 'ADP' && tokens[before.index - 1]?.pos === 'VERB' && /^(?:up|out|together|for)$/.test(before.lower)
  );
};

/**
 * Whether the prompt tells a story before it asks: it opens with who is asking ("I manage…", "So
 * we're…") and no sentence of it opens with a verb that asks ("Make an invoice…").
 */
export function tellsStory(tokens: Token[]): boolean {
  return opensWithTeller(tokens) && firstBidding(tokens) === undefined;
}

function opensWithTeller(tokens: Token[]): boolean {
  const first = tokens.find((t) => t.pos !== 'PUNCT' && t.pos !== 'INTJ');
  return first !== undefined && (first.pos === 'PRON' || /^(?:so|okay|ok|background|basically)$/.test(first.lower));
}

/** Where the first sentence that opens with a verb that asks ("Make an invoice…") starts. */
const firstBidding = (tokens: Token[]) =>
  tokens.find((t, i) => t.pos === 'VERB' && VERBS.has(t.lemma) && (i === 0 || /^[.!?:;]$/.test(tokens[i - 1]!.text)))
    ?.index;

/**
 * For each token, whether it is in a sentence of the story a prompt tells before it asks: any such
 * sentence of a prompt that only tells, or one before the first bidding sentence ("I'm a paralegal at
 * a family law firm. Write the client care letter from…").
 */
export function storySentences(tokens: Token[]): boolean[] {
  if (!opensWithTeller(tokens)) return [];
  const bidding = firstBidding(tokens) ?? tokens.length;
  return tellingSentences(tokens).map((tells, at) => tells && at < bidding);
}

/** The word before a verb past up to three auxiliaries ("we can give", "they'd type"): where its subject stands. */
function beforeAuxiliaries(tokens: Token[], verb: Token): Token | undefined {
  let at = verb.index - 1;
  while (at > verb.index - 4 && /^(?:AUX|ADV|PART)$/.test(tokens[at]?.pos ?? '')) at--;
  return tokens[at];
}

/** The pronoun that does a verb ("we can give", "I'll paste"), past its auxiliaries; none for a verb bidden. */
export function subjectOf(tokens: Token[], verb: Token): Token | undefined {
  const subject = beforeAuxiliaries(tokens, verb);
  return subject && /^(?:i|we|they|he|she|it|you)$/.test(subject.lower) ? subject : undefined;
}

/** "we can give notice", "the tenant takes leave": a verb someone other than the person asking does. */
export function doneByOthers(tokens: Token[], verb: Token): boolean {
  const subject = beforeAuxiliaries(tokens, verb);
  return (
    /^(?:we|they|he|she|who)$/.test(subject?.lower ?? '') ||
    // ("the staff working", "the money taken" describe; "customers ring", "doors open" do.)
    (/^(?:NOUN|PROPN)$/.test(subject?.pos ?? '') && !(/(?:ing|en)$/.test(verb.lower) && verb.lower !== verb.lemma))
  );
}

/** "if I tell you the date", "and tell you the reviewer's name": what follows is told to the job. */
export const tellsYou = (tokens: Token[], verb: Token | undefined) =>
  verb?.lemma === 'tell' && tokens[verb.index + 1]?.lower === 'you';

/** "Guests often email before they arrive", "clients usually ask for…": what others, not we, are wont to do. */
export const othersAreWont = (tokens: Token[], verb: Token) =>
  doneByOthers(tokens, verb) &&
  subjectOf(tokens, verb)?.lower !== 'we' &&
  [...backInClause(tokens, verb, /^[.!?;]$/)].some((t) =>
    /^(?:often|usually|always|sometimes|regularly|frequently|normally|typically|generally)$/.test(t.lower),
  );

/**
 * "grade an essay and give feedback": a verb bidden, with no subject of its own nor one it shares
 * with a verb before it in its sentence ("I'll paste the email and give you their name").
 */
export function bare(tokens: Token[], verb: Token): boolean {
  // "…, so give the total too", "…, then send…": a clause of its own starts after "so" or "then".
  for (const token of [verb, ...backInClause(tokens, verb, /^(?:[.!?;]|so|then)$/)])
    if (token.pos === 'VERB' && (subjectOf(tokens, token) || doneByOthers(tokens, token))) return false;
  return true;
}

/**
 * The words before a verb, nearest first, back to where its clause starts (a word `ends` matches).
 * A clause a subject governs is short; looking no further than 24 words keeps a long prompt's reading linear.
 */
export function* backInClause(tokens: Token[], verb: Token, ends: RegExp): Generator<Token> {
  for (let at = verb.index - 1; at >= Math.max(0, verb.index - 24) && !ends.test(tokens[at]!.lower); at--)
    yield tokens[at]!;
}

/** What a doing follows when it does rather than describes: "keeps writing", "we're chasing". */
const DOING_AFTER = /^(?:keep|start|stop|spend|finish|avoid|begin|continue|hate|i|we|they|you)$/;

/**
 * "keeps writing damage reports", "we're chasing invoices", "and show net, VAT and gross": a verb
 * before a noun that does something, not a word that describes the noun ("closing prices").
 */
export function doing(tokens: Token[], token: Token): boolean {
  if (token.pos !== 'VERB') return false;
  const previous = tokens[token.index - 1];
  const subject = previous?.pos === 'AUX' ? tokens[token.index - 2] : previous;
  if (/ing$/.test(token.lower)) return DOING_AFTER.test(subject?.lemma ?? '');
  return previous?.lower === 'and' && VERBS.has(token.lemma) && conceptOf(token.lemma) === undefined;
}

/**
 * "We're a letting agency and when a tenant moves out we do an inspection…", "Our sales reps come
 * back with a pile of business cards.": the sentences of a story that only tell what happens, whose
 * every verb has a subject of its own and none gives or declares values. Their phrases are the
 * story's, not values each run is given. For each token, whether its sentence only tells.
 */
export function tellingSentences(tokens: Token[]): boolean[] {
  const telling: boolean[] = [];
  let start = 0;
  for (let end = 0; end <= tokens.length; end++) {
    if (end < tokens.length && !/^[.!?]$/.test(tokens[end]!.text)) continue;
    const sentence = tokens.slice(start, end + 1);
    // "five people covering email and chat": a participle after its noun describes it.
    const verbs = sentence.filter(
      (t) => t.pos === 'VERB' && !(/ing$/.test(t.lower) && /^(?:NOUN|PROPN)$/.test(tokens[t.index - 1]?.pos ?? '')),
    );
    // "We're a small vet practice with two surgeons…", "I'm a paralegal at a law firm": who is asking.
    const opener = sentence.find((t) => t.pos !== 'PUNCT');
    const self =
      /^(?:i|we|our|my)$/.test(opener?.lemma ?? '') &&
      (sentence.some((t) => t.pos === 'AUX') || /['’]m$/.test(opener?.lower ?? ''));
    const tells =
      (verbs.length > 0 || (self && sentence.every((t) => t.pos !== 'VERB'))) &&
      sentence.at(-1)?.text !== '?' &&
      // "It's usually weather, how many workers were on site, what got done…": a list lists values.
      !sentence.some((t) => t.text === ':') &&
      sentence.filter((t) => t.text === ',').length < 2 &&
      verbs.every(
        (v) =>
          !bare(tokens, v) &&
          !VERB_CLASSES.takes.has(v.lemma) &&
          // ("Before each job I'd love to get a site briefing": the person's wish asks.)
          !(/^(?:like|love|want)$/.test(v.lemma) && /^(?:i|we)$/.test(subjectOf(tokens, v)?.lower ?? '')) &&
          // ("we need to log the request": what is needed is a doing, no list of values.)
          (!(MODIFIERS.declares.has(v.lemma) || MODIFIERS.declares.has(v.lower)) ||
            tokens[v.index + 1]?.lower === 'to'),
      );
    for (const _ of sentence) telling.push(tells);
    start = end + 1;
  }
  return telling;
}

/** "…, work out the cost", "…, check where the order is": a verb after a comma, though the tagger called it a noun. */
export const opensClause = (tokens: Token[], t: Token) =>
  /^[,;:]$/.test(tokens[t.index - 1]?.text ?? '') &&
  (/^(?:ADP|DET|ADV)$/.test(tokens[t.index + 1]?.pos ?? '') ||
    /^(?:where|whether|if|what|how)$/.test(tokens[t.index + 1]?.lower ?? ''));

/** "an expense claim follows", "It needs name, …", "they give name, …": a verb after its subject. */
export const afterSubject = (verb: Token, previous: Token | undefined) =>
  /[^s]s$/.test(verb.lower)
    ? /^(?:NOUN|PROPN|PRON)$/.test(previous?.pos ?? '')
    : /^(?:i|we|you|they|he|she|someone|people)$/.test(previous?.lower ?? '');

/** "need to", "have to", "want to": what follows is what is to be done. */
export const needsTo = (tokens: Token[], at: number) =>
  /^(?:need|have|want)$/.test(tokens[at]?.lemma ?? '') && tokens[at + 1]?.lower === 'to';

/** "the notes I paste" are a pasted text; "a word limit I give you", "the rate I type in": what the person gives. */
export function handedOver(tokens: Token[], subject: number, verb: number): [boolean, boolean] {
  const lemma = tokens[verb]!.lemma;
  // ("the last day we can give notice", "a shipment I enter the count for": a verb with an object of its own.)
  // ("the deadline we give them": to others, not to the job.)
  const after = tokens[verb + 1];
  const object =
    /^(?:NOUN|PROPN|DET|ADJ|NUM)$/.test(after?.pos ?? '') || (after?.pos === 'PRON' && after.lower !== 'you');
  const person = /^(?:i|we)$/.test(tokens[subject]!.lower) && !object;
  const gives = /^(?:give|type|enter|input|provide|supply|upload|fill|put|attach|share|add)$/.test(lemma);
  return [/^(?:paste|copy|forward)$/.test(lemma), person && gives];
}

/** "after interviews I want a rejection email": a wish with its own object, no clause that says which. */
export const wants = (tokens: Token[], verb: number) =>
  /^(?:want|need|like)$/.test(tokens[verb]?.lemma ?? '') && /^(?:a|an|the)$/.test(tokens[verb + 1]?.lower ?? '');

/** "a formal or casual tone", "the disclosing or receiving party": a word that describes the noun after it. */
export const describes = (t: Token | undefined) =>
  t?.pos === 'ADJ' || (/^(?:VERB|NOUN)$/.test(t?.pos ?? '') && /(?:ing|ed)$/.test(t!.lower));

/**
 * "converted to EUR", "in USD": what a result is wanted in, said by the preposition before the word at
 * `at`; "everything is in GBP", "prices are all in euros" say what a thing is in.
 */
export function wantedIn(tokens: Token[], at: number): boolean {
  if (!/^(?:to|into|in)$/.test(tokens[at - 1]?.lower ?? '')) return false;
  let before = at - 2;
  while (tokens[before]?.pos === 'ADV' || tokens[before]?.lower === 'all') before--;
  return tokens[before]?.pos !== 'AUX';
}

/**
 * "work out whether an applicant meets…", "check if the room is free", "tell me if it is late": the
 * verb whose object is a yes-or-no question, its particle or the person told allowed between them.
 */
export function whetherAsker(tokens: Token[]): Token | undefined {
  for (const t of tokens) {
    if (!/^(?:whether|if)$/.test(t.lower)) continue;
    const previous = tokens[t.index - 1];
    const between = previous?.pos === 'ADP' || /^(?:me|us)$/.test(previous?.lower ?? '');
    const verb = between && tokens[t.index - 2]?.pos === 'VERB' ? tokens[t.index - 2] : previous;
    if (verb?.pos === 'VERB' && (t.lower === 'whether' || verb !== previous || /^(?:check|see)$/.test(verb.lemma)))
      return verb;
  }
  return undefined;
}

/** "work out whether an applicant meets…": a verb of working out (the whether-asker) that only checks. */
export const reckonsWhether = (asker: Token | undefined) =>
  asker && VERB_CLASSES.compute.has(asker.lemma) ? asker : undefined;

/**
 * "Could you check … if I tell you the date, how many guests we expect…?": for each token, whether a
 * verb of telling came before it in its sentence, so a question listed after it is one of what the
 * person gives, not what the job answers. ("Given the hours, how many staff…?" still asks.)
 */
export function toldBefore(tokens: Token[]): boolean[] {
  const told: boolean[] = [];
  for (let i = 0, on = false; i < tokens.length; i++) {
    const previous = tokens[i - 1];
    const telling = previous !== undefined && VERB_CLASSES.tells.has(previous.lemma) && previous.lower !== 'given';
    told[i] = on = previous !== undefined && !/^[.!?;]$/.test(previous.text) && (on || telling);
  }
  return told;
}

/** ", whether it's a burial or cremation, and the venue": a choice asked with "whether" among the inputs listed. */
export function whetherListed(tokens: Token[], first: Phrase): boolean {
  const whether = tokens.slice(Math.max(0, first.start - 4), first.start).find((t) => t.lower === 'whether');
  return whether !== undefined && /^(?:,|and)$/.test(tokens[whether.index - 1]?.lower ?? '');
}

/** "I'll say whether the price includes VAT", "we'll tell you whether it's a repeat": the person tells it. */
export function toldByPerson(tokens: Token[], whether: Token): boolean {
  const you = tokens[whether.index - 1]?.lower === 'you';
  const verb = tokens[whether.index - (you ? 2 : 1)];
  return (
    verb !== undefined &&
    VERB_CLASSES.personTells.has(verb.lemma) &&
    (verb.lemma !== 'tell' || you) &&
    /^(?:i|we)$/.test(subjectOf(tokens, verb)?.lower ?? '')
  );
}
