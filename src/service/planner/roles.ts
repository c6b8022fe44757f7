/**
 * Which noun phrases of a prompt are inputs, which are what it asks to make, and which choices it offers,
 * read from the words that govern them: "from", "given", "using", "with", a possessive ("their name"), the
 * object of "summarize" or "check" (the thing worked on) against the object of "write" (the thing made).
 */
import { NOUN_CLASSES, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { holds, readChoices, type Choice } from '../language/choices';
import { afterAskedClause, isInputMarker, markerOf } from '../language/markers';
import { withoutAsides } from '../language/asides';
import { described, governingVerbs, whetherAsker, whetherListed } from '../language/verbs';
import { enumerations, ownItemAfterColumns } from '../language/enumerations';
import { DETERMINERS, phrases, tokenize, type Phrase, type Token } from '../language/parse';
import { roleOf, type Role } from './role-of';

const { worksOn: WORKS_ON } = VERB_CLASSES;
const { containers: CONTAINERS } = NOUN_CLASSES;
export { VERBS, WORKS_ON };

export interface Reading {
  tokens: Token[];
  phrases: Phrase[];
  /** Phrases read as inputs, in order, with a list's columns; `among`: how many its list holds ("name, start date and manager": 3). */
  inputs: { phrase: Phrase; columns?: Phrase[]; list?: boolean; marker: string; among: number }[];
  /** Phrases read as what the workflow makes ("a follow-up email", "totals"). */
  outputs: Phrase[];
  /** What a document is for or about when its inputs are listed ("captions for a product launch"): it names the job, not a value to give. */
  occasions: Phrase[];
  choices: Choice[];
  /** Lemmas of the verbs, in order. */
  verbs: string[];
  /** The verb whose object is a yes-or-no question ("work out whether…", "check if…"), read once. */
  whetherAsker: Token | undefined;
}

/** Reads a prompt's inputs, outputs and choices. */
export function readRoles(text: string): Reading {
  const tokens = tokenize(text);
  const list = phrases(tokens);
  const groups = withoutAsides(tokens, enumerations(tokens, list));
  const choices = readChoices(tokens, list).slice(0, 20);
  const verbAt = governingVerbs(tokens);
  const inChoice = (p: Phrase) => choices.some((c) => holds(c, p));
  const reading: Reading = {
    tokens,
    phrases: list,
    inputs: [],
    outputs: [],
    occasions: [],
    choices,
    verbs: tokens.filter((t) => t.pos === 'VERB' && !described(tokens, t)).map((t) => t.lemma),
    whetherAsker: whetherAsker(tokens),
  };
  // "given when it was opened", "based on when it was bought": a time named by a clause is given too.
  const explicit =
    groups.some((g) => isInputMarker(tokens, g)) ||
    tokens.some((t) => t.lower === 'when' && /^(?:given|on)$/.test(tokens[t.index - 1]?.lower ?? ''));
  let previousRole: Role = 'none';
  let lastGroupRole: Role = 'none';
  let containerRole: Role = 'none';
  let offering = false;
  groups.forEach((group, n) => {
    const first = group.items[0]!;
    const previous = groups[n - 1];
    let marker = markerOf(tokens, first);
    // ", and the X" after an input list goes on with it: "budget in dollars and timeline in months".
    // ("(start date/end date) and the guest name": slashes in brackets part a list as commas do.)
    const inBrackets = marker === '/' && /^[(/]$/.test(previous?.items[0]!.before?.text ?? '');
    const joined = /^(?:,|and|or|plus)$/.test(marker) || inBrackets;
    if (joined && (previousRole === 'input' || afterAskedClause(tokens, first))) marker = 'given';
    // "the plan (basic, plus or premium) and a trainer name", "contact method: email/text/phone, date": the
    // choices leave the list going; "for a channel (one of email, paid search or social)": what is offered is given.
    if (inChoice(first)) {
      const offered =
        choices.some((c) => c.about && c.about.end === previous?.items.at(-1)?.end) ||
        (previousRole === 'input' && whetherListed(tokens, first));
      // ("get back the type of request (…)": what is made is offered no choice.)
      const made = lastGroupRole === 'output' && offered && markerOf(tokens, previous!.items[0]!) === 'of';
      if (offered && !made && previousRole !== 'output') [previousRole, offering] = ['input', true];
      if (group.items.every(inChoice)) return;
      if (offering) marker = 'given';
    }
    offering = false;
    lastGroupRole = previousRole;
    previousRole = 'none';
    // "a list of products with name, price and quantity": the columns of the list.
    const owner = reading.inputs.at(-1);
    if (
      (marker === 'with' || (marker === ':' && owner?.list)) &&
      owner &&
      owner.phrase === previous?.items.at(-1) &&
      // "from the steps I list, with the process name…": after a clause, phrases with their own
      // article are inputs of their own; "the topics to cover, with time per topic" still has columns.
      (!tokens.slice(owner.phrase.start, owner.phrase.end).some((t) => t.pos === 'VERB') ||
        !DETERMINERS.has(tokens[first.start - 1]?.lower ?? '')) &&
      (owner.phrase.plural || owner.list) &&
      !owner.columns
    ) {
      const own = ownItemAfterColumns(tokens, group);
      owner.columns = own > 0 ? group.items.slice(0, own) : group.items;
      for (const phrase of own > 0 ? group.items.slice(own) : [])
        reading.inputs.push({ phrase, marker: 'given', among: group.items.length - own });
      previousRole = 'input';
      return;
    }
    const verb = verbAt[first.start];
    for (const phrase of group.items) {
      if (inChoice(phrase)) continue;
      const role = roleOf(
        tokens,
        verbAt,
        group,
        phrase,
        marker,
        verb,
        explicit,
        previous,
        lastGroupRole,
        containerRole,
      );
      // "a list of line items (description, quantity) and a due date": the list goes on after its columns,
      // after what an input is of ("the type of matter (…), the fee earner"), a yes or no, or a clause that
      // tells of one ("the reason the delivery failed (…) and the next date"), or one offered values ("Room type: …").
      const told = /^(?:of|whether)$/.test(marker) || first.before?.index === (previous?.items.at(-1)?.end ?? 0) - 1;
      const offers = role === 'none' && choices.some((c) => c.about === phrase);
      const goesOn = role === 'columns' || (role === 'none' && lastGroupRole === 'input' && told) || offers;
      previousRole = goesOn ? 'input' : role === 'occasion' ? 'none' : role;
      if (CONTAINERS.has(phrase.head) && tokens[phrase.end]?.lower === 'of') {
        containerRole = role;
        continue;
      }
      // "for each row of our expense sheet (employee, date, amount)": columns of a sheet the job is
      // not given whole are what each run is given.
      const owner = previous?.items.at(-1);
      if (role === 'columns' && !reading.inputs.some((input) => input.phrase === owner))
        reading.inputs.push({ phrase, marker, among: group.items.length });
      else if (role === 'input') {
        // "a date range (start date and end date)": the columns are the phrases inside the brackets.
        const inside = groups[n + 1];
        const bracketed = tokens[phrase.end]?.text === '(' && inside?.items[0]?.before?.index === phrase.end;
        // ("the client details (name/email/phone)": the parts may be parted by slashes.)
        const parts = [...(inside?.items ?? [])];
        for (let k = n + 2; groups[k]?.items[0]!.before?.text === '/'; k++) parts.push(...groups[k]!.items);
        const columns = bracketed && !inChoice(inside.items[0]!) ? parts : undefined;
        const container = previous?.items.at(-1)?.head ?? '';
        const listed = phrase === first && CONTAINERS.has(container) && !NOUN_CLASSES.measures.has(container);
        const list = (listed && first.before?.lower === 'of') || undefined;
        reading.inputs.push({ phrase, columns, list, marker, among: group.items.length });
      } else if (role === 'output') reading.outputs.push(phrase);
      else if (role === 'occasion') reading.occasions.push(phrase);
    }
  });
  return reading;
}
