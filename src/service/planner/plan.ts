/**
 * The rule planner: a prompt is parsed (../language: tagged words, noun phrases, lists and choices),
 * its phrases given roles (roles.ts), its inputs typed through the field vocabulary (fields.ts), one
 * recipe chosen (recipes.ts), and its steps filled from the parse, with the documents written by
 * ../drafting. Pure and deterministic: the same prompt always gives the same plan.
 */
import { conceptOf } from '../../contract/field-concepts';
import { CURRENCIES, MODIFIERS, NOUN_CLASSES } from '../../contract/prompt-words';
import { makeField } from '../workflow/field';
import { inputSchema } from '../workflow/input-schema';
import type { StepSpec, WorkflowPlan } from '../workflow/plan-types';
import { clipAtWord, kebabCase, sentenceCase, snakeCase } from '../lib/text-case';
import { deliverableOf, producedPhrase, unmet, type Deliverable } from './deliverables';
import { readFields } from './fields';
import { PEOPLE } from './phrase-field';
import { readGuards } from './guards';
import { subjectPhrase, workflowName } from './workflow-name';
import { madeName } from './made-name';
import { noteTitle } from '../language/title';
import { wantedIn } from '../language/verbs';
import { describePlan } from '../drafting/describe-plan';
import { concurrencyOf, readPlanningNotes } from './notes';
import { chooseRecipe, entityKindsOf, rateField } from './recipes';
import { classifyTemplate, computeTemplate } from '../drafting/result-templates';
import { plain } from '../drafting/draft-parts';
import { documentKindOf, reportTemplate, subjectField, type DocumentKind } from '../drafting/report-template';
import { readRoles, VERBS, WORKS_ON, type Reading } from './roles';
import { wantedFormats } from '../language/formats';
import { requestOf } from '../language/request';
import { respelt } from '../language/respell';
import { listedValues, terseRequest } from '../language/terse';

/** A prompt the planner cannot turn into a workflow; the message says what to change. */
export class PlanningError extends Error {
  override name = 'PlanningError';
}

/** Only the start of a very long prompt is read, so planning stays fast whatever is pasted in. */
const READ_LIMIT = 6000;
const MAX_FIELDS = 25;

function assertPlannable(reading: Reading, text: string): void {
  if (text.trim() === '')
    throw new PlanningError(
      'the prompt is empty: describe what the workflow should do, e.g. "Summarize meeting notes and list the action items"',
    );
  // A question about a thing ("Does this purchase order need sign-off?") has something to do too;
  // a verb the vocabulary does not know ("zorblax the frobnicator") is not enough on its own.
  const sentence = reading.tokens.some((t) => t.pos === 'AUX') && reading.phrases.length > 0;
  // ("scale a recipe - paste recipe, servings wanted": a verb it does not know, with what it is given, is a job.)
  const meaningful =
    sentence ||
    reading.inputs.length > 0 ||
    reading.tokens.some((t) => VERBS.has(t.lemma) || VERBS.has(t.lower) || conceptOf(t.lemma) !== undefined);
  if (!meaningful)
    throw new PlanningError(
      'the planner could not find anything to do in this prompt (the built-in rules read English): say what to make and from what, e.g. "Write a company brief from a company name and its website"',
    );
}

/** A file name for the workflow's documents: "Company Brief" → "company-brief". */
function baseName(name: string): string {
  const base = clipAtWord(kebabCase(name), 40, '-') || 'report';
  return ['summary', 'entities', 'draft'].includes(base) ? `${base}-report` : base;
}

/** A currency the result is wanted in ("converted to EUR", "in USD"), not one it is in ("all prices are in GBP"). */
const targetCurrency = ({ tokens }: Reading) =>
  tokens.find((t, i) => CURRENCIES.test(t.lower) && wantedIn(tokens, i))?.text.toUpperCase();

/** Nouns that only wrap a job: "a tool that…", "a workflow to…", "something which…". */
const { wrappers: WRAPPERS } = NOUN_CLASSES;

/**
 * "I need a tool that tells me whether a visitor needs a visa", "Build a workflow to summarise
 * reviews": the job is what the wrapper does, read as if it were asked for directly.
 */
function unwrapped(reading: Reading): Reading {
  const wrapper = reading.phrases[0];
  const [after, verb] = [reading.tokens[wrapper?.end ?? -1], reading.tokens[(wrapper?.end ?? -1) + 1]];
  if (!wrapper || !WRAPPERS.has(wrapper.head) || !/^(?:that|which|to)$/.test(after?.lower ?? '')) return reading;
  if (verb?.pos !== 'VERB') return reading;
  const asked = reading.tokens.slice(verb.index).map((t) => t.text);
  return readRoles(asked.join(' '));
}

