/**
 * A question names what it asks: "What would the monthly payment be?" is a Monthly Payment
 * Calculator, "Does this order need sign-off?" a Sign-Off Check; a request in a question's words
 * ("Can it write a welcome letter?") is left to the rest of the name reading.
 */
import { NOUN_CLASSES, NOUN_OF_VERB, VERB_CLASSES } from '../../contract/prompt-words';
import { answeredForUse } from './asked-questions';
import type { Phrase, Token } from './parse';
import { nounRun, PREDICATIVE } from './noun-run';
import { named } from './title';
import { toldBefore } from './verbs';

const { people: PEOPLE } = NOUN_CLASSES;

const { naming: MAKE_VERBS } = VERB_CLASSES;

/** Words that open a question. */
const WH = /^(?:what|whats|what's|which|how)$/;
const AUX_OPEN = /^(?:is|are|does|do|can|could|should|will|would)$/;

/**
 * A question names what it asks: "What would the monthly payment be?" → Monthly Payment Calculator,
 * "How many vacation days … left?" → Vacation Days Left Calculator, "Which plan…" → Plan
 * Recommendation, "Does this order need director sign-off?" → Director Sign-Off Check.
 */
export function questionName(tokens: Token[], opening: Phrase | undefined): string | undefined {
  // Each token's sentence end, found in one pass from the back so long prompts stay linear.
  const ends: Token[] = [];
  for (let i = tokens.length - 1, end = tokens.at(-1)!; i >= 0; i--)
    ends[i] = end = /^[.!?;]$/.test(tokens[i]!.text) ? tokens[i]! : end;
  const told = toldBefore(tokens);
  for (const { index: i, lower, pos } of tokens) {
    const previous = tokens[i - 1];
    const opens = !previous || /^[.!?;,:—–-]$/.test(previous.text);
    const many = /^(?:many|much)$/.test(tokens[i + 1]?.lower ?? '');
    // "…, how many years they worked here, and why…" is one of a list of inputs; "Given the hours,
    // how many staff do we need?" asks.
    const listed = previous !== undefined && /^[,:—–-]$/.test(previous.text) && (ends[i]!.text !== '?' || told[i]!);
    // "work out how much concrete…": the verb may have its particle; "volunteers log how many parcels…"
    // gives the count. ("How many guests are coming? Use that to …": a question answered to work from.)
    // ("I'd fill in how many cups we sold": a verb of giving with its particle gives it too.)
    const giver = previous?.pos === 'ADP' && tokens[i - 2]?.pos === 'VERB' ? tokens[i - 2] : previous;
    const gives =
      giver !== undefined && (VERB_CLASSES.personGives.has(giver.lemma) || VERB_CLASSES.tells.has(giver.lemma));
    const asker = (previous?.pos === 'VERB' || giver !== previous) && !gives;
    if (answeredForUse(tokens, i)) continue;
    const asking = (opens && !listed) || asker || previous?.lower === 'me';
    // "how long will the decorating take?", "how much will the flooring cost?": what takes or costs it.
    const spans = lower === 'how' && /^(?:long|much)$/.test(tokens[i + 1]?.lower ?? '') && tokens[i + 2]?.pos === 'AUX';
    if (spans && asking && ends[i]!.text === '?') return spanName(tokens, i + 3, tokens[i + 1]!.lower === 'long');
    if (lower === 'how' && many && asking) {
      let run = nounRun(tokens, i + 2, true);
      // "how many days of annual leave…" counts annual leave days; "how many days till harvest" counts to the harvest.
      const link = tokens[run.end]?.lower ?? '';
      const after = /^(?:of|till|until|before)$/.test(link) ? nounRun(tokens, run.end + 1, true) : undefined;
      if (after?.words.length)
        run = {
          end: after.end,
          words: link === 'of' ? [...after.words, ...run.words] : [...run.words, link, ...after.words],
        };
      const left = tokens
        .slice(run.end, (ends[run.end]?.index ?? tokens.length) + 1)
        .find((t) => /^(?:left|remaining)$/.test(t.lower));
      const noun = previous && VERB_CLASSES.compute.has(previous.lemma) ? NOUN_OF_VERB[previous.lemma] : 'Calculator';
      // "how many pallets we need" is a Pallet Calculator; days and hours measure, and stay as they are.
      const last = tokens[run.end - 1]!;
      const measures = NOUN_CLASSES.units.has(last.lower) || NOUN_CLASSES.pluralOnly.has(last.lower);
      const one = !left && last.lower === run.words.at(-1) && !measures;
      const words = one ? [...run.words.slice(0, -1), last.lemma] : [...run.words, ...(left ? [left.lower] : [])];
      return run.words.length > 0 ? `${named(words)} ${noun}` : undefined;
    }
    // "whats the sale price if i put in…": a prompt that opens with a question word asks, mark or none.
    // "tell me which of the 14 allergens it contains", "say which courier is cheapest": a question bidden.
    const bidden = !opens && (previous?.lower === 'me' || asker);
    // ("work out what the bill comes to", "tell me what the total will be"; "say what our services are" gives them.)
    const reckoned = /^(?:me|us|out)$/.test(previous?.lower ?? '');
    const embedded =
      bidden &&
      (lower === 'which' ? embeddedWhich(tokens, i) : lower === 'what' && reckoned && embeddedWhat(tokens, i));
    if (embedded) return embedded;
    const unmarked = i === 0 && WH.test(lower) && tokens.slice(i + 1, i + 3).some((t) => t.pos === 'DET');
    if (!opens || (ends[i]!.text !== '?' && !unmarked)) continue;
    // "When is the next bin collection?", "Where is my order?": a date or a status of what is asked about.
    if (/^(?:when|where)$/.test(lower) && tokens[i + 1]?.pos === 'AUX') {
      const run = nounRun(tokens, i + 2, true);
      // "When's the last day we can give notice?" asks a day already: the rest of the prompt names it.
      const day = lower === 'when' && /^(?:day|date|time|deadline)$/.test(run.words.at(-1) ?? '');
      if (run.words.length > 0 && !day) return `${named(run.words)} ${lower === 'when' ? 'Date' : 'Status'}`;
      continue;
    }
    if (WH.test(lower) && lower !== 'how') {
      const aux = tokens[i + 1]?.pos === 'AUX';
      const run = nounRun(tokens, lower !== 'which' && aux ? i + 2 : i + 1, false);
      // "What commission does a rep earn?": the noun before the question's verb is what is asked.
      const asked = tokens[run.end]?.pos === 'AUX';
      if (run.words.length === 0 || (lower !== 'which' && !aux && !asked && !lower.endsWith('s'))) return undefined;
      return `${named(run.words)} ${lower === 'which' ? 'Recommendation' : 'Calculator'}`;
    }
    // "Can it write a welcome letter?", "Is there a way to check a claim?": a request in a question's words.
    const asks = /^(?:it|you|we|this|there)$/.test(tokens[i + 1]?.lower ?? '');
    // "Could you build a tool that checks…" asks for what the tool does: the question's own reading names it.
    const request = tokens.slice(i + 2, i + 6).find((t) => t.pos === 'VERB' || t.pos === 'NOUN');
    const made = request && tokens.slice(request.index + 1, request.index + 4).find((t) => t.pos === 'NOUN');
    const vague = made !== undefined && NOUN_CLASSES.vague.has(made.lemma);
    // ("Could it turn that into a quote?": what it becomes is made.)
    const makes = MAKE_VERBS.has(request?.lemma ?? '') || /^(?:turn|convert|transform)$/.test(request?.lemma ?? '');
    if (asks && request && !vague && (makes || VERB_CLASSES.check.has(request.lemma))) continue;
    if (AUX_OPEN.test(lower) && pos === 'AUX') {
      // "Can you tell me if a job applicant meets…": the question is the clause after "if".
      const clause = tokens[i + 1]?.lower === 'you' ? tokens.findIndex((t) => /^(?:if|whether)$/.test(t.lower)) : i;
      if (clause < 0) return undefined;
      const subject = nounRun(tokens, clause + 1, true);
      let after = subject.end;
      while (tokens[after] && PREDICATIVE.test(tokens[after]!.lower)) after++;
      const verb = tokens[after];
      // "Is a patient due for a check-up?": a person is asked about for the thing after them.
      // ("Is this customer due a loyalty reward?": or for the thing after what is said of them.)
      const person =
        PEOPLE.has(subject.words.at(-1) ?? '') && /^(?:ADP|DET)$/.test(verb?.pos ?? '') && after > subject.end;
      const object =
        verb && (verb.pos === 'VERB' || person)
          ? nounRun(tokens, verb.index + (verb.pos === 'DET' ? 0 : 1), true).words
          : [];
      // "Here's a customer review. Is it positive…?": "it" is what the prompt opened with.
      const it = /^(?:it|this|that)$/.test(tokens[clause + 1]?.lower ?? '') ? (opening?.words ?? []) : [];
      const asked = [object, subject.words, it].find((words) => words.length > 0);
      return asked ? `${named(asked)} Check` : undefined;
    }
  }
  return undefined;
}

const PER_TIME: Record<string, string> = {
  hour: 'hourly',
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'annual',
};

/**
 * "how long will the decorating take?" → Decorating Time Estimate; "how much will the flooring
 * cost?" → Flooring Cost Calculator; "how much do we need to charge per ticket?" asks a price: what
 * is charged for names it.
 */
function spanName(tokens: Token[], at: number, long: boolean): string | undefined {
  // "the decorating take": the tagger may call the subject a verb too, so the run stops at the question's own verb.
  const run = nounRun(tokens, at, false).words;
  const subject = { words: /^(?:take|last|cost|be)$/.test(run.at(-1) ?? '') ? run.slice(0, -1) : run };
  if (subject.words.length > 0) return `${named(subject.words)} ${long ? 'Time Estimate' : 'Cost Calculator'}`;
  const verb = tokens
    .slice(at, at + 5)
    .find((t) => t.pos === 'VERB' && /^(?:charge|pay|cost|spend|price)$/.test(t.lemma));
  if (long || !verb) return undefined;
  const link = /^(?:per|for|a|each|on)$/.test(tokens[verb.index + 1]?.lower ?? '') ? 2 : 1;
  const object = nounRun(tokens, verb.index + link, true).words;
  // "charge per hour": a price per unit of time is a rate.
  const rate = object.length === 1 && Object.hasOwn(PER_TIME, object[0]!) ? PER_TIME[object[0]!] : undefined;
  if (rate) return `${named([rate])} Rate Calculator`;
  return object.length > 0 ? `${named(object)} ${verb.lemma === 'spend' ? 'Budget' : 'Price'} Calculator` : undefined;
}

/**
 * "which of the allergens it contains" → Allergen Check; "which courier is cheapest" → Courier
 * Recommendation; any other bidden "which" is left to the rest of the name reading.
 */
function embeddedWhich(tokens: Token[], at: number): string | undefined {
  const among = tokens[at + 1]?.lower === 'of';
  let start = at + (among ? 2 : 1);
  while (tokens[start]?.pos === 'NUM' || tokens[start]?.pos === 'DET') start++;
  const run = nounRun(tokens, start, true);
  const last = tokens[run.end - 1];
  // ("which one won", "which ones expire": a pronoun of a thing names nothing; "which team fixes it" sorts.)
  const best =
    tokens[run.end]?.pos === 'AUX' && /(?:est|best|worst|most|least)$/.test(tokens[run.end + 1]?.lower ?? '');
  const vague = !last || NOUN_CLASSES.vague.has(last.lemma) || run.words.some((w) => /^ones?$/.test(w));
  if (run.words.length === 0 || vague || !(among || best)) return undefined;
  return `${named([...run.words.slice(0, -1), last.lemma])} ${among ? 'Check' : 'Recommendation'}`;
}

/**
 * "tell me what an employee's overtime pay comes to" → Employee Overtime Pay Calculator; "what the
 * delivery would cost": the same; any other bidden "what" ("what the customer wants") is left.
 */
function embeddedWhat(tokens: Token[], at: number): string | undefined {
  const run = nounRun(tokens, at + 1, false);
  const next = tokens[run.end];
  const sums = next !== undefined && /^(?:to|up|out)$/.test(next.lower) && tokens[run.end - 1]?.pos === 'VERB';
  const words = sums ? run.words.slice(0, -1) : run.words;
  // ("what the patient is asking about" asks no amount.)
  const is = next?.pos === 'AUX' && !/^(?:VERB|ADJ|ADV)$/.test(tokens[run.end + 1]?.pos ?? '');
  if (words.length === 0 || !(sums || is)) return undefined;
  return `${named(words)} Calculator`;
}
