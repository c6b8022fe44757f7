/** How a yes-or-no input is named from the words of its "whether" clause. */
import { NOUN_CLASSES } from '../../contract/prompt-words';
import { DETERMINERS, type Token } from './parse';

/** Words of a yes-or-no clause that say nothing of its own: "whether THE role IS remote". */
const CLAUSE_FILLER =
  /^(?:a|an|the|there|is|are|was|were|be|been|has|have|had|'s|’s|'re|’re|'ve|’ve|'d|’d|'ll|’ll|it|its|i|we|you|he|she|they|them|their|his|her|our|my|your|this|that|any|to|yet|already|still)$/;

/**
 * The words that name a yes-or-no clause's field, the clause given without its "whether": "they want
 * the evening bar" → wants evening bar, "the oven needs cleaning" → oven needs cleaning.
 */
export function whetherWords(asked: Token[]): string[] {
  // ("whether they'd like a second shooter" → wants_second_shooter: a wish said politely is a want.)
  const wish = /^(?:'d|’d|would)$/.test(asked[1]?.lower ?? '') && /^(?:like|love)$/.test(asked[2]?.lower ?? '');
  const words = wish
    ? [asked[0]!, { ...asked[2]!, lower: 'want', lemma: 'want', pos: 'VERB' }, ...asked.slice(3)]
    : asked;
  // ("there's a conservatory to do as well": what there is, not what is to be done with it.)
  const there = words[0]?.lower === 'there' ? words.findIndex((t) => t.pos === 'PART') : -1;
  const clauseTokens = there > 0 ? words.slice(0, there) : words;
  // ("whether they want us to pack" → wants_packing: what is done for them, as a thing.)
  const bare =
    clauseTokens.length === 5 && /^(?:us|me|you)$/.test(clauseTokens[2]!.lower) && clauseTokens[4]!.pos === 'VERB';
  const clause = clauseTokens.map((t, at) => (bare && at === 4 ? `${t.lemma.replace(/([^e])e$/, '$1')}ing` : t.lower));
  // "whether they want the evening bar" → wants_evening_bar: a field says it of the one it is about ("… to renew" → wants_to_renew).
  // ("whether they want us to do the packing" → wants_packing: what is done for them names it.)
  const light = /^(?:do|handle|sort|arrange)$/.test(clause[4] ?? '') ? 3 : 2;
  const done = /^(?:us|me|you)$/.test(clause[2] ?? '') && clause[3] === 'to' ? light : 0;
  // ("whether they pay UK income tax" → pays_uk_income_tax.)
  const base = clauseTokens[1]?.pos === 'VERB' && clauseTokens[1]!.lemma === clause[1];
  const said = clause.map((w, at) =>
    at === 1 && /^(?:they|we|you|i)$/.test(clause[0]!) && (/^(?:want|need)$/.test(w) || base)
      ? `${w.replace(/(?:[osxz]|[cs]h)$/, '$&e').replace(/([^aeiou])y$/, '$1ie')}s${clause[2] === 'to' ? ' to' : ''}`
      : at > 1 && at < 2 + done
        ? ''
        : w,
  );
  // "whether the client needs new plumbing" → needs_new_plumbing: who has or needs it is the run's
  // subject; "whether pets are allowed" keeps what is allowed.
  const verbAt = clauseTokens.findIndex((t) => t.pos === 'VERB' || /^(?:ha[sd]|have)$/.test(t.lower));
  // "whether the donor is a UK taxpayer": what they are names it ("whether the room was ready" keeps the room).
  const copula = clauseTokens.findIndex((t) => t.pos === 'AUX');
  const predicate = copula > 0 && clauseTokens[copula + 1]?.pos === 'DET';
  // ("whether collection needed": a verb with nothing after it keeps what it is said of.)
  const cut = verbAt > 0 && verbAt < clauseTokens.length - 1 ? verbAt : predicate ? copula : 0;
  // ("whether the oven needs cleaning" keeps the oven; "whether the home has an alarm" does not.)
  const has = /^(?:ha[sd]|have)$/.test(clauseTokens[cut]?.lower ?? '');
  const owner = clauseTokens
    .slice(0, cut)
    .every(
      (t) =>
        (has ? /^(?:NOUN|ADJ)$/.test(t.pos) : NOUN_CLASSES.people.has(t.lemma)) ||
        DETERMINERS.has(t.lower) ||
        /^(?:they|we|you|i|he|she|anyone|anybody|someone|somebody|everyone|everybody)$/.test(t.lower),
    );
  // ("whether the job is urgent" → job_is_urgent: what a thing now is, said as a state.)
  const state =
    copula > 0 &&
    verbAt < 0 &&
    /^(?:is|are)$/.test(clause[copula]!) &&
    clauseTokens[copula + 1]?.pos === 'ADJ' &&
    clauseTokens.slice(0, copula).every((t) => t.pos === 'NOUN' || DETERMINERS.has(t.lower));
  const keep = (word: string) => !CLAUSE_FILLER.test(word) && !/^\d/.test(word);
  if (state) return [...said.slice(0, copula).filter(keep), 'is', ...said.slice(copula + 1).filter(keep)].slice(0, 5);
  return said
    .slice(cut > 0 && owner ? cut : 0)
    .map((word, at) => (at === 0 && has && owner && word === 'have' ? 'has' : word))
    .filter((word, at) => (at === 0 && has && owner) || keep(word))
    .slice(0, 5);
}
