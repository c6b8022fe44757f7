/**
 * "I'd like a suggested order list: …", "we need a short quality report with …", "each one wants an
 * impact report": after any background, the thing a person says they want is what the job makes,
 * wherever the sentence that asks for it stands. "I want that note turned into an apology email":
 * what it is turned into.
 */
import { MODIFIERS, NOUN_CLASSES, NOUN_OF_VERB, VERB_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import { PAST_PARTICIPLE } from './phrase-concept';
import type { Token } from './retag';

const WISH = /^(?:like|love|want|wants|need|needs)$/;
/** Who wishes: the person, or nobody said ("need a run sheet for …"); "whether they need a locker" is a value. */
const WISHER = /^(?:i|we|one|'d|’d|would|really|also|just|definitely|so|here|pls|please)$/;
const DOCUMENTS = /^(?:sheet|list|form|table|template|page|spreadsheet)$/;
const CHANGED = /^(?:turned|made|converted|changed|transformed|rewritten|written|drafted)$/;

const madeThing = (phrase: Phrase | undefined) =>
  phrase !== undefined &&
  // "a run sheet", "a pick list": a kind of sheet or list is a thing made ("a short list" says only how long).
  (!NOUN_CLASSES.vague.has(phrase.head) ||
    (phrase.words.filter((w) => !MODIFIERS.style.has(w) && !MODIFIERS.filler.has(w)).length >= 2 &&
      DOCUMENTS.test(phrase.head))) &&
  !NOUN_CLASSES.units.has(phrase.head) &&
  /[a-z]{2}/.test(phrase.head);

/** A phrase as a thing made, without what is said of it after it ("a message written for the card"); none if it is no such thing. */
function asMade(thing: Phrase | undefined, tokens: Token[]): Phrase | undefined {
  if (!madeThing(thing) || thing!.fixed) return undefined;
  const said = thing!.words.length > 1 && PAST_PARTICIPLE.test(thing!.words.at(-1)!);
  const words = said ? thing!.words.slice(0, -1) : thing!.words;
  // "an estimated monthly payment" is a Monthly Payment Estimate, "summarised notes" a Notes Summary,
  // whether the tagger put the participle in the phrase or before it.
  const nounOf = (word: string | undefined) => (/ed$/.test(word ?? '') ? NOUN_OF_VERB[word!.slice(0, -1)] : undefined);
  const before = nounOf(tokens[thing!.start - 1]?.lower);
  const inside = words.length > 1 ? nounOf(words[0]) : undefined;
  const done = (before ?? inside)?.toLowerCase();
  const rest = before ? words : words.slice(1);
  return done ? { ...thing!, words: [...rest, done], head: done, plural: false } : { ...thing!, words };
}

/** "I paste the review and its rating and want a reply": the person's own clause goes on after "and". */
function mine(tokens: Token[], wish: Token): boolean {
  if (tokens[wish.index - 1]?.lower !== 'and' || wish.pos !== 'VERB') return false;
  // A sentence that long is no one clause: looking back 30 words keeps long prompts fast.
  const from = Math.max(0, wish.index - 30);
  const opening = tokens.slice(from, wish.index).findLastIndex((t) => /^[.!?:;]$/.test(t.text));
  const start = opening >= 0 ? from + opening + 1 : from === 0 ? 0 : -1;
  return /^(?:i|we)$/.test(tokens[start]?.lower ?? '');
}

/** The phrase a person says they want made, if the prompt says so in those words. */
export function wantedPhrase(tokens: Token[], phrases: Phrase[]): Phrase | undefined {
  const startingAt = new Map(phrases.map((p) => [p.start, p]));
  for (const wish of tokens) {
    // ("… Please make a workflow that gives a ballpark figure": a wrapper bidden after a story is wished for too.)
    const bids =
      /^(?:make|build|create)$/.test(wish.lower) && /^(?:please|you)$/.test(tokens[wish.index - 1]?.lower ?? '');
    if (!WISH.test(wish.lower) && !bids) continue;
    const before = tokens[wish.index - 1];
    if (before && !WISHER.test(before.lower) && !/^[.!?:;,—–-]$/.test(before.text) && !mine(tokens, wish) && !bids)
      continue;
    // "… and whether we need space for a dance floor": a yes-or-no value, no wish.
    if (/^(?:whether|if)$/.test(tokens[wish.index - 2]?.lower ?? '')) continue;
    const article = tokens[wish.index + 1];
    // "I'd love to get a summary", "we need it turned into an invoice draft": what is got, or what it becomes.
    // ("we want to write grant application summaries": what the person wants to make.)
    const making = /^(?:write|draft|create|make|produce|generate)$/.test(tokens[wish.index + 2]?.lower ?? '');
    const got =
      (making || /^(?:get|have|receive|see)$/.test(tokens[wish.index + 2]?.lower ?? '')) && article?.lower === 'to';
    if (got) {
      const thing = asMade(startingAt.get(wish.index + (tokens[wish.index + 3]?.pos === 'DET' ? 4 : 3)), tokens);
      if (thing) return thing;
    }
    const pronoun = article?.pos === 'PRON' && CHANGED.test(tokens[wish.index + 2]?.lower ?? '');
    if (pronoun && tokens[wish.index + 3]?.lower === 'into') {
      const into = phrases.find((p) => p.start > wish.index + 3 && p.start <= wish.index + 6);
      if (madeThing(into)) return into;
    }
    const determined = article?.pos === 'DET' || article?.pos === 'PRON';
    const phrase = startingAt.get(wish.index + (determined ? 2 : 1));
    // "I'd like something that writes a firm message…", "make a tool that…": what the wrapped job makes.
    const wrapped = article?.lower === 'something' || NOUN_CLASSES.wrappers.has(phrase?.head ?? '');
    const made = wrapped ? wrappedMade(tokens, phrases, phrase ? phrase.end : wish.index + 2) : undefined;
    if (made) return made;
    if (!phrase) continue;
    // "I want that note turned into an apology email", "need the notes made into minutes".
    const changed = tokens[phrase.end];
    if (changed && CHANGED.test(changed.lower) && tokens[phrase.end + 1]?.lower === 'into') {
      const into = phrases.find((p) => p.start > phrase.end + 1 && p.start <= phrase.end + 4);
      if (madeThing(into)) return into;
    }
    if (bids) continue;
    // "need the client's address" asks for a value; "need a poster" and "need vaccine reminder texts" for a thing.
    if (determined && !/^(?:a|an|some)$/.test(article.lower)) continue;
    // ("I need first name, surname…": with no article, a name, a number or a date needed is a value.)
    if (!determined && NOUN_CLASSES.identifying.has(phrase.head)) continue;
    // ("need a short, respectful message": a word that only says how, and a comma, come before the thing.)
    const how =
      phrase.words.every((w) => MODIFIERS.style.has(w) || MODIFIERS.filler.has(w)) && tokens[phrase.end]?.text === ',';
    const thing = asMade(how ? phrases.find((p) => p.start > phrase.end && p.start <= phrase.end + 3) : phrase, tokens);
    if (thing) return thing;
  }
  return outputSaid(tokens, startingAt) ?? gotBack(tokens, startingAt);
}

/** "I'd like to paste the notes and get back a programme entry", "…and get a polite reply": what the person gets is made. */
function gotBack(tokens: Token[], startingAt: Map<number, Phrase>): Phrase | undefined {
  for (const got of tokens) {
    if (!/^(?:get|receive)$/.test(got.lower) || !/^(?:and|to)$/.test(tokens[got.index - 1]?.lower ?? '')) continue;
    // ("I record the meeting and get a rough transcript" tells what happens now: the sentence must ask,
    // or bid as "Paste in a complaint and get a short summary" does.)
    const opening = tokens.slice(Math.max(0, got.index - 40), got.index).findLast((t) => /^[.!?]$/.test(t.text));
    const asks = tokens.slice(opening ? opening.index + 1 : Math.max(0, got.index - 40), got.index);
    const bids = asks[0]?.pos === 'VERB' && asks[0].lower === asks[0].lemma;
    if (!bids && !asks.some((t) => /^(?:like|love|want|need|please|can|could|would|should|'d|’d)$/.test(t.lower)))
      continue;
    let at = got.index + (tokens[got.index + 1]?.lower === 'back' ? 2 : 1);
    if (!/^(?:a|an)$/.test(tokens[at]?.lower ?? '')) continue;
    // ("get a two or three sentence comment back": how long it is comes first, and names nothing.)
    const counted = tokens[at + 1]?.pos === 'NUM';
    while (/^(?:NUM|CCONJ)$/.test(tokens[at + 1]?.pos ?? '') && at < got.index + 6) at++;
    // ("get an estimated cost": the tagger may leave the participle out of the phrase.)
    const sized =
      startingAt.get(at + 1) ?? (/ed$/.test(tokens[at + 1]?.lower ?? '') ? startingAt.get(at + 2) : undefined);
    const thing = asMade(
      counted && sized && sized.words.length > 1 ? { ...sized, words: sized.words.slice(1) } : sized,
      tokens,
    );
    if (thing) return thing;
  }
  return undefined;
}

/** "The output should be a one-page profile", "the result will be a packing list": what the job makes, said outright. */
function outputSaid(tokens: Token[], startingAt: Map<number, Phrase>): Phrase | undefined {
  for (const said of tokens) {
    if (!/^(?:output|result)$/.test(said.lower) || tokens[said.index - 1]?.lower !== 'the') continue;
    let at = said.index + 1;
    while (/^(?:should|will|would|must|is|can|be)$/.test(tokens[at]?.lower ?? '')) at++;
    if (at === said.index + 1 || !/^(?:a|an)$/.test(tokens[at]?.lower ?? '')) continue;
    const thing = asMade(startingAt.get(at + 1), tokens);
    if (thing) return thing;
  }
  return undefined;
}

/** "an agenda for a workshop", "a reply to a customer complaint", "a summary of the tickets": what the made thing is of. */
export function aboutOf(tokens: Token[], phrases: Phrase[], made: Phrase, noted: Set<string>): Phrase | undefined {
  const link = tokens[made.end]?.lower ?? '';
  if (!/^(?:for|to|of|about|on)$/.test(link)) return undefined;
  return phrases.find(
    (p) =>
      // "a form to submit a bug report": what it is for.
      (p.before?.index === made.end ||
        (p.before?.index === made.end + 1 && p.before.pos === 'VERB' && link === 'to')) &&
      !p.words.some((w) => noted.has(w)),
  );
}

/** "… something that turns my notes into a tidy report": what the job a wrapper ends at (`end`) makes. */
function wrappedMade(tokens: Token[], phrases: Phrase[], end: number): Phrase | undefined {
  const doing = tokens[end + 1];
  if (!/^(?:that|which|to)$/.test(tokens[end]?.lower ?? '') || doing?.pos !== 'VERB') return undefined;
  if (VERB_CLASSES.takes.has(doing.lemma) && !VERB_CLASSES.makes.has(doing.lemma)) return undefined;
  // ("turns my rough notes into a tidy report": what it is turned into.)
  // ("writes a friendly but firm message": how it is written may stand between.)
  const object = phrases.find(
    (p) =>
      p.start > doing.index &&
      p.start <= doing.index + 6 &&
      tokens.slice(doing.index + 1, p.start).every((t) => /^(?:DET|ADJ|CCONJ|ADV|PRON)$/.test(t.pos)),
  );
  const made =
    object && tokens[object.end]?.lower === 'into' ? phrases.find((p) => p.before?.index === object.end) : object;
  // ("drafts that letter": one told of before names it better than its kind.)
  const pointed =
    made &&
    tokens
      .slice(made.before ? made.before.index + 1 : made.start, made.start + 1)
      .some((t) => /^(?:that|this|those|these)$/.test(t.lower));
  return made && madeThing(made) && !made.fixed && !pointed ? made : undefined;
}
