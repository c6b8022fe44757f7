/**
 * Apostrophes people leave out, put back where the words around them say which: "the clients name"
 * is the client's name, "there name" their name, "ill paste" I'll paste. Words that only look so
 * ("the lines add up", "is there a way", "the hours worked") are left as they are.
 */
import { PAST_PARTICIPLE } from './phrase-concept';
import { conceptOf } from '../../contract/field-concepts';
import { NOUN_CLASSES, VERB_CLASSES, VERBS } from '../../contract/prompt-words';

/** Verbs that take an "s" after a person and before a value ("the customer wants email updates"). */
const SAYS =
  /^(?:wants|needs|gets|sends|adds|includes|uses|requires|returns|contains|takes|makes|gives|asks|shows|keeps|has|owes|pays|earns|lists|leads)$/;

/** Words that go between phrases, never start one: what follows a plural that is no owner. */
const LINKS =
  /^(?:and|or|but|nor|to|in|on|at|for|with|from|of|by|as|if|than|then|so|per|into|onto|who|whom|whose|which|that|what|when|where|while|are|is|were|was|be|been|have|has|had|will|would|can|could|should|may|might|must|do|does|did|it|they|them|their|we|us|our|you|your|he|she|his|her|i|me|my|a|an|the|this|these|those|each|every|all|any|some|no|not)$/i;
/** Words after which a plural is no modifier of the next noun: "a customers purchase date". */
const OPENS = /^(?:a|an|the|each|every|our|your|their|my|his|her|its|last|next|yesterdays?|todays?)$/;
/** "the hours worked", "the days already taken", "the items ordered": what is said of a plural, not a noun it owns. */
const SAID = /^(?:already|still|yet|also|just|only|even|left|over|out|up|off|due|owed|taken|given|paid|spent|sold)$/i;
/**
 * "the hours worked this week", "the tasks done", but "a tenants prorated rent": a participle is said
 * of the plural when no noun follows it.
 */
const participle = (word: string) => PAST_PARTICIPLE.test(word) || /^(?:[a-z]+(?:ing|[^l]ly)|due)$/i.test(word);

/**
 * "the clients name", "a customers purchase date", "last weeks deals": after "a" or "the", a plural
 * before another noun is an owner whose apostrophe was left out ("the client's name"), unless it is
 * a verb, only comes plural, or is a singular that ends in "s" ("bonus", "status", "basis").
 */
function possessives(text: string): string {
  return text.replace(
    /(?:\b([a-z]+) )?\b([a-z]{2,}[^\Wsuia])s (?=([a-z]+)\b(?: ([a-z]+)\b)?)/gi,
    (all, opener: string | undefined, stem: string, next: string, after: string | undefined) => {
      const word = `${stem}s`.toLowerCase();
      const lower = stem.toLowerCase();
      const verb = SAYS.test(word) || VERBS.has(lower) || VERB_CLASSES.takes.has(lower);
      const value = NOUN_CLASSES.identifying.has(next.toLowerCase()) || conceptOf(next.toLowerCase()) !== undefined;
      // "the lines add up", "the guests check in": a verb the plural does.
      const does =
        (VERBS.has(next.toLowerCase()) && conceptOf(next.toLowerCase()) === undefined) ||
        /^(?:up|out|off|in|over|back|down)$/i.test(after ?? '');
      const said = does || SAID.test(next) || (participle(next) && (after === undefined || LINKS.test(after)));
      // Without "a" or "the" before it, only a person owns a value: "- customers name", "managers email".
      const person = NOUN_CLASSES.people.has(lower) || /(?:er|or|ant|ent|ist|ee|ian)$/.test(lower);
      const opened = OPENS.test(opener ?? '');
      // ("the parts cost", "the materials price": a value of things is named by them, and owned by no one.)
      const owned = !said && ((value && person) || (opened && !value && !LINKS.test(next)));
      // "the Lettings Team": a name written in capitals is as its owner spells it.
      const title = /^[A-Z]/.test(stem) && /^[A-Z]/.test(next);
      if (!owned || verb || title || NOUN_CLASSES.pluralOnly.has(word) || LINKS.test(stem)) return all;
      return `${opener ? `${opener} ` : ''}${stem}'s `;
    },
  );
}

/** "there name", "there due date": "their", mistyped, before what it owns (but "is there a way", "there is"). */
const THERE = /\bthere (?=([a-z]+)\b)/gi;
const theirs = (text: string) =>
  text.replace(THERE, (all, next: string) =>
    LINKS.test(next) || /^(?:is|are|was|were|be|'s|’s|isn't|aren't|will|would|should|might|must)$/i.test(next)
      ? all
      : 'their ',
  );

/** "ill paste", "id like": a contraction whose apostrophe was left out, told apart by the verb after it. */
const CONTRACTED =
  /\b(ill|id)(?= (?:give|paste|provide|type|upload|send|add|enter|fill|tell|list|share|attach|include|need|want|like|love|prefer|copy|forward|drop|put|supply)\b)/gi;

/**
 * "the bride's and groom's names", "mum's and dad's phone numbers": two owners before one thing they each
 * have. (An owner is read from its first letter only, so a long hyphenated run is read once, not from each letter.)
 */
const SHARED_OWNERS =
  /\b((?:the|their|our|your|his|her|my) )?(?<![\p{L}-])([\p{L}-]+)['’]s (?:and|&) (?:the |their )?([\p{L}-]+)['’]s ((?:[\p{L}-]+ )?(?!(?:and|or|but|the|a|an|to|of|for|with|in|on|at|by|from)\b)[\p{L}-]+)/giu;
const singular = (word: string) =>
  word
    .replace(/sses$/i, 'ss')
    .replace(/(x|ch|sh)es$/i, '$1')
    .replace(/ies$/i, 'y')
    .replace(/([^s])s$/i, '$1');
/** Each owner with its own one of the thing, so each is asked for: "the bride's name and the groom's name". */
const eachOwns = (text: string) =>
  text.replace(
    SHARED_OWNERS,
    (all: string, det: string | undefined, first: string, second: string, thing: string, at: number) => {
      const words = thing.split(' ');
      const one = [...words.slice(0, -1), singular(words.at(-1)!)].join(' ');
      // (Before a list's own "and" in the same sentence, the pair is two items of it.)
      const rest = /^[^.!?;]*/.exec(text.slice(at + all.length))![0];
      const between = /\band\b/i.test(rest) ? ',' : ' and';
      return `${det ?? ''}${first}'s ${one}${between} ${det ?? 'the '}${second}'s ${one}`;
    },
  );

/** The text with the apostrophes it left out put back. */
export const withApostrophes = (text: string) =>
  eachOwns(possessives(theirs(text).replace(CONTRACTED, (word) => (word.toLowerCase() === 'ill' ? "I'll" : "I'd"))));
