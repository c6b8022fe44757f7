/**
 * What a message or document is about, when its own words say only what kind of thing it is ("a
 * reminder letter", "a short note", "a confirmation"): whom it goes to when that is all there is
 * ("send speakers a thank-you"), the occasion a clause after it names ("… when a student misses
 * homework", "… to a client who hasn't signed their contract"), what it is of or about ("a letter
 * about a school trip", "a certificate of completion"), else the nearest thing named before it
 * ("Tenant is behind on rent. Write them a reminder letter").
 */
import { MODIFIERS, NOUN_CLASSES, SERVICE_PATTERNS } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import type { Token } from './retag';

const { messages: MESSAGES, people: PEOPLE, vague: VAGUE, units: UNITS, identifying: IDENTIFYING } = NOUN_CLASSES;
const PEOPLE_ALONE = NOUN_CLASSES.peopleAlone;
const HOW = new Set([...MODIFIERS.filler, ...MODIFIERS.style]);

/** Words that open what a message is about: "when…", "who…", "about…", "asking them to…". */
const OPENS = /^(?:that|when|whenever|who|whose|about|of|for|after|on|if|once|because|since|[a-z]{3,}ing)$/;
/** What ends the description of a made thing: the list of what fills it, or the next sentence. */
const ENDS = /^(?:[.!?;:,(–—-]|with|using|including|from|and|so|but)$/;

/**
 * A message's name made only of words for kinds of message and how they are written ("Reminder
 * Letter"), or, with `recipients`, for whom they go to ("Parent Note"); "a speaker confirmation" is
 * about the speaker's talk.
 */
export const kindOnly = (words: string[], recipients = false) =>
  MESSAGES.has(words.at(-1)!) &&
  words.every((word) => MESSAGES.has(word) || HOW.has(word) || (recipients && PEOPLE.has(word)));

/** A noun that says what something is about: no person, unit, vague word, identifier or kind of message. */
const topical = (phrase: Phrase | undefined): phrase is Phrase =>
  phrase !== undefined &&
  !phrase.fixed &&
  ![PEOPLE, VAGUE, UNITS, IDENTIFYING, MESSAGES].some((set) => set.has(phrase.head)) &&
  !SERVICE.test(phrase.words.join(' ')) &&
  /^[a-z][a-z-]+$/.test(phrase.head);

/** "HubSpot", "Slack": where a thing happens is no occasion. */
const SERVICE = new RegExp(`^(?:${Object.values(SERVICE_PATTERNS).join('|')})$`, 'i');

const sentenceBreak = (token: Token | undefined) => token !== undefined && /^[.!?;]$/.test(token.text);

/** "whose delivery was late": the state a clause gives its thing is part of the occasion ("Late Delivery"). */
function withState(tokens: Token[], phrase: Phrase): Phrase {
  const [verb, state] = [tokens[phrase.end], tokens[phrase.end + 1]];
  // "if absences are more than three" compares; it names no state.
  const compares =
    /^(?:more|less|fewer|over|under|above|below)$/.test(state?.lower ?? '') || tokens[phrase.end + 2]?.lower === 'than';
  const stated = verb?.pos === 'AUX' && state?.pos === 'ADJ' && /^[a-z]+$/.test(state.lower) && !compares;
  return stated ? { ...phrase, words: [state.lower, ...phrase.words.slice(-1)] } : phrase;
}

export function occasionOf(tokens: Token[], phrases: Phrase[], made: Phrase, story: boolean): Phrase | undefined {
  const to = made.before?.pos === 'NOUN' ? phrases.find((p) => p.end === made.before!.index + 1) : undefined;
  if (to && PEOPLE.has(to.head) && to.words.length === 1) return to;
  // "a thank-you letter to a donor for their gift", "a thank-you using the volunteer's name": thanks
  // are named by who is thanked, not by what they did.
  if (made.words.some((word) => /^thank/.test(word))) {
    const thanked = phrases.find(
      (p) =>
        p.start >= made.end &&
        ((p.before?.index === made.end && p.before.lower === 'to' && PEOPLE.has(p.head)) ||
          (p.owner !== undefined && PEOPLE.has(p.words[p.owner - 1]!))),
    );
    const who = thanked?.owner !== undefined ? thanked.words[thanked.owner - 1]! : thanked?.head;
    // ("the contact", "the customer" say only that someone is thanked.)
    if (thanked && who && !PEOPLE_ALONE.has(who) && !/^(?:contact|recipient)$/.test(who))
      return { ...thanked, words: [who], head: who, plural: false, owner: undefined };
  }
  let opened = false;
  for (let i = made.end; i < Math.min(tokens.length, made.end + 14); i++) {
    const token = tokens[i]!;
    if (ENDS.test(token.lower)) break;
    const phrase = phrases.find((p) => p.start === i);
    if (opened && topical(phrase)) return withState(tokens, phrase);
    if (OPENS.test(token.lower) && token.pos !== 'NOUN') opened = true;
    if (phrase) i = phrase.end - 1;
  }
  // A story names its occasion before what it asks for: the nearest thing before it in its sentence.
  // A request names it in the sentence before the one that asks ("Tenant is behind on rent. Write them…").
  const start = tokens.findLastIndex((t, i) => i < made.start && sentenceBreak(t)) + 1;
  const from = story ? start : tokens.findLastIndex((t, i) => i < start - 1 && sentenceBreak(t)) + 1;
  return phrases.findLast((p) => p.start >= from && p.end <= (story ? made.start : start) && topical(p));
}

/**
 * The words of a name for a made thing and its occasion: "Homework Note", "Special Order Message",
 * "Speaker Thank-You". Whom it goes to and how it is written go ("a short note to parents").
 */
export function occasionName(occasion: Phrase, made: string[]): string[] {
  // ("how many litres of oil" is about the oil.)
  const kept = occasion.words.filter((word) => !HOW.has(word));
  const words = kept.slice(kept.lastIndexOf('of') + 1).slice(-2);
  const about = occasion.plural && words.length > 0 ? [...words.slice(0, -1), occasion.head] : words;
  // ("msg" is read as "message" before the prompt is tagged.)
  const kinds = made.filter((word) => !HOW.has(word) && !PEOPLE.has(word));
  return [...about, ...(kinds.length > 0 ? kinds : made.slice(-1))];
}
