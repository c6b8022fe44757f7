/**
 * The language layer's first half: wink-nlp's English model tags each word (noun, verb, adjective…)
 * and gives its lemma, and the tagger's known misreadings of prompts are corrected: imperative verbs
 * capitalised at a sentence start, nouns tagged as adjectives or verbs inside a phrase, and nouns
 * used as verbs ("route it"). wink-nlp was chosen over compromise after measuring both on the
 * development prompts: it tagged more of the nouns in "meeting notes", "due dates" and "start date"
 * right, and reads a 6,000-character prompt in about 5 ms where compromise took 50–75 ms.
 */
import { conceptOf } from '../../contract/field-concepts';
import { MODIFIERS, NOUN_CLASSES, PHRASAL_VERBS, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { createRequire } from 'node:module';
import { isEnglish, oneSlip } from './respell';
import { afterHeading, afterWhen, namesAThing } from './openers';
import { correctJoins, correctListItems, SPAN_ENDS } from './retag-joins';
import type winkNLP from 'wink-nlp';

/** Words that open a noun phrase without being part of it. */
export const DETERMINERS = MODIFIERS.determiners;

/**
 * "Calcualte the interest…", "Sumarize the notes": a sentence's first word a letter or two away from
 * a verb the planner knows, and no form of it, is that verb misspelt.
 */
export function meantVerb(word: string): string | undefined {
  // A plural ("Summaries of…") is a noun, whatever verb it is close to.
  if (word.length < 6 || !/^[a-z]+$/.test(word) || /s$/.test(word) || VERBS.has(word) || isEnglish(word))
    return undefined;
  for (const verb of VERBS)
    if (verb.slice(0, 2) === word.slice(0, 2) && !word.startsWith(verb.slice(0, -1)) && oneSlip(word, verb))
      return verb;
  return undefined;
}

function respell(token: Token): void {
  const verb = meantVerb(token.lower);
  if (verb) Object.assign(token, { lower: verb, lemma: verb, pos: 'VERB' });
}

/** Re-tags, in place, the words the tagger is known to misread in prompts. */
function correctTags(tokens: Token[]): void {
  // "I'm a paralegal…": the tagger keeps "I'm" whole and calls it a name; it is who is speaking.
  for (const token of tokens) if (/^i['’]m$/.test(token.lower)) Object.assign(token, { pos: 'PRON', lemma: 'i' });
  // The verbs that begin an imperative prompt, tagged as names when capitalised; "Every Friday, email
  // the team…": an imperative after the time it runs.
  for (let i = 0; i < tokens.length; i++) {
    const starts =
      i === 0 || /^[.!?:;\n]$/.test(tokens[i - 1]!.text) || afterWhen(tokens, i) || afterHeading(tokens, i);
    if (starts) respell(tokens[i]!);
    // "put together an agenda", "come up with three lines": the verb of two or three words is the one it
    // means; "working out of a gym" is a place. (Every key has a space: no name of Object's prototype matches.)
    const [two, third] = [`${tokens[i]!.lemma} ${tokens[i + 1]?.lower ?? ''}`, tokens[i + 2]?.lower ?? ''];
    const meant = (third === 'of' ? undefined : PHRASAL_VERBS[two]) ?? PHRASAL_VERBS[`${two} ${third}`];
    if (meant) Object.assign(tokens[i]!, { lemma: meant, pos: 'VERB' });
    // "…, flag if the difference is over 5%": a verb after a comma opens its own clause.
    const afterTime =
      tokens[i - 1]?.text === ',' &&
      (/^(?:DET|PRON)$/.test(tokens[i + 1]?.pos ?? '') ||
        /^(?:if|whether|when|to|up|down)$/.test(tokens[i + 1]?.lower ?? ''));
    // "Help me draft a summary", "let us write…": the verb after whom the help is for.
    const helped = /^(?:help|let)$/.test(tokens[i - 2]?.lemma ?? '') && tokens[i - 1]?.pos === 'PRON';
    if (VERBS.has(tokens[i]!.lower) && (starts || afterTime || helped)) tokens[i]!.pos = 'VERB';
    // "enter name, department…", "paste the notes": a sentence that opens with a verb of giving bids it.
    // ("… and paste our project description", "and paste in the notes": the same after "and".)
    const joined =
      tokens[i - 1]?.lower === 'and' && /^(?:our|my|the|their|in|it|them)$/.test(tokens[i + 1]?.lower ?? '');
    const bids =
      (starts || joined) &&
      (VERB_CLASSES.takes.has(tokens[i]!.lower) ||
        (VERB_CLASSES.handsTo.has(tokens[i]!.lower) && starts && /^(?:DET|PRON)$/.test(tokens[i + 1]?.pos ?? ''))) &&
      (/^(?:DET|NOUN|PRON|ADP)$/.test(tokens[i + 1]?.pos ?? '') || tokens[i + 2]?.pos === 'NOUN') &&
      !namesAThing(tokens, i);
    if (bids) tokens[i]!.pos = 'VERB';
    else if (
      (starts || /^[-–—]$/.test(tokens[i - 1]?.text ?? '')) &&
      namesAThing(tokens, i) &&
      tokens[i]!.pos === 'VERB'
    )
      tokens[i]!.pos = 'NOUN';
  }
  // "calculate overtime pay for staff": after the verb a prompt opens with, a word read as an adverb
  // (not "-ly") before a noun or a verb is the first word of what it works on.
  for (let i = 1; i + 1 < tokens.length; i++)
    if (
      tokens[i]!.pos === 'ADV' &&
      !/ly$/.test(tokens[i]!.lower) &&
      tokens[i - 1]!.pos === 'VERB' &&
      (i === 1 || /^[.!?:;\n]$/.test(tokens[i - 2]!.text)) &&
      /^(?:NOUN|VERB)$/.test(tokens[i + 1]!.pos)
    )
      tokens[i]!.pos = 'NOUN';
  // "a company brief from…", "their average and": an adjective after a noun or a possessive and before a
  // preposition ends the noun phrase as its head.
  for (let i = 1; i < tokens.length; i++)
    if (
      tokens[i]!.pos === 'ADJ' &&
      (/^(?:NOUN|PROPN)$/.test(tokens[i - 1]!.pos) ||
        MODIFIERS.possessives.has(tokens[i - 1]!.lower) ||
        // "a thank-you with feedback", "a welcome with…": a joined word or a thing made, after an article, is a thing.
        // "the subject (maths or English)": a word between an article and its choices is what they are of.
        (tokens[i - 1]!.pos === 'DET' &&
          (tokens[i]!.lower.includes('-') || NOUN_CLASSES.made.has(tokens[i]!.lower) || tokens[i + 1]?.text === '(')) ||
        // ("their last check-up", "the next follow-up": the same after an adjective.)
        (tokens[i - 1]!.pos === 'ADJ' &&
          tokens[i]!.lower.includes('-') &&
          (tokens[i - 2]?.pos === 'DET' || MODIFIERS.possessives.has(tokens[i - 2]?.lower ?? '')))) &&
      /^(?:ADP|PUNCT|SCONJ|CCONJ)$/.test(tokens[i + 1]?.pos ?? 'PUNCT') &&
      !/^(?:is|are)$/.test(tokens[i - 2]?.lower ?? '') &&
      // "the amount due", "the balance outstanding": said of the noun, not a noun.
      !/^(?:due|outstanding|remaining|pending|overdue|payable|owing)$/.test(tokens[i]!.lower)
    )
      tokens[i]!.pos = 'NOUN';
  correctListItems(tokens);
  // "inbound leads from", "a packing slip as", "a spreadsheet of leads with": a verb between a noun,
  // an adjective or "of" and a preposition
  // or the end is a noun the tagger misread; "issues labeled bug" keeps its participle.
  for (let i = 1; i < tokens.length; i++)
    if (
      tokens[i]!.pos === 'VERB' &&
      (/^(?:NOUN|ADJ)$/.test(tokens[i - 1]!.pos) || tokens[i - 1]!.lower === 'of') &&
      // "the break-even point given fixed costs": "given" and "using" open what follows, as a preposition does.
      (/^(?:ADP|PUNCT|CCONJ)$/.test(tokens[i + 1]?.pos ?? 'PUNCT') || /^(?:given|using)$/.test(tokens[i + 1]!.lower)) &&
      !/(?:ed|ing)$/.test(tokens[i]!.lower) &&
      tokens[i - 2]?.pos !== 'AUX' &&
      !/^(?:it|them)$/.test(tokens[i + 1]?.lower ?? '')
    )
      tokens[i]!.pos = 'NOUN';
  // "a product recall notice", "the fee waiver form": after an article and one thing, a plain verb
  // cannot agree with it ("a product recalls…" would), so before a noun it is a noun.
  for (let i = 2; i + 1 < tokens.length; i++)
    if (
      tokens[i]!.pos === 'VERB' &&
      tokens[i]!.lower === tokens[i]!.lemma &&
      !/(?:s|ed|ing)$/.test(tokens[i]!.lower) &&
      tokens[i + 1]!.pos === 'NOUN' &&
      tokens[i - 1]!.pos === 'NOUN' &&
      !/s$/.test(tokens[i - 1]!.lower) &&
      !/^(?:staff|team|people|police|crew|family)$/.test(tokens[i - 1]!.lower) &&
      /^(?:a|an|the|each|every|this|that|our|their|your|my)$/.test(tokens[i - 2]!.lower)
    )
      tokens[i]!.pos = 'NOUN';
  // "the new estimated date", "the agreed price": a participle, or a word read as an adverb, between
  // an article or a modifier and a noun describes it.
  for (let i = 1; i + 1 < tokens.length; i++) {
    const participle = tokens[i]!.pos === 'VERB' && /(?:ed|en)$/.test(tokens[i]!.lower);
    const adverb = tokens[i]!.pos === 'ADV' && tokens[i - 1]!.pos === 'DET' && !/ly$/.test(tokens[i]!.lower);
    const beforeNoun =
      tokens[i + 1]!.pos === 'NOUN' || (/^(?:VERB|ADJ)$/.test(tokens[i + 1]!.pos) && tokens[i + 2]?.pos === 'NOUN');
    if ((participle || adverb) && /^(?:DET|ADJ|ADV)$/.test(tokens[i - 1]!.pos) && beforeNoun) tokens[i]!.pos = 'ADJ';
  }
  // "their IT access checklist": a pronoun in capitals mid-sentence is an acronym, and a verb between it and a noun a noun.
  for (let i = 1; i + 2 < tokens.length; i++)
    if (tokens[i]!.pos === 'PRON' && /^[A-Z]{2,}$/.test(tokens[i]!.text) && /^[a-z]/.test(tokens[i - 1]!.text)) {
      tokens[i]!.pos = 'PROPN';
      if (tokens[i + 1]!.pos === 'VERB' && tokens[i + 2]!.pos === 'NOUN') tokens[i + 1]!.pos = 'NOUN';
    }
  // "and route it to…", "and show what…", ", work out the cost", ", spread the guests": a noun-like word with
  // "it", "them", a question word, a verb's particle or (after a comma) an article after it is a verb.
  for (let i = 0; i + 1 < tokens.length; i++)
    if (
      tokens[i]!.pos === 'NOUN' &&
      !/^(?:DET|ADJ|PRON)$/.test(tokens[i - 1]?.pos ?? '') &&
      // (", date it was due": a date that an event names.)
      !(/^(?:date|day)$/.test(tokens[i]!.lower) && tokens[i + 2]?.pos === 'AUX') &&
      (/^(?:it|them|what|how|which|whether)$/.test(tokens[i + 1]!.lower) ||
        // "and email me a summary": a noun-like word before "me" and an article is a verb.
        (/^(?:me|us)$/.test(tokens[i + 1]!.lower) && /^(?:DET|NUM)$/.test(tokens[i + 2]?.pos ?? '')) ||
        // ", reply to them with…": the same before "to" and whom it goes to.
        (tokens[i + 1]!.lower === 'to' && /^(?:them|him|her|me|us)$/.test(tokens[i + 2]?.lower ?? '')) ||
        (/^(?:out|up)$/.test(tokens[i + 1]!.lower) &&
          (/^(?:DET|PRON)$/.test(tokens[i + 2]?.pos ?? '') ||
            /^(?:how|what|which)$/.test(tokens[i + 2]?.lower ?? ''))) ||
        (/^(?:,|and)$/.test(tokens[i - 1]?.lower ?? '') &&
          (/^(?:the|a|an)$/.test(tokens[i + 1]!.lower) ||
            // "and show net, VAT and gross": a verb that names no field, before what it shows.
            (tokens[i - 1]!.lower === 'and' &&
              VERB_CLASSES.makes.has(tokens[i]!.lower) &&
              // ("departure and return times": the other end of a span.)
              !SPAN_ENDS.test(tokens[i - 2]?.lower ?? '') &&
              !conceptOf(tokens[i]!.lower) &&
              !NOUN_CLASSES.made.has(tokens[i]!.lower) &&
              /^(?:NOUN|ADJ)$/.test(tokens[i + 1]!.pos)))))
    )
      tokens[i]!.pos = 'VERB';
  // "…, departure and return dates": between a noun and a noun after "and", in a list, a verb is a
  // noun that shares the second noun.
  for (let i = 3; i + 1 < tokens.length; i++)
    if (
      tokens[i]!.pos === 'VERB' &&
      tokens[i - 1]!.lower === 'and' &&
      tokens[i - 2]!.pos === 'NOUN' &&
      tokens[i - 3]!.text === ',' &&
      tokens[i + 1]!.pos === 'NOUN' &&
      /^(?:[,.;)]|and)$/.test(tokens[i + 2]?.lower ?? '.')
    )
      tokens[i]!.pos = 'NOUN';
  // "whether the amount goes over", "if the order ships after", "whether a customer's return
  // qualifies for": in a clause about one thing, the word after its noun that ends in -s is the clause's verb.
  for (let i = 3; i < tokens.length; i++) {
    let opener = i - 2;
    if (/^(?:'s|’s)$/.test(tokens[opener]!.lower) && tokens[opener - 1]?.pos === 'NOUN') opener -= 2;
    if (
      tokens[i]!.pos === 'NOUN' &&
      /[^s]s$/.test(tokens[i]!.lower) &&
      tokens[i - 1]!.pos === 'NOUN' &&
      !/s$/.test(tokens[i - 1]!.lower) &&
      DETERMINERS.has(tokens[opener]?.lower ?? '') &&
      /^(?:whether|if|when|unless|where|once)$/.test(tokens[opener - 1]?.lower ?? '') &&
      /^(?:ADP|DET|NUM|SYM|ADV|PUNCT)$/.test(tokens[i + 1]?.pos ?? 'PUNCT')
    )
      tokens[i]!.pos = 'VERB';
  }
  correctJoins(tokens);
  // "a lot of tickets", "loads of emails", "part of my job": how much of a thing is no thing itself.
  for (let i = 0; i < tokens.length - 1; i++)
    if (
      /^(?:lot|lots|loads|bunch|plenty|couple|ton|tons|part)$/.test(tokens[i]!.lower) &&
      tokens[i + 1]!.lower === 'of'
    )
      tokens[i]!.pos = tokens[i + 1]!.pos = 'DET';
}

type Nlp = ReturnType<typeof winkNLP>;
let loaded: Nlp | undefined;

/**
 * The tagger, loaded on first use: the step workers import the planner too, and must not pay the
 * model's load time (about 100 ms) before their first step when they never plan.
 */
function tagger(): Nlp {
  if (!loaded) {
    const load = createRequire(import.meta.url);
    const make = load('wink-nlp') as typeof winkNLP;
    loaded = make(load('wink-eng-lite-web-model') as Parameters<typeof winkNLP>[0], ['pos']);
  }
  return loaded;
}

export interface Token {
  text: string;
  lower: string;
  lemma: string;
  pos: string;
  /** Index of the token in the prompt. */
  index: number;
}

/** The prompt's words, tagged. */
export function tokenize(text: string): Token[] {
  // The tagger's time grows with the square of a run without spaces ("a-b-c-…"); no word a
  // prompt names an input by is longer than this, so longer runs are cut before it reads them.
  // Long runs of punctuation say nothing either, and each mark costs the tagger a token.
  // "tell me yes or no.": a sentence's last word is no abbreviation, and keeps no full stop.
  const readable = text
    .replace(/\S{33,}/g, (run) => run.slice(0, 32))
    .replace(/(?:[^\p{L}\p{N}\s]\s*){6,}/gu, '. ')
    .replace(/\b([a-z]+)\.(?=\s+[A-Z]|\s*$)/g, '$1 .');
  const nlp = tagger();
  const its = nlp.its;
  const doc = nlp.readDoc(readable);
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemmas = doc.tokens().out(its.lemma as never) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const tokens: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const previous = tokens.at(-1);
    // "follow-up", "thank-you", "e-mail": one word, though the tagger reads three.
    if (word === '-' && previous && spaces[i] === '' && spaces[i + 1] === '' && /^[a-z]/i.test(words[i + 1] ?? '')) {
      const text = `${previous.text}-${words[i + 1]!}`;
      Object.assign(previous, {
        text,
        lower: text.toLowerCase(),
        lemma: text.toLowerCase(),
        pos: pos[i + 1] === 'NOUN' ? 'NOUN' : 'ADJ',
      });
      i++;
      continue;
    }
    tokens.push({
      text: word,
      lower: word.toLowerCase(),
      lemma: (lemmas[i] ?? word).toLowerCase(),
      pos: pos[i] ?? 'X',
      index: tokens.length,
    });
  }
  // "a thank you email": the thanks is one word before the noun it describes, as "thank-you" is.
  for (let i = tokens.length - 3; i >= 0; i--)
    if (tokens[i]!.lower === 'thank' && tokens[i + 1]!.lower === 'you' && /^(?:NOUN|VERB)$/.test(tokens[i + 2]!.pos)) {
      Object.assign(tokens[i]!, { text: `${tokens[i]!.text}-you`, lower: 'thank-you', lemma: 'thank-you', pos: 'ADJ' });
      Object.assign(tokens[i + 2]!, { pos: 'NOUN', lemma: tokens[i + 2]!.lower });
      tokens.splice(i + 1, 1);
    }
  tokens.forEach((token, index) => (token.index = index));
  correctTags(tokens);
  return tokens;
}
