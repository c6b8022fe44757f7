import { FieldSet, itemKindOf, makeField, phraseToField, type Field } from '../fields';
import { FILLER, OUTPUT_WORDS, STOP } from '../lexicon';
import { snakeCase } from '../../workflow/text-case';
import { splitItems } from './items';
import { group, lastWord, type ReadState, groupStart } from './state';

/** A making verb just before a phrase: what follows is what the workflow makes. */
const MADE_BEFORE =
  /\b(?:write|draft|generate|create|produce|make|compose|build|prepare|return|give|output|export|send)\s+(?:me\s+|us\s+)?(?:an?\s+|the\s+)?(?:[a-z-]+\s+)?$/;

/** List and table inputs: "a list of emails", "a CSV of leads", "products with name and price". */
export function readLists(state: ReadState): void {
  const { prompt } = state;
  const tail = String.raw`(?:\s+(?:with|having|each with|containing|that have|including)\s+(?:(?:a|an|the|their|its|each|columns?|fields?)\s+)*(?!\s)(.+?))?`;
  // A lazy capture before `stop` starts with a non-space, so `stop` tests a run of spaces at its start only.
  const stop = String.raw`(?=[.;!?\n]|(?<!\s)\s+(?:into|to|as|in|then|so)\s|(?<!\s)\s+and (?:then |also )?(?:write|produce|return|generate|create|make|build|send|output|turn|summari[sz]e|render|export)\b|$)`;
  const listOf = new RegExp(
    String.raw`\b(?:an? |the )?(?:list|array|set|collection|table|series) of (?:(?:the|all|their|its|some|several|multiple)\s+)?([a-z][\w-]*(?: [a-z][\w-]*)?)(?:\s*\(([^()]*)\))?${tail}${stop}`,
    'g',
  );
  for (const match of prompt.matches(listOf)) addListField(state, match, group(match, 1), match[3]);
  // "a CSV of leads": a file of many things is a list of them.
  for (const match of prompt.matches(
    /\b(?:csv|spreadsheet|excel file|sheet|file) of (?:the |all |their |its |some )?([a-z][\w-]*s)\b/g,
  )) {
    const noun = group(match, 1);
    if (STOP.has(noun) || OUTPUT_WORDS.has(noun)) continue;
    state.fields.add(
      makeField(snakeCase(noun), 'list', noun, match.index + match[0].length - noun.length, {
        itemKind: itemKindOf(noun),
      }),
    );
    prompt.mask(match.index + match[0].length - noun.length, match.index + match[0].length);
  }
  const rowNouns =
    'rows|items|entries|line items|records|lines|products|orders|contacts|people|tasks|expenses|transactions|invoices|employees|students|participants|attendees|guests|books|tickets|leads|customers';
  const withColumns = new RegExp(
    // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
    String.raw`\b((?:(?<!\w-+)[a-z][\w-]* )?(?:${rowNouns}))\s+(?:with|having|each with|containing|that have|including)\s+(?:(?:a|an|the|their|its|each|columns?|fields?)\s+)*(?!\s)(.+?)${stop}`,
    'g',
  );
  // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
  const inParens = new RegExp(String.raw`\b((?:(?<!\w-+)[a-z][\w-]* )?(?:${rowNouns}))\s*\(([^()]+)\)`, 'g');
  for (const match of prompt.matches(inParens)) {
    const { columns } = columnsOf(state, group(match, 2), groupStart(match, 2) - 1);
    if (columns.length < 2) continue;
    addRowsField(state, match, columns);
    prompt.mask(match.index, match.index + match[0].length);
  }
  for (const match of prompt.matches(withColumns)) {
    const { columns, end } = columnsOf(state, group(match, 2), groupStart(match, 2));
    if (columns.length === 0) continue;
    addRowsField(state, match, columns);
    prompt.mask(match.index, end);
  }
  for (const match of prompt.matches(
    // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
    /\b(?<!\w-+)([a-z][\w-]*(?: [a-z][\w-]*)?)\s*(?:\(\s*(?:comma[- ]separated|one per line|a list|list|tags)\s*\)|,? one per line)/g,
  )) {
    const field = phraseToField(group(match, 1), match.index, { allowUnknown: true });
    if (!field) continue;
    state.fields.add({ ...field, kind: 'list', itemKind: field.kind === 'list' ? field.itemKind : 'string' });
    prompt.mask(match.index, match.index + match[0].length);
  }
  for (const match of prompt.matches(/\bcomma[- ]separated ([a-z][\w-]*(?: [a-z][\w-]*)?)/g)) {
    const field = phraseToField(group(match, 1), match.index, { allowUnknown: true });
    if (!field) continue;
    state.fields.add({
      ...field,
      kind: 'list',
      itemKind: field.kind === 'list' ? field.itemKind : itemKindOf(lastWord(group(match, 1).split(' '))),
    });
    prompt.mask(match.index, match.index + match[0].length);
  }
}

function addListField(
  state: ReadState,
  match: RegExpExecArray,
  nounPhrase: string,
  columnText: string | undefined,
): void {
  const words = nounPhrase.split(' ').filter((word) => !STOP.has(word) && !FILLER.has(word));
  if (words.length === 0) return;
  // "write a list of files" makes them; "the list of changed files" is given.
  const made = MADE_BEFORE.test(state.prompt.lower.slice(Math.max(0, match.index - 60), match.index));
  if (words.some((word) => OUTPUT_WORDS.has(word)) && (made || words.length < 2)) return;
  const noun = words.join(' ');
  const head = lastWord(words);
  const columnsStart = columnText === undefined ? -1 : match.index + match[0].length - columnText.length;
  const { columns, end } =
    columnText === undefined
      ? { columns: [], end: match.index + match[0].length }
      : columnsOf(state, columnText, columnsStart);
  const field =
    columns.length > 0
      ? makeField(snakeCase(noun), 'rows', head, match.index, { columns })
      : makeField(snakeCase(noun), 'list', head, match.index, {
          itemKind: /\be-?mail\b/.test(noun) ? 'email' : itemKindOf(head),
        });
  state.fields.add(field);
  state.prompt.mask(match.index, columns.length > 0 ? end : columnsStart === -1 ? end : columnsStart);
}

/** A table input named by the noun of "line items (…)" or "products with …", "rows" when only filler is left. */
function addRowsField(state: ReadState, match: RegExpExecArray, columns: Field[]): void {
  const noun =
    group(match, 1)
      .split(' ')
      .filter((word) => !STOP.has(word) && !FILLER.has(word))
      .join(' ') || 'rows';
  state.fields.add(makeField(snakeCase(noun), 'rows', lastWord(noun.split(' ')), match.index, { columns }));
}

/** The columns of "rows with name, price and quantity", and where their list ends. */
function columnsOf(state: ReadState, text: string, offset: number): { columns: Field[]; end: number } {
  const columns = new FieldSet();
  const items = splitItems(text, offset);
  for (const item of items) {
    const field = phraseToField(item.text, item.start, { allowUnknown: true });
    if (field && field.kind !== 'rows')
      columns.add(field.kind === 'list' ? { ...field, kind: 'string', itemKind: undefined } : field);
  }
  return { columns: columns.all(), end: items.at(-1)?.end ?? offset };
}
