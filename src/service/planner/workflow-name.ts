/**
 * What a workflow is called, read from the prompt's main verb and the phrase after it: what it makes
 * ("Offer Letter"), what it finds ("Abandoned Carts"), or what it works on and what it does to it
 * ("Support Ticket Triage"). naming.ts turns the chosen phrases into words.
 */
import { CURRENCIES, MODIFIERS, NOUN_CLASSES, NOUN_OF_VERB, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { deliverableOf } from './deliverables';
import { PEOPLE } from './phrase-field';
import { kindAlone, nameOf, phraseName, type Recipe } from './naming';
import { named } from '../language/title';
import { UNITS, type Phrase } from '../language/parse';
import { questionName } from '../language/question-name';
import { sharedHead } from '../language/noun-run';
import { opensClause, participleOfNoun, reckonsWhether } from '../language/verbs';
import { aboutOf, wantedPhrase } from '../language/wanted';
import { occasionName, occasionOf } from '../language/occasion';
import { type Reading } from './roles';
import { handedTo } from '../language/sent-to';

const { naming: MAKE_VERBS, sends: SEND_VERBS, looksUp: LOOKUP_VERBS, prepares: PREPARING_VERBS } = VERB_CLASSES;
const { classify: CLASSIFY_VERBS, takes: TAKE_VERBS } = VERB_CLASSES;

const { containers: CONTAINERS } = NOUN_CLASSES;

/** The phrase the workflow works on or is about: the first input, else the first phrase. */
export function subjectPhrase(reading: Reading, recipe: Recipe): Phrase | undefined {
  const worked = reading.inputs.find((input) => !input.phrase.possessive)?.phrase;
  if (recipe === 'classify' || recipe === 'summarize' || recipe === 'check') {
    const object = reading.phrases.find(
      (p) => p.before?.pos === 'VERB' || /^(?:whether|if)$/.test(p.before?.lower ?? ''),
    );
    // "check whether a customer is eligible for a refund": what is checked is the refund.
    // "… whether a ticket breached our SLA", "check the pages for broken links": the same, by a verb it did or
    // what it is searched for; but "an email follows our rules" checks the email, "check a form for problems" the form.
    const next = object && reading.tokens[object.end];
    const did =
      next?.pos === 'VERB' && !/(?:ing|based|given)$/.test(next.lower) && !VERB_CLASSES.conforms.has(next.lemma);
    const state = next && (next.pos === 'AUX' || did || next.lower === 'for');
    // The clause ends at a comma or at what the job is given: "whether a room is free, given the room name".
    const stop = reading.tokens.find(
      (t) => t.index > (object?.end ?? 0) && (/^[,;:.(–—-]$/.test(t.text) || MODIFIERS.inputMarkers.has(t.lower)),
    );
    const topic = state
      ? reading.phrases.find(
          (p) =>
            p.start > object.end && p.start <= object.end + 6 && p.start < (stop?.index ?? Infinity) && !quantity(p),
        )
      : undefined;
    const general =
      topic &&
      (NOUN_CLASSES.vague.has(topic.head) ||
        NOUN_CLASSES.faults.has(topic.head) ||
        (next?.lower === 'for' && !topic.plural));
    return (recipe === 'check' && !general ? topic : undefined) ?? object ?? worked;
  }
  return worked ?? reading.phrases.find((p) => !quantity(p));
}

/** "30 days", "10%": an amount the prompt states, which names nothing. */
const quantity = (p: Phrase) => p.fixed && (UNITS.has(p.words.at(-1)!) || !/[a-z]{2}/.test(p.words.join(' ')));

/** The workflow's name; `target` is the currency a computation converts to. */
export function workflowName(reading: Reading, recipe: Recipe, noted: Set<string>, target: string | undefined): string {
  const asked = questionName(reading.tokens, reading.phrases[0]);
  if (asked) return asked;
  // "I'd like a suggested order list", after a story of the business: what is wanted names the job.
  // One that says only its kind ("a summary email for the landlord") leaves the name to the rest of the prompt.
  const wish = wantedPhrase(reading.tokens, reading.phrases);
  // "paste the email and get back JSON with the policy number, …": what is found names nothing; what is pasted does.
  const pasted = reading.inputs.find((input) => input.marker === 'verb:paste' || input.phrase.pasted)?.phrase;
  // "I paste the review … and want a reply": a reply to what is pasted.
  const wishFor = wish && (aboutOf(reading.tokens, reading.phrases, wish, noted) ?? pasted);
  // ("a friendly but firm message to the owner after a no-show": a kind alone for someone is named by its occasion.)
  const forSomeone = wish && kindAlone(wish) && wishFor !== undefined && PEOPLE.has(wishFor.head);
  const occasioned = forSomeone ? occasionOf(reading.tokens, reading.phrases, wish, false) : undefined;
  if (wish && occasioned) return named(occasionName(occasioned, wish.words));
  if (wish && !forSomeone) {
    // "need job sheets for each callout": one is made each run.
    const one = wish.plural && !NOUN_CLASSES.pluralOnly.has(wish.words.at(-1)!);
    const words = one ? [...wish.words.slice(0, -1), wish.head] : wish.words;
    return nameOf(recipe, undefined, { ...wish, words }, undefined, undefined, wishFor);
  }
  // "Send the tenant their balance, …": what is sent is given, so the message is named by whom it goes to.
  const to = reading.phrases.find((p) => reading.inputs.some((i) => i.phrase.before?.index === p.end - 1))?.end;
  const sentTo = to && handedTo(reading.tokens, reading.tokens[to - 1]!) && reading.phrases.find((p) => p.end === to);
  const sent = sentTo && reading.tokens[sentTo.start - 2]!.lemma;
  if (sentTo)
    return named([...sentTo.words.slice(0, -1), sentTo.head, sent === 'text' || sent === 'email' ? sent : 'message']);
  if (recipe === 'extract' && pasted && !reading.outputs.some((p) => deliverableOf(p) !== null))
    return nameOf(recipe, undefined, undefined, pasted, undefined);
  const made =
    reading.outputs.find((p) => deliverableOf(p) !== null) ??
    reading.outputs.find((p) => !CURRENCIES.test(p.head) && !(PEOPLE.has(p.head) && p.words.length === 1));
  // The prompt's first verb names the job, and the phrase just after it what the job is about.
  // A sending verb is noted (the service sends nothing), yet "email the team a summary" still names the summary.
  const main = reading.tokens.find(
    (t) =>
      (t.pos === 'VERB' || opensClause(reading.tokens, t)) &&
      !participleOfNoun(reading.tokens, t) &&
      (VERBS.has(t.lemma) || VERBS.has(t.lower)) &&
      // "Given a parcel's weight…", "take the CSV I paste and give me a summary": what the job is given is not the job.
      !MODIFIERS.inputMarkers.has(t.lower) &&
      !(
        TAKE_VERBS.has(t.lemma) &&
        !MAKE_VERBS.has(t.lemma) &&
        !LOOKUP_VERBS.has(t.lemma) &&
        !PREPARING_VERBS.has(t.lemma)
      ) &&
      (!noted.has(t.lower) || SEND_VERBS.has(t.lemma)),
  );
  // "lesson plan for a class, and list the objectives": a prompt that opens with a thing names it.
  const opening = reading.phrases[0];
  // "A seating plan is needed", "A packing slip should be generated from…": what is wanted, said in the passive.
  let passive = opening?.end ?? 0;
  while (reading.tokens[passive]?.pos === 'AUX' || reading.tokens[passive]?.pos === 'PART') passive++;
  const wanted =
    opening !== undefined &&
    passive > opening.end &&
    /^[a-z]+(?:ed|en|wn)$/.test(reading.tokens[passive]?.lower ?? '') &&
    reading.tokens.slice(0, opening.start).every((t) => t.pos === 'DET');
  if (wanted) return nameOf(recipe, undefined, opening, undefined, undefined);
  // "Tenant is behind on rent. Write them…", "estate agent here.": a subject or a greeting names nothing.
  const subject =
    /^(?:AUX|VERB)$/.test(reading.tokens[opening?.end ?? 0]?.pos ?? '') ||
    reading.tokens[opening?.end ?? 0]?.lower === 'here';
  // "customer complained, write an apology": what happened, set off by a comma, is no title.
  const titled = !main || NOUN_CLASSES.made.has(opening?.head ?? '') || reading.tokens[opening?.end ?? 0]?.text !== ',';
  if (
    opening?.start === 0 &&
    (!main || main.index > opening.end) &&
    !noted.has(opening.words[0]!) &&
    !subject &&
    titled
  )
    return nameOf(recipe, undefined, opening, undefined, undefined);
  // "send the team a summary", "email the parents…": who receives it is not what is made.
  // "update our Shopify stock levels": the stock levels, wherever they are kept.
  const unnoted = (p: Phrase) =>
    noted.has(p.words[0]!) && p.words.length > 1 && !noted.has(p.head)
      ? { ...p, words: p.words.slice(1), owner: p.owner && p.owner > 1 ? p.owner - 1 : undefined }
      : p;
  const first = main
    ? reading.phrases.map(unnoted).find(
        (p) =>
          p.start > main.index &&
          p.start <= main.index + 5 &&
          !noted.has(p.words[0]!) &&
          !quantity(p) &&
          // "flag any day that…": a quantified object says which, not what the job is about.
          !/^(?:any|each|every|all)$/.test(reading.tokens[p.start - 1]?.lower ?? '') &&
          // "assign P1, P2 or P3 to a bug": the categories are not what is sorted.
          !reading.choices.some((c) => c.categories && c.values.some((v) => v.toLowerCase() === p.words.join(' '))) &&
          !(PEOPLE.has(p.head) && reading.phrases.some((q) => q.start === p.end || q.before?.index === p.end - 1)),
      )
    : undefined;
  // "categorize a list of expense descriptions": the list holds what the job is about.
  const object =
    first && CONTAINERS.has(first.head) && reading.tokens[first.end]?.lower === 'of'
      ? (reading.phrases.find((p) => p.start > first.end && p.start <= first.end + 3) ?? first)
      : first;
  const shared = main && sharedHead(reading.tokens, reading.phrases, main);
  if (shared && main && MAKE_VERBS.has(main.lemma)) return phraseName(shared);
  // "turn the delivery note into a CSV", "turn an exit interview transcript into a summary": what it
  // becomes names the job, and what it was names a general result ("Exit Interview Summary").
  const turned =
    main && object && /^(?:turn|convert|transform|change)$/.test(main.lemma)
      ? reading.phrases.find(
          (p) =>
            p.before?.lower === 'into' &&
            p.start > object.end &&
            p.start <= object.end + 8 &&
            !CURRENCIES.test(p.head) &&
            !UNITS.has(p.head),
        )
      : undefined;
  // "into a list of action items": the list holds what it becomes.
  const into =
    turned && /^(?:list|set|collection|series)$/.test(turned.head) && reading.tokens[turned.end]?.lower === 'of'
      ? reading.phrases.find((p) => p.start > turned.end && p.start <= turned.end + 3)
      : turned;
  if (into) return nameOf(recipe, undefined, into, undefined, undefined, object);
  // "add 8% VAT to a net amount", "apply a 15% discount": a rate the prompt states names what is worked out.
  if (main && object?.fixed && /^(?:add|apply|deduct|subtract|charge)$/.test(main.lemma))
    return `${phraseName(object)} Calculator`;
  // "extract the vendor, date and total from receipt text": a list of things found names the job by where they are found.
  const listed = recipe === 'extract' && object && /^(?:,|and)$/.test(reading.tokens[object.end]?.lower ?? '');
  const source = listed ? reading.inputs.find((input) => input.marker === 'from')?.phrase : undefined;
  // "research the person and draft a message": the research only prepares what is made.
  const next = main && reading.outputs.find((p) => p.start >= (first?.end ?? main.index + 1));
  if (main && PREPARING_VERBS.has(main.lemma) && next)
    return nameOf(recipe, undefined, next, subjectPhrase(reading, recipe), undefined);
  // "check where the order is and write them a short update": the check prepares what is written about it.
  const written = reading.tokens.find(
    (t) =>
      t.index > (object?.end ?? Infinity) &&
      t.pos === 'VERB' &&
      MAKE_VERBS.has(t.lemma) &&
      reading.tokens[t.index - 1]?.lower === 'and',
  );
  const update = written && reading.phrases.find((p) => p.start > written.index && p.start <= written.index + 4);
  const oneClause =
    main && written && !reading.tokens.slice(main.index, written.index).some((t) => /^[:.;!?]$/.test(t.text));
  if (main && VERB_CLASSES.check.has(main.lemma) && update && oneClause)
    return nameOf(recipe, undefined, update, undefined, undefined, object);
  const sorting = recipe === 'classify' ? reading.verbs.find((v) => CLASSIFY_VERBS.has(v)) : undefined;
  // ("work out whether an applicant meets…" checks; it works nothing out.)
  const verb =
    sorting ??
    (main && Object.hasOwn(NOUN_OF_VERB, main.lemma) && main !== reckonsWhether(reading.whetherAsker)
      ? main.lemma
      : undefined);
  // "tell me whether a visitor needs a visa" checks the visa; it does not make one.
  const drafted = made ?? object;
  const checksOnly =
    recipe === 'check' &&
    main !== undefined &&
    !MAKE_VERBS.has(main.lemma) &&
    !(drafted && deliverableOf(drafted)?.draft);
  const makes =
    main && (MAKE_VERBS.has(main.lemma) || SEND_VERBS.has(main.lemma)) && object
      ? object
      : checksOnly
        ? undefined
        : made;
  // "email the parents of each absent student": a message to people is named by who gets it.
  const recipient = main?.lemma === 'email' && reading.phrases.find((p) => p.before?.index === main.index);
  const alone =
    recipient && !reading.phrases.some((q) => q.start === recipient.end || q.before?.index === recipient.end - 1);
  if (recipient && alone && PEOPLE.has(recipient.head)) return named([recipient.head, 'email']);
  // "compare budgeted vs actual spend", "renting vs buying": the two sides name the comparison.
  const versus = reading.tokens.find((t) => /^(?:vs\.?|versus)$/.test(t.lower) && t.index > 0);
  if (versus) {
    const [left, right] = [reading.tokens[versus.index - 1]!, reading.tokens[versus.index + 1]];
    if (/^[a-z]+$/.test(right?.lower ?? '') && /^[a-z]+$/.test(left.lower))
      return `${named([left.lower.endsWith('ed') ? left.lemma : left.lower])} vs ${named([right!.lower])} Comparison`;
  }
  // "For each catering order, take the client name…": the thing each run is for.
  const each = reading.phrases.find(
    (p) =>
      p.start <= 3 &&
      reading.tokens[p.start - 2]?.lower === 'for' &&
      /^(?:each|every)$/.test(reading.tokens[p.start - 1]?.lower ?? '') &&
      reading.tokens[p.end]?.text === ',' &&
      !CONTAINERS.has(p.head) &&
      !UNITS.has(p.head),
  );
  const about = source ?? each ?? (verb && object && recipe !== 'check' ? object : subjectPhrase(reading, recipe));
  // "an agenda for a workshop", "a reply to a customer complaint", "a summary of the tickets": what the made thing is of.
  const of = makes ? aboutOf(reading.tokens, reading.phrases, makes, noted) : undefined;
  // What a one-word made thing is of, else what the job works on, unless that is one of a list of values ("given a topic, a difficulty…").
  const after = about && reading.tokens.slice(about.end, about.end + 2);
  const inList = after && /^(?:,|and)$/.test(after[0]?.lower ?? '') && !VERBS.has(after[1]?.lower ?? '');
  // "a reply … for a late delivery, using the customer's name…": what the document is for names it.
  const occasion = makes && reading.occasions.find((p) => p.start > makes.end && p.start <= makes.end + 8);
  const owner = occasion ?? (inList ? undefined : about);
  // "find abandoned carts", "pull the daily closing prices": a lookup is named by what it finds,
  // unless it goes on to make a document ("… and make a weekly bug report").
  const found = main && LOOKUP_VERBS.has(main.lower) && object && reading.tokens[object.end]?.text !== ',';
  // "… and make a weekly bug report": a document is a draft, or what a making verb makes.
  const document = reading.outputs.find(
    (p) =>
      deliverableOf(p) !== null ||
      (p.before !== undefined && MAKE_VERBS.has(p.before.lemma) && p.start > (object?.end ?? 0)),
  );
  // "find the company's headquarters, industry and employee count": facts about one thing are its profile.
  if (main && LOOKUP_VERBS.has(main.lower) && object?.owner !== undefined && reading.tokens[object.end]?.text === ',')
    return named([...object.words.slice(0, object.owner), 'profile']);
  return (
    (main && LOOKUP_VERBS.has(main.lower) && document
      ? nameOf(recipe, undefined, document, undefined, undefined, object)
      : undefined) ||
    (found && object && phraseName(object).includes(' ') ? phraseName(object) : undefined) ||
    // "tell me if it is positive, negative or neutral": choosing among values no verb sorts by is a check.
    nameOf(recipe === 'classify' && !sorting ? 'check' : recipe, verb, makes, about, target, of ?? owner)
  );
}
