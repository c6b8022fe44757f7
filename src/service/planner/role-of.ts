/**
 * The role of one phrase of a prompt's list: an input, what the job makes, a list's columns, the
 * occasion a document is for, or none. Read from the word that opens its list (the marker), the verb
 * that governs it, and the roles of the lists before it; readRoles (roles.ts) walks the lists.
 */
import { conceptOf } from '../../contract/field-concepts';
import { MODIFIERS, NOUN_CLASSES, VERB_CLASSES, WORKED_NOUNS } from '../../contract/prompt-words';
import { deliverableOf } from './deliverables';
import { declared, describedByList, listedQuestion, madeWith, noInput, takes, toldAfter } from '../language/markers';
import { givenBy } from '../language/values';
import { happensOn } from '../language/asides';
import { doneByOthers, othersAreWont } from '../language/verbs';
import { sentToAddress } from '../language/sent-to';
import type { Enumeration } from '../language/enumerations';
import { DETERMINERS, type Phrase, type Token } from '../language/parse';

const { worksOn: WORKS_ON, takes: TAKES, makes: MAKES } = VERB_CLASSES;
const { inputMarkers: INPUT_MARKERS } = MODIFIERS;
const { containers: CONTAINERS, people: PEOPLE } = NOUN_CLASSES;
/** "…, the distance round the room and the wall height": what an input is of, or where, leaves its list going. */
const LIST_GOES_ON = /^(?:of|whether|to|for|in|at|on|from|with|about|round|around|across|along|between)$/;

export type Role = 'input' | 'output' | 'columns' | 'occasion' | 'none';

