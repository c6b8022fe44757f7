/**
 * The tagger's misreadings where words join or act on phrases (retag.ts corrects the rest): the
 * operator of a sum, a verb and its particle, a verb of giving before the noun it names, and a thing
 * named by a word the tagger called a describing word.
 */
import { conceptOf } from '../../contract/field-concepts';
import { CHOICE_NAMES, MODIFIERS, NOUN_CLASSES, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import type { Token } from './retag';
import { namesAThing } from './openers';

/** Whether the word at `at` opens a sentence or a clause after a colon or semicolon. */
export const opensSentence = (tokens: Token[], at: number) => at === 0 || /^[.!?;:]$/.test(tokens[at - 1]?.text ?? '');

/** The two ends of one span: "the check-in and check-out dates", "the closure start and end dates". */
export const SPAN_ENDS =
  /^(?:start|end|finish|stop|last|opening|close|closing|arrival|departure|return|pick-?up|drop-off|check-in|check-out)$/;

/** Where, before an article: "the distance round the room", "a walk along the canal". */
const PLACE_PREPOSITIONS = /^(?:round|around|along|across|through)$/;

/**
 * One word each, misread by the tagger and told by its neighbours: a participle read as a noun after
 * one says what was done to it ("number of supers taken off", "the meals eaten", "cakes sold";
 * "children", "women" are plurals); after "of", a verb before the clause that describes it is a thing
 * ("the number of days it has to last"), and after "per" a verb is one ("minutes per stop"); a verb in
 * -s that is a list's item is a plural ("dietary needs"); an adjective of time read as an adverb
 * before what it describes (", new monthly rent"); and a place preposition before an article.
 */
function correctWords(tokens: Token[]): void {
  for (let i = 1; i < tokens.length; i++) {
    const [before, word, next] = [tokens[i - 1]!, tokens[i]!, tokens[i + 1]];
    const participle =
      (/[a-z]en$/.test(word.lower) && word.lemma !== word.lower && !/(?:men|children|oxen)$/.test(word.lower)) ||
      (/^(?:sold|bought|spent|lost|won|sent|kept)$/.test(word.lower) && /[^s]s$/.test(before.lower));
    if (participle && word.pos === 'NOUN' && before.pos === 'NOUN') word.pos = 'VERB';
    else if (word.pos === 'VERB' && before.lower === 'of' && /^(?:it|they|we|you|i)$/.test(next?.lower ?? ''))
      word.pos = 'NOUN';
    else if (word.pos === 'VERB' && before.lower === 'per') word.pos = 'NOUN';
    // ("writing quotes out by hand": how a thing is done, no thing.)
    else if (before.lower === 'by' && /^(?:hand|heart|mistake|accident)$/.test(word.lower)) word.pos = 'ADV';
    // ("reg, make/model, …": a word a slash joins to a noun in a list is a noun too.)
    else if (word.pos === 'VERB' && next?.text === '/' && tokens[i + 2]?.pos === 'NOUN' && /^[,:]$/.test(before.text))
      word.pos = 'NOUN';
    // ("…, dietary needs if any", ", special requests,": a verb in -s after what describes it, as an item
    // of a list, is a plural.)
    else if (
      word.pos === 'VERB' &&
      /[^s]s$/.test(word.lower) &&
      /^(?:ADJ|NOUN)$/.test(before.pos) &&
      /^(?:[,:(]|and|or)$/.test(tokens[i - 2]?.lower ?? '') &&
      /^(?:[,;)(]|if|and|or)$/.test(next?.lower ?? '')
    )
      word.pos = 'NOUN';
    else if (
      word.pos === 'ADV' &&
      /^(?:new|old|current|previous)$/.test(word.lower) &&
      /^(?:ADJ|NOUN)$/.test(next?.pos ?? '')
    )
      word.pos = 'ADJ';
    else if (PLACE_PREPOSITIONS.test(word.lower) && MODIFIERS.determiners.has(next?.lower ?? '')) word.pos = 'ADP';
  }
}

/** Re-tags, in place, the words between and around phrases the tagger is known to misread. */
export function correctJoins(tokens: Token[]): void {
  correctWords(tokens);
  // "the estimated build cost", "…: name, hire period in days, …": a verb's plain form between what
  // describes a thing, or a comma of a list a colon opened, and a noun that ends the item is a noun.
  let listed = false;
  for (let i = 1; i + 2 < tokens.length; i++) {
    const [before, word, noun, after] = [tokens[i - 1]!, tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (/^[.!?;\n]$/.test(before.text)) listed = false;
    if (before.text === ':') listed = true;
    const described = before.pos === 'ADJ' && MODIFIERS.determiners.has(tokens[i - 2]?.lower ?? '');
    const item = listed && /^(?:,|and)$/.test(before.lower) && /^(?:[,.()]|in|and|or)$/.test(after.lower);
    if (word.pos === 'VERB' && word.lemma === word.lower && noun.pos === 'NOUN' && (described || item))
      word.pos = 'NOUN';
    // ("Skip hire order: …": two verbs opening a heading before its colon name a thing.)
    const heading = i === 1 && (noun.pos === 'NOUN' || noun.lower.endsWith('ing')) && after.text === ':';
    if (heading && /^(?:VERB|PROPN)$/.test(before.pos) && word.pos === 'VERB')
      [before.pos, word.pos, noun.pos] = [before.pos === 'VERB' ? 'NOUN' : before.pos, 'NOUN', 'NOUN'];
  }
  // "the concrete needed for a slab", "the paint required": a word read as an adjective after an
  // article, with no noun after it but a participle that describes it, is the thing itself; so is
  // one with nothing after it ("the name of the deceased, …", "relationship to the recipient").
  for (let i = 1; i < tokens.length; i++) {
    const [next, after] = [tokens[i + 1], tokens[i + 2]];
    const described =
      next?.pos === 'VERB' && /(?:ed|en)$/.test(next.lower) && /^(?:ADP|PUNCT|CCONJ)$/.test(after?.pos ?? 'PUNCT');
    const alone = next === undefined || next.pos === 'ADP' || /^[,.;:!?)]$/.test(next.text);
    if (tokens[i]!.pos === 'ADJ' && /^(?:the|a|an)$/.test(tokens[i - 1]!.lower) && (described || alone))
      tokens[i]!.pos = 'NOUN';
    // ("its cause (wear, damage or misuse)", "their answer, …": what a possessive owns, alone, is a thing.)
    const owned =
      /^(?:its|their|his|her|our|my|your)$/.test(tokens[i - 1]!.lower) &&
      tokens[i]!.pos === 'VERB' &&
      tokens[i]!.lower === tokens[i]!.lemma;
    if (owned && (alone || next?.text === '(')) tokens[i]!.pos = 'NOUN';
  }
  // "the check-in and check-out dates": the first end of a span shares the noun after the second.
  for (let i = 0; i + 3 < tokens.length; i++)
    if (
      tokens[i]!.pos === 'ADJ' &&
      SPAN_ENDS.test(tokens[i]!.lower) &&
      tokens[i + 1]!.lower === 'and' &&
      SPAN_ENDS.test(tokens[i + 2]!.lower) &&
      tokens[i + 3]!.pos === 'NOUN'
    )
      tokens[i]!.pos = 'NOUN';
  // "Paste in a complaint …", "Upload the rota …": a verb of giving that opens a sentence, read as a name, bids.
  for (let i = 0; i + 1 < tokens.length; i++) {
    const word = tokens[i]!;
    const opens = opensSentence(tokens, i);
    const bids =
      VERB_CLASSES.takes.has(word.lower) && /^(?:DET|PRON|ADP)$/.test(tokens[i + 1]!.pos) && !namesAThing(tokens, i);
    if (opens && bids && /^(?:PROPN|NOUN)$/.test(word.pos)) [word.pos, word.lemma] = ['VERB', word.lower];
  }
  // "a personal thank-you letter signed by our chair": after an article and what describes it, a word
  // read as a verb, with a participle or a preposition after it, is the thing.
  for (let i = 2; i + 1 < tokens.length; i++) {
    let at = i - 1;
    while (at > 0 && tokens[at]!.pos === 'ADJ') at--;
    const described = at < i - 1 && /^(?:a|an|the)$/.test(tokens[at]!.lower);
    const next = tokens[i + 1]!;
    const after = next.pos === 'ADP' || next.lower === 'to' || (next.pos === 'VERB' && /(?:ed|en)$/.test(next.lower));
    if (tokens[i]!.pos === 'VERB' && described && after) tokens[i]!.pos = 'NOUN';
  }
  // "a tool that drafts the email": a verb of the job after "that" or "which", before what it acts on.
  for (let i = 1; i + 1 < tokens.length; i++) {
    const [before, word] = [tokens[i - 1]!, tokens[i]!];
    const acts = /^(?:that|which)$/.test(before.lower) && /^(?:DET|PRON)$/.test(tokens[i + 1]!.pos);
    const verb = word.lower.replace(/e?s$/, '');
    const done = [verb, `${verb}e`, word.lower.slice(0, -1)].find((v) => VERBS.has(v));
    if (acts && word.pos === 'NOUN' && /s$/.test(word.lower) && done) [word.pos, word.lemma] = ['VERB', done];
  }
  // "a tidy report listing any damage", "an email reminding the customer": a word in -ing between a
  // thing and an article says what the thing does; it is no part of the thing's name.
  for (let i = 1; i + 1 < tokens.length; i++) {
    const word = tokens[i]!;
    const acts = /^(?:any|the|a|an|all|their|its|our|his|her|my|your)$/.test(tokens[i + 1]!.lower);
    if (acts && word.pos === 'NOUN' && /[a-z]{3}ing$/.test(word.lower) && tokens[i - 1]!.pos === 'NOUN')
      word.pos = 'VERB';
  }
  // "the recipient's name": a word that owns something is a thing, whatever the tagger read.
  for (let i = 1; i + 1 < tokens.length; i++)
    if (tokens[i]!.pos === 'ADJ' && /^(?:'s|’s)$/.test(tokens[i + 1]!.lower) && /^[a-z]+$/.test(tokens[i]!.lower))
      tokens[i]!.pos = 'NOUN';
  // "enter start date", "driver enters start odometer", "write grant application summaries": a plain
  // verb between a verb that gives or makes and a noun names which one; two verbs in a row do not both act.
  for (let i = 1; i + 1 < tokens.length; i++) {
    // (After a verb of making, two nouns must follow: "write grant application summaries".)
    const gives = VERB_CLASSES.takes.has(tokens[i - 1]!.lemma);
    const makes = VERB_CLASSES.naming.has(tokens[i - 1]!.lemma) && tokens[i + 2]?.pos === 'NOUN';
    if (
      tokens[i]!.pos === 'VERB' &&
      tokens[i]!.lower === tokens[i]!.lemma &&
      tokens[i - 1]!.pos === 'VERB' &&
      (gives || makes) &&
      tokens[i + 1]!.pos === 'NOUN'
    )
      tokens[i]!.pos = 'NOUN';
  }
  // "…, work out miles driven", "figure out the cost": a verb and its particle, unless an article or
  // a describing word makes it a thing ("a work out plan").
  for (let i = 0; i + 1 < tokens.length; i++)
    if (
      ((/^(?:work|figure)$/.test(tokens[i]!.lower) && tokens[i + 1]!.lower === 'out') ||
        (tokens[i]!.lower === 'round' && /^(?:up|down)$/.test(tokens[i + 1]!.lower))) &&
      !/^(?:DET|ADJ)$/.test(tokens[i - 1]?.pos ?? '')
    ) {
      tokens[i]!.pos = 'VERB';
      tokens[i + 1]!.pos = 'ADP';
    }
  // "quantity times unit price", "the hours multiplied by the rate": a sum's operator joins two values as "and" does.
  for (let i = 1; i + 1 < tokens.length; i++) {
    const by = /^(?:multiplied|divided)$/.test(tokens[i]!.lower) && tokens[i + 1]!.lower === 'by' ? 1 : 0;
    if (
      (by === 1 || /^(?:times|plus|minus|x)$/.test(tokens[i]!.lower)) &&
      /^(?:NOUN|PROPN)$/.test(tokens[i - 1]!.pos) &&
      /^(?:DET|NOUN|ADJ|PRON)$/.test(tokens[i + 1 + by]?.pos ?? '')
    ) {
      tokens[i]!.pos = 'CCONJ';
      if (by) tokens[i + 1]!.pos = 'CCONJ';
    }
  }
  // "shipping cost estimator - weight…", "leave balance thing - …": a title a prompt opens with, not
  // an imperative; the first word, read as a verb the planner does not know, names what kind.
  const title = tokens.findIndex((t, k) => k > 1 && /^[-–—:]$/.test(t.text));
  if (
    title > 1 &&
    tokens[0]!.pos === 'VERB' &&
    // ("cleaning job sheet - …": a verb in -ing is no imperative, known or not.)
    (!VERBS.has(tokens[0]!.lemma) || tokens[0]!.lower.endsWith('ing')) &&
    tokens.slice(1, title).every((t) => t.pos === 'NOUN')
  )
    tokens[0]!.pos = 'NOUN';
}

/** Items of a list the tagger reads as verbs or adjectives are things. */
export function correctListItems(tokens: Token[]): void {
  // ", paint finish (matt, silk, eggshell)": words between a comma and a bracket name the thing it offers.
  for (let i = 2; i + 1 < tokens.length; i++) {
    const [first, word] = [tokens[i - 1]!, tokens[i]!];
    const plain = (t: Token) => /^(?:VERB|NOUN)$/.test(t.pos) && t.lower === t.lemma;
    if (tokens[i + 1]!.text === '(' && word.pos === 'VERB' && plain(word)) {
      if (first.text === ',' || (plain(first) && tokens[i - 2]!.text === ',')) word.pos = 'NOUN';
      if (first.pos === 'VERB' && plain(first) && tokens[i - 2]!.text === ',') first.pos = 'NOUN';
    }
  }
  // "the student name, subject, grade": a word alone between commas is an item of the list, and so is a
  // plain one first ("letter - total, due date") or last; "the customer's address", "their start": had.
  for (let i = 1; i < tokens.length; i++) {
    const [before, word, after] = [tokens[i - 1]!, tokens[i]!, tokens[i + 1]?.lower ?? '.'];
    const plain = /^(?:VERB|ADJ)$/.test(word.pos) && !/(?:ed|ing)$/.test(word.lower);
    const opens = plain && /^(?:[:(–—-]|with|needs?|has|have|includes?)$/.test(before.lower);
    const owner =
      (/^['’]s$/.test(before.lower) && tokens[i - 2]?.pos === 'NOUN') || MODIFIERS.possessives.has(before.lower);
    // ("name, start and email"; "start and end time" shares its noun.)
    const span = SPAN_ENDS.test(tokens[i + 2]?.lower ?? '');
    // ("read and sort it", "tidy and send them": two verbs of one object.)
    const object = /^(?:PRON|DET)$/.test(tokens[i + 3]?.pos ?? '');
    const last = plain && tokens[i - 2]?.pos === 'NOUN' && /^(?:and|or)$/.test(after) && !span && !object;
    // ("room, date, start, end": a verb alone between commas, after a thing, is a thing too.)
    const listed = word.pos === 'ADJ' || (plain && tokens[i - 2]?.pos === 'NOUN' && tokens[i + 2]?.pos !== 'PRON');
    const alone = before.text === ',' && ((listed && /^[,.]$/.test(after)) || last);
    const had = plain && owner && /^(?:[,.;:)]|and|or)$/.test(after);
    // (", date it was due", ", day they moved in": a date an event names, not "to date it".)
    const dated =
      /^(?:date|day)$/.test(word.lower) && /^(?:,|and)$/.test(before.lower) && tokens[i + 1]?.pos === 'PRON';
    // ("departure and return times": the second end of a span, before the noun both share.)
    const spanned = SPAN_ENDS.test(word.lower) && before.lower === 'and' && SPAN_ENDS.test(tokens[i - 2]?.lower ?? '');
    // ("mileage claim - from, to, miles": where a journey starts and ends, each an item.)
    const ends = /^(?:from|to)$/.test(word.lower) && /^(?:[,:–—-]|with)$/.test(before.lower) && /^[,.]$/.test(after);
    // ("home team, away team, final score": a word a modifier describes, alone between commas, is a thing.)
    const described =
      plain &&
      /^(?:ADV|ADJ)$/.test(before.pos) &&
      !/(?:ly|wise)$|^(?:where|when|how|why|what|then|also|not|just|only|still)$/.test(before.lower) &&
      /^[,:]$/.test(tokens[i - 2]?.text ?? '') &&
      /^(?:[,.;]|and|or)$/.test(after);
    if (described) before.pos = 'ADJ';
    if (
      alone ||
      had ||
      dated ||
      ends ||
      described ||
      (opens && after === ',') ||
      (spanned && tokens[i + 1]?.pos === 'NOUN')
    )
      word.pos = 'NOUN';
  }
  // ("Pay calc for bar staff: …": a heading's first word, no verb the planner knows, names what is made.)
  const [first, made] = [tokens[0], tokens[1]];
  const nominal = made !== undefined && (NOUN_CLASSES.made.has(made.lemma) || /(?:tion|ment)$/.test(made.lower));
  if (first?.pos === 'VERB' && !VERBS.has(first.lower) && nominal && /^(?:for|[:–-])$/.test(tokens[2]?.lower ?? ''))
    first.pos = 'NOUN';
  // ("moving from postcode, moving to postcode": where a journey starts and ends, named by its noun.)
  const place = (t: Token | undefined) => t?.pos === 'NOUN' || conceptOf(t?.lower ?? '') !== undefined;
  for (const end of tokens.filter((t) => /^(?:from|to)$/.test(t.lower) && place(tokens[t.index + 1]))) {
    const gerund = tokens[end.index - 1]?.pos === 'VERB' && /ing$/.test(tokens[end.index - 1]!.lower) ? 1 : 0;
    const lead = tokens[end.index - gerund - 1];
    const opens =
      !lead || /^[,:;.–—-]$/.test(lead.text) || (gerund === 1 && /^(?:need|take|include|with)$/.test(lead.lemma));
    if (!opens || !/^(?:[,.;]|and)$/.test(tokens[end.index + 2]?.lower ?? '.')) continue;
    for (const t of tokens.slice(end.index - gerund, end.index + 1)) t.pos = 'ADJ';
    tokens[end.index + 1]!.pos = 'NOUN';
  }
  // "pitch size small or large", "room type single or double": a word joined by "or" to an adjective (not
  // "other"), right after the noun it is a value of, is an adjective too; so are the words before it a
  // comma parts, no thing to give ("box size small, medium or large").
  // ("delivery day tuesday or friday": days named are values as the adjectives are.)
  const day = (t: Token | undefined) => CHOICE_NAMES.day?.has(t?.lower ?? '') === true;
  for (const or of tokens.filter((t) => t.lower === 'or')) {
    const days = day(tokens[or.index - 1]) && day(tokens[or.index + 1]);
    if (days) {
      tokens[or.index - 1]!.pos = 'NOUN';
      tokens[or.index + 1]!.pos = 'ADJ';
    }
    if (tokens[or.index + 1]?.pos !== 'ADJ') continue;
    const values = [tokens[or.index - 1]];
    while (values.at(-1)?.pos === 'NOUN' && tokens[values.at(-1)!.index - 1]?.text === ',') {
      const earlier = tokens[values.at(-1)!.index - 2];
      if (earlier?.pos !== 'NOUN' || conceptOf(earlier.lemma) !== undefined) break;
      values.push(earlier);
    }
    const first = values.at(-1)!;
    const head = tokens[first.index - 1];
    // (Past a comma, only after a thing whose values are chosen: "salary range, remote or hybrid" lists two.)
    const dimension =
      values.length === 1 || NOUN_CLASSES.chosen.has(head?.lemma ?? '') || NOUN_CLASSES.measured.has(head?.lower ?? '');
    const glued = first?.pos === 'NOUN' && head?.pos === 'NOUN' && dimension;
    const after = tokens[or.index + 1]!;
    if (glued && tokens[or.index + 2]?.pos !== 'NOUN' && !/^(?:other|else)$/.test(after.lower))
      for (const value of values) value!.pos = 'ADJ';
  }
}