export function planWorkflow(prompt: string, opts: { name?: string; description?: string }): WorkflowPlan {
  const text = prompt.slice(0, READ_LIMIT);
  // The roles are read from the request in plain words; rules and notes quote the prompt as written.
  const asked = listedValues(terseRequest(requestOf(respelt(text))));
  const reading = unwrapped(readRoles(asked));
  assertPlannable(reading, asked);
  const lower = text.toLowerCase();
  const { notes, noted } = readPlanningNotes(text);
  const fields = readFields(reading, noted).slice(0, MAX_FIELDS);
  const guards = readGuards(text, fields);
  const wants = wantedFormats(lower);
  const entityKinds = entityKindsOf(reading);
  const recipe = chooseRecipe(reading, fields, wants.csv, entityKinds, guards.steps.length > 0);
  const deliverables = reading.outputs.map(deliverableOf).filter((d): d is Deliverable => d !== null);

  // Summing up, sorting or extracting needs a text to work on; name it when the prompt did not.
  const texts = () => fields.filter((f) => f.kind === 'text');
  // Sorting needs one only when nothing else is given: "based on the income, the rent and the score" sorts by those.
  // "Translate our return policy into Spanish", "… in the tone I pick": a job that works on a thing needs its text.
  const worksOnSomething =
    fields.every((f) => f.kind === 'enum' && NOUN_CLASSES.manner.has(f.key)) &&
    recipe !== 'check' &&
    reading.tokens.some(
      (t, i) => t.pos === 'VERB' && WORKS_ON.has(t.lemma) && (i === 0 || /^[.!?]$/.test(reading.tokens[i - 1]!.text)),
    );
  if (
    (recipe === 'summarize' ||
      recipe === 'extract' ||
      worksOnSomething ||
      (recipe === 'classify' && fields.every((f) => f.kind === 'enum'))) &&
    texts().length === 0 &&
    !fields.some((f) => f.kind === 'uri' || f.kind === 'list')
  ) {
    const about = subjectPhrase(reading, recipe);
    const named = about?.words.filter((word) => !MODIFIERS.style.has(word));
    const words = about && named?.length && !PEOPLE.has(about.head) && named.length <= 3 ? named : ['text'];
    // "look up a competitor's website": what is worked on may be an address, not a text.
    const kind = conceptOf(words.at(-1)!)?.kind === 'uri' ? 'uri' : 'text';
    fields.push(makeField(snakeCase(words.join(' ')), kind, words.at(-1)!, about?.start ?? 0));
  }
  // "Route patient messages to…": a run sorts one text, named in the singular unless a rule names it.
  const guarded = new Set(guards.steps.map((g) => ('field' in g ? g.field : '')));
  for (const f of recipe === 'classify' ? texts() : [])
    if (/s$/.test(f.key) && !f.key.endsWith(snakeCase(f.head)) && !guarded.has(f.key)) {
      f.key = [...f.key.split('_').slice(0, -1), f.head].join('_');
      f.title = sentenceCase(f.key);
    }
  const target = targetCurrency(reading);
  if (recipe === 'compute' && target && !fields.some((f) => f.key.endsWith('rate')))
    fields.push(rateField(target, Number.MAX_SAFE_INTEGER));
  fields.sort((a, b) => a.position - b.position);

  const subject = subjectField(fields);
  const name =
    opts.name?.trim() ||
    noteTitle(text) ||
    madeName(reading, workflowName(reading, recipe, noted, recipe === 'compute' ? target : undefined), recipe);
  const base = baseName(name);
  const steps: StepSpec[] = [...guards.steps];
  const sources = texts().map((f) => f.key);
  const summarize = recipe === 'summarize' && sources.length > 0;
  if (summarize) {
    const count = /\b(\d{1,2}) (?:sentences|lines|bullet points|bullets|points)\b/.exec(lower);
    const sentences = count ? Math.min(20, Math.max(1, Number(count[1]))) : 3;
    steps.push({ kind: 'summarize', fields: sources, sentences, filename: 'summary.md' });
  }
  const extract = (recipe === 'extract' || recipe === 'summarize') && entityKinds.length > 0 && sources.length > 0;
  if (extract) steps.push({ kind: 'extract_entities', fields: sources, filename: 'entities.json' });

  const draft =
    recipe === 'message' || recipe === 'document' || recipe === 'check'
      ? deliverables.find((d) => d.draft !== null)
      : undefined;
  const kindOfText = documentKindOf(reading.outputs.map((p) => p.words.join(' ')).join(' '));
  const drafting = kindOfText === 'report' ? draft : undefined;
  const documentKind: DocumentKind = drafting?.draft ?? kindOfText;
  const leftOut = unmet(
    reading,
    deliverables,
    summarize,
    drafting,
    recipe,
    guards.steps.length + guards.checks.length > 0,
  );
  const outputNotes = leftOut.map((item) => item.note);
  let markdown = false;
  const source = texts()[0];
  if (recipe === 'classify' && source) {
    const categories = reading.choices.find((c) => c.categories)?.values ?? [];
    const urgency = /\burgen(?:t|cy)|priority\b/.test(lower);
    const template = classifyTemplate(
      source,
      categories,
      fields.filter((f) => f !== source),
      urgency,
    );
    steps.push({ kind: 'markdown_report', filename: `${base}.md`, title: plain(name), template, syntax: 'liquid' });
    markdown = true;
  } else if (recipe === 'compute') {
    const amounts = fields.find((f) => f.kind === 'list' && (f.itemKind === 'number' || f.itemKind === 'integer'));
    if (amounts) {
      const currency = fields.find((f) => f.head === 'currency');
      const rate = fields.find((f) => f.key.endsWith('exchange_rate'));
      const others = fields.filter((f) => f !== amounts && f !== currency && f !== rate);
      const filename = `${base}.${wants.csv || !wants.json ? 'csv' : 'md'}`;
      const template = computeTemplate(amounts, rate, currency, target, others);
      steps.push({ kind: 'markdown_report', filename, title: '', template, syntax: 'liquid' });
      wants.csv = false;
    }
  }
  if (
    (recipe === 'table' || (wants.csv && fields.length > 0)) &&
    !steps.some((s) => 'filename' in s && s.filename.endsWith('.csv'))
  ) {
    const table = fields.find((f) => f.kind === 'rows') ?? fields.find((f) => f.kind === 'list');
    steps.push({ kind: 'csv_table', field: table?.key ?? '*', filename: `${table ? kebabCase(table.key) : base}.csv` });
  }
  const hasResult = steps.some((s) => s.kind !== 'guard');
  if (
    !markdown &&
    ((recipe !== 'table' && recipe !== 'compute') ||
      wants.html ||
      wants.pdf ||
      wants.text ||
      wants.approval ||
      !hasResult) &&
    !(wants.json && !wants.html && !wants.pdf && !wants.text && !wants.approval && recipe === 'document' && hasResult)
  ) {
    const report = (stage?: 'draft' | 'final') =>
      reportTemplate({
        name,
        fields,
        summaryKey: summarize ? 'summary' : undefined,
        entitiesKey: extract ? 'entities' : undefined,
        entityKinds,
        stage,
        prompt: text,
        documentKind,
        deliverable: drafting,
        checks: guards.checks,
        notices: outputNotes.map((note) => note.text),
      });
    markdown = true;
    if (wants.approval) {
      const draftName = `the draft ${plain(name.toLowerCase())}${subject ? ` for {{ input.${subject.key} }}` : ''}`;
      const message = `Review ${draftName}: approve it to finish, or reject it to stop.`;
      steps.push({ kind: 'markdown_report', filename: 'draft.md', ...report('draft') });
      steps.push({ kind: 'approval', message, syntax: 'liquid' });
      steps.push({ kind: 'markdown_report', filename: `${base}.md`, ...report('final') });
    } else steps.push({ kind: 'markdown_report', filename: `${base}.md`, ...report() });
  }
  if (wants.html && markdown) steps.push({ kind: 'render_html', filename: `${base}.html` });
  if (wants.pdf && markdown) {
    const title = subject ? `${plain(name)}: {{ input.${subject.key} }}` : plain(name);
    steps.push({ kind: 'pdf_document', filename: `${base}.pdf`, title, syntax: 'liquid' });
  }
  if (wants.text && markdown) steps.push({ kind: 'plain_text', filename: `${base}.txt` });
  if (wants.json || !steps.some((s) => s.kind !== 'guard')) {
    const findings = [...(summarize ? ['summary.md'] : []), ...(extract ? ['entities.json'] : [])];
    const notProduced = outputNotes.length > 0 ? { notProduced: outputNotes.map((note) => note.text) } : {};
    steps.push({ kind: 'json_output', filename: `${base}.json`, findings, ...notProduced });
  }
  steps.push({ kind: 'bundle' });

  return {
    name,
    description:
      opts.description?.trim() ||
      describePlan(fields, steps, guards.violations, entityKinds, {
        document: drafting ? producedPhrase(drafting) : undefined,
        leftOut: leftOut.map((item) => item.what),
      }),
    input_schema: inputSchema(fields),
    concurrency: concurrencyOf(lower),
    steps,
    planning_notes: [...notes, ...outputNotes],
  };
}