export function roleOf(
  tokens: Token[],
  verbAt: (Token | undefined)[],
  group: Enumeration,
  phrase: Phrase,
  marker: string,
  verb: Token | undefined,
  explicit: boolean,
  previous: Enumeration | undefined,
  lastRole: Role,
  containerRole: Role,
): Role {
  // A stated value, a unit converted between, a sender named in capitals (language/markers.ts); with the
  // inputs listed, what others are wont to bring ("Guests often email with questions") is story.
  if (noInput(tokens, phrase, marker)) return 'none';
  if (sentToAddress(phrase, marker, verb)) return 'input';
  if (verb && explicit && group.items.length === 1 && marker !== 'given' && othersAreWont(tokens, verb)) return 'none';
  // "…, whether nail trim, owner mobile", "the kind of reminder (…) and the expiry date", "relationship to the
  // recipient, and the recipient's name": inputs go on; "go to the teacher, the head of year or …" offers places.
  const own = marker === 'whether' || DETERMINERS.has(tokens[phrase.start - 1]?.lower ?? '');
  // (Read at most 24 words on, so a long list stays linear.)
  const start = group.items[0]!.start;
  const offered = tokens.slice(start, start + 24).find((t) => /^(?:[.;!?]|or)$/.test(t.lower))?.lower === 'or';
  const listed = LIST_GOES_ON.test(marker) && !offered && lastRole === 'input';
  // "for a given date": what the person is to give, whatever opens it.
  // ("Quote: how many guests, and the date": what follows a question listed among the inputs goes on.)
  const how = tokens[group.items[0]!.start - 1];
  const asked = how?.lower === 'how' && group.items[0]!.words[0] === 'many' && listedQuestion(tokens, how);
  if ((listed && phrase !== group.items[0] && own) || phrase.given || (asked && phrase !== group.items[0]))
    return 'input';
  if (marker === 'on' && explicit && happensOn(tokens, group, previous)) return 'none';
  // "the hours worked on each project", "a fee for every hour": which one, not a value to give.
  if (/^(?:each|every)$/.test(tokens[phrase.start - 1]?.lower ?? '') && /^(?:on|for|in|per|at)$/.test(marker))
    return 'none';
  // "action items, each with an owner and a due date": what each made item has is made too.
  const each = tokens[(group.items[0]!.before?.index ?? 0) - 1]?.lower === 'each';
  if (marker === 'with' && lastRole === 'output' && each) return 'output';
  if (toldAfter(tokens, group, marker, previous)) return 'none';
  // "Summarise a call transcript I paste in: key points, objections…": what is found in the text.
  const text = previous && conceptOf(previous.items.at(-1)!.head)?.kind === 'text';
  const worker = previous && verbAt[previous.items.at(-1)!.start];
  const finds = worker && (VERB_CLASSES.summarize.has(worker.lemma) || VERB_CLASSES.extract.has(worker.lemma));
  if (marker === ':' && text && finds) return 'output';
  const lemma = marker.startsWith('verb:') ? marker.slice(5) : undefined;
  // "tell the customer their delivery window", "send the team a summary": what a person is told or sent is made.
  const person = previous?.items.length === 1 ? previous.items[0]! : undefined;
  const told = person !== undefined && phrase.before !== undefined && person.end === phrase.before.index + 1;
  const recipient = told && PEOPLE.has(person.head) ? person.before : undefined;
  if (recipient?.pos === 'VERB' && /^(?:tell|give|send|show|email|offer)$/.test(recipient.lemma) && marker !== 'given')
    return 'output';
  if (marker === '(' && previous) {
    const owner = previous.items.at(-1)!;
    return owner.plural || CONTAINERS.has(owner.head) ? 'columns' : 'input';
  }
  // "we can give notice", "they take leave": what someone else does is no value the person gives;
  // "they'd type the address, the comments and a rating": a list someone types in is given, whoever types it.
  // "… and give feedback": a verb that gives or makes, bidden, makes.
  const verbToken = group.items[0]!.before;
  const byOthers = verbToken !== undefined && doneByOthers(tokens, verbToken);
  const valued = !/^(?:text|string)?$/.test(conceptOf(phrase.head)?.kind ?? '');
  const taken = takes(tokens, marker, group.items[0]!) && (!byOthers || group.items.length > 1);
  if (lastRole === 'output' && valued && madeWith(tokens, group, marker)) return 'output';
  const article = /^(?:a|an)$/.test(tokens[phrase.start - 1]?.lower ?? '');
  if (explicit && group.items.length === 1 && !phrase.given && describedByList(tokens, phrase, lemma, marker))
    return 'none';
  if (INPUT_MARKERS.has(marker) || taken || phrase.given || declared(marker, group, tokens)) return 'input';
  // "a reminder to a client with an overdue invoice, using their name…": with the inputs listed, what a person has says who.
  const ofPerson = article && group.items.length === 1 && PEOPLE.has(previous?.items.at(-1)?.head ?? '');
  if (marker === 'with' && explicit && ofPerson) return 'none';
  // "a table with the venue cost, catering per person…" lists what it is made from; "a list of
  // action items with owners and due dates" (plurals after a plural) names the made list's columns.
  // "paste the email and get back JSON with the policy number, …": what is found in a pasted text is made.
  const getting = marker === 'with' && /^(?:get|return|give)$/.test(verb?.lemma ?? '');
  if (getting && tokens.slice(0, verb!.index).some((t) => t.lemma === 'paste')) return 'output';
  if (marker === 'with' && previous && lastRole === 'output') {
    const owner = previous.items.at(-1)!;
    const columns = (owner.plural || CONTAINERS.has(owner.head)) && group.items.every((p) => p.plural);
    const given =
      group.items.length > 1 ||
      phrase.possessive ||
      conceptOf(phrase.head) !== undefined ||
      CONTAINERS.has(phrase.head);
    return given && !columns ? 'input' : 'output';
  }
  // "a summary of the tasks", "an analysis of the results": what is summed up or analysed is given.
  const made = previous?.items.at(-1)?.head ?? '';
  if (marker === 'of' && !explicit && WORKED_NOUNS.has(made) && !PEOPLE.has(phrase.head)) return 'input';
  // "1.2% of the sale price": what a share is taken of.
  if (marker === 'of' && /^(?:%|percent)$/.test(tokens[phrase.before!.index - 1]?.lower ?? '')) return 'input';
  if (marker === 'of' && previous && CONTAINERS.has(previous.items.at(-1)!.head)) {
    if (/^(?:to|into|as)$/.test(previous.items.at(-1)!.before?.lower ?? '')) return 'output';
    if (containerRole === 'input') return 'input';
    const governing = verbAt[previous.items.at(-1)!.start];
    // "targeting a list of keywords": a participle describes what the job is given.
    return governing &&
      !governing.lower.endsWith('ing') &&
      !WORKS_ON.has(governing.lemma) &&
      !TAKES.has(governing.lemma) &&
      !/^(?:from|given|using|for|of)$/.test(previous.items.at(-1)!.before?.lower ?? '')
      ? 'output'
      : 'input';
  }
  // "grade an essay against a rubric", "address them by first name": a value to give, unless a list follows a colon.
  const indefinite = article || (marker === 'by' && givenBy(tokens, phrase));
  const against = /^(?:against|at|by)$/.test(marker) && indefinite && tokens[phrase.end]?.text !== ':';
  if (against && phrase === group.items[0] && !PEOPLE.has(phrase.head)) return 'input';
  // "reply to them with a thank-you email": a message to write, not a value to give.
  if (marker === 'with' && group.items.length === 1 && !phrase.possessive && deliverableOf(phrase)?.draft)
    return 'output';
  if (marker === ':' || marker === 'with')
    return group.items.length > 1 || marker === 'with' || /^(?:,|and)$/.test(tokens[phrase.end]?.lower ?? '')
      ? 'input'
      : 'none';
  // "compute its SLA deadline": what is computed is made, whoever it belongs to.
  const computed = lemma !== undefined && VERB_CLASSES.compute.has(lemma) && !WORKS_ON.has(lemma);
  // "a thank-you after their first order, using their name …": when it happens is no value to give;
  // nor, with the inputs listed, a thing others do something to ("customers who didn't renew their plan").
  const when = explicit && (/^(?:after|before|since|following|during|until)$/.test(marker) || (byOthers && !valued));
  if (phrase.possessive && !/^(?:to|into|as)$/.test(marker) && !(lemma && MAKES.has(lemma)) && !computed && !when)
    return 'input';
  if (lemma && WORKS_ON.has(lemma)) return explicit ? 'none' : 'input';
  if ((marker === 'whether' || marker === 'if') && verb && WORKS_ON.has(verb.lemma)) return explicit ? 'none' : 'input';
  // "eligible for a free cancellation": what a state is for is no value to give.
  if (marker === 'for' && tokens[phrase.before!.index - 1]?.pos === 'ADJ') return 'none';
  if (marker === 'about' || marker === 'for') {
    const first = group.items[0]!;
    // "for a target audience" is a value to give; "for a loan" only says what the job is about.
    const bare = group.items.length === 1 && first.words.length === 1 && (PEOPLE.has(first.head) || marker === 'for');
    // "for a conference attendee: their name, …", "for an overdue invoice: invoice amount, …": what
    // follows the colon is what is given about it.
    const last = group.items.at(-1)!;
    if (
      marker === 'for' &&
      ((PEOPLE.has(last.head) && last.words[0] !== 'number') || /^[:;]$/.test(tokens[last.end]?.text ?? ''))
    )
      return 'none';
    // "an offer for tenants, their name, unit and the new rent": who it is for, then what they have.
    if (marker === 'for' && PEOPLE.has(first.head) && phrase !== first && group.items.length > 2) return 'input';
    // "for our headcount and a budget per person": a list of values.
    const values = group.items.some((p) => conceptOf(p.head) !== undefined);
    if (group.items.length > 1 && values && !group.items.some((p) => PEOPLE.has(p.head))) return 'input';
    // "captions for a product launch, given …": with the inputs listed, what it is for is its occasion.
    const occasion = explicit && group.items.length === 1 && conceptOf(first.head) === undefined;
    if (!/^(?:a|an)$/.test(tokens[first.start - 1]?.lower ?? '') || bare) return 'none';
    return occasion ? 'occasion' : 'input';
  }
  // "a reply to a complaint message", "add 8% VAT to a net amount": what is answered or added to is given.
  const answered = previous && /^(?:reply|response|answer|rebuttal)$/.test(previous.items.at(-1)!.head);
  const added = /^(?:add|apply)$/.test(verb?.lemma ?? '');
  if (marker === 'to' && !explicit && (answered || added) && !PEOPLE.has(phrase.head)) return 'input';
  // "Choose the hair type (straight, wavy or curly)": what the person chooses among values offered is given.
  if (/^(?:choose|pick|select)$/.test(lemma ?? '') && /^[(:]$/.test(tokens[phrase.end]?.text ?? '')) return 'input';
  if (lemma || /^(?:to|into|as|in)$/.test(marker)) return 'output';
  return 'none';
}
