import type { Field } from '../fields';
import { NUMBER, num, group, type ReadState, groupStart } from './state';

/** What the prompt says about fields already found: optional, a default, a numeric range. */
export function readModifiers(state: ReadState): void {
  const { prompt } = state;
  const fields = state.fields.all();
  const after = (position: number, within: number) =>
    fields.find((field) => field.position > position && field.position - position <= within);
  const before = (position: number, within: number) =>
    [...fields].reverse().find((field) => field.position < position && position - field.position <= within);
  for (const match of prompt.lower.matchAll(/\b(?:optionally|optional)\b/g)) {
    const inParens = prompt.lower[match.index - 1] === '(';
    const field = inParens ? before(match.index, 40) : after(match.index, 40);
    if (field) field.required = false;
  }
  for (const match of prompt.lower.matchAll(
    /\b(?:if (?:available|known|any|possible|provided|applicable|given|you have (?:it|one|them))|when available|where available|is optional|are optional|can be (?:empty|left out|blank|omitted)|may be (?:empty|left out|blank|omitted))\b/g,
  )) {
    const field = before(match.index, 50);
    if (field) field.required = false;
  }
  for (const match of prompt.lower.matchAll(
    /\b(?:defaults? (?:to |is |value )?|by default |default:\s*|default value (?:of |is )?)["']?([\w.@/:-]+)["']?/g,
  )) {
    const field = before(match.index, 60);
    if (field)
      applyDefault(
        field,
        prompt
          .original(groupStart(match, 1) - (/["']$/.test(match[0]) ? 1 : 0), match.index + match[0].length)
          .replace(/["']/g, ''),
      );
  }
  const range = new RegExp(
    String.raw`\(\s*${NUMBER}\s*(?:-|to|\.\.)\s*${NUMBER}\s*\)|\b(?:from|between)\s+${NUMBER}\s+(?:to|and)\s+${NUMBER}\b|\b${NUMBER}\s*(?:-|to)\s*${NUMBER}\s+(?:scale|stars?|points?)\b|\bout of ${NUMBER}\b`,
    'g',
  );
  for (const match of prompt.lower.matchAll(range)) {
    const field = before(match.index, 30);
    if (!field) continue;
    const low = match[1] ?? match[3] ?? match[5] ?? '1';
    const high = match[2] ?? match[4] ?? match[6] ?? group(match, 7);
    if (field.kind === 'string' || field.kind === 'text')
      field.kind = Number.isInteger(num(low)) && Number.isInteger(num(high)) ? 'integer' : 'number';
    if (field.kind !== 'integer' && field.kind !== 'number') continue;
    field.minimum = num(low);
    field.maximum = num(high);
  }
}

function applyDefault(field: Field, raw: string): void {
  let value: unknown = raw;
  if (field.kind === 'number' || field.kind === 'integer') {
    const number = Number(raw);
    if (!Number.isFinite(number)) return;
    value = number;
  } else if (field.kind === 'boolean') {
    if (!/^(?:true|false|yes|no|on|off)$/i.test(raw)) return;
    value = /^(?:true|yes|on)$/i.test(raw);
  } else if (field.kind === 'enum') {
    const match = field.enumValues?.find((option) => option.toLowerCase() === raw.toLowerCase());
    if (!match) return;
    value = match;
  } else if (field.kind !== 'string' && field.kind !== 'text') return;
  field.default = value;
  field.required = false;
}
