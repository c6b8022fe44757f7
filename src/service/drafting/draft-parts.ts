/** The pieces every draft is built of: Liquid references, the roles the inputs play, the greeting. */
import { escapeMarkdown } from '../steps/markdown-escape';
import type { Field } from '../workflow/field';

/** The Liquid expression for a field of `root` (`input`, `files`, `row`). */
export const ref = (key: string, root = 'input') =>
  /^[a-z_]\w*$/i.test(key) ? `${root}.${key}` : `${root}["${key.replace(/"/g, '')}"]`;
export const out = (key: string, filter?: string, root = 'input') =>
  `{{ ${ref(key, root)}${filter ? ` | ${filter}` : ''} }}`;

/** Literal text a template prints (a PDF title, an approval message): it cannot open a tag. */
export const plain = (text: string) => text.replace(/\{(?=[{%]|$)/g, '{ ').replace(/([}%])\}/g, '$1 }');

/** Literal text in a template: escaped for markdown and unable to open a template tag. */
export const literal = (text: string) => plain(escapeMarkdown(text));

export const lowerTitle = (field: Field) => (/^[A-Z]{2}/.test(field.title) ? field.title : field.title.toLowerCase());

/** A loop over a list, with lines for no items; each part is one or more whole lines. */
export function forLines(item: string, list: string, body: string, none: string): string {
  return [`{% for ${item} in ${list} -%}`, body, '{% else -%}', none, '{% endfor -%}'].join('\n');
}

/** Lines shown when `test` holds, else the `otherwise` lines. */
export function ifLines(test: string, then: string, otherwise: string): string {
  return [`{% if ${test} -%}`, then, '{% else -%}', otherwise, '{% endif -%}'].join('\n');
}

/** A list input as a section: its title, then a line per item. */
export function listSection(list: Field): string {
  return [`## ${literal(list.title)}`, '', forLines('item', ref(list.key), '- {{ item }}', '- None given')].join('\n');
}

/** Lines shown only when the field has a value. */
export const ifGiven = (field: Field, line: string) => `{% if ${ref(field.key)} != blank %}${line}{% endif %}`;

export interface Roles {
  person?: Field;
  email?: Field;
  company?: Field;
  website?: Field;
  date?: Field;
  topic?: Field;
  location?: Field;
  team?: Field;
  lists: Field[];
  texts: Field[];
}

const NOT_A_PERSON = /(?:company|business|organi[sz]ation|product|course|event|meeting|project|team|file|job|brand)_/;

export function rolesOf(fields: Field[]): Roles {
  const strings = fields.filter((field) => field.kind === 'string');
  const person = strings.find(
    (field) => /(?:^|_)(?:first_|full_)?name$/.test(field.key) && !NOT_A_PERSON.test(field.key),
  );
  return {
    person:
      person ??
      strings.find((field) =>
        /^(?:employee|customer|client|candidate|contact|recipient|attendee|guest|user|hire)$/.test(field.key),
      ),
    email: fields.find((field) => field.kind === 'email'),
    company: strings.find((field) => /(?:^|_)(?:company|business|organi[sz]ation|employer)(?:_name)?$/.test(field.key)),
    website: fields.find((field) => field.kind === 'uri'),
    date: fields.find((field) => field.kind === 'date' || field.kind === 'datetime'),
    topic: strings.find((field) =>
      /(?:^|_)(?:title|subject|topic|product|event|meeting|purchase|role|position|job|course)(?:_name|_title)?$/.test(
        field.key,
      ),
    ),
    location: strings.find((field) => /(?:^|_)(?:location|venue|place|address|city|room)$/.test(field.key)),
    team: strings.find((field) => /(?:^|_)(?:team|department)(?:_name)?$/.test(field.key)),
    lists: fields.filter((field) => field.kind === 'list' || field.kind === 'rows'),
    texts: fields.filter((field) => field.kind === 'text'),
  };
}

/** The greeting: by first name, by the name in their email address, or a plain "Hello," with no name. */
export function greeting(roles: Roles): string {
  if (roles.person) return `Hi ${out(roles.person.key, 'first_word')},`;
  if (roles.email) return `Hi ${out(roles.email.key, 'email_name')},`;
  return 'Hello,';
}

/** The company the draft is about, as its name or as the name its website's domain gives. */
export function companyOf(roles: Roles): string | null {
  if (roles.company) return out(roles.company.key, 'inline');
  if (roles.website) return out(roles.website.key, 'site_name');
  return null;
}

export function valueOf(field: Field): string {
  if (field.kind === 'date') return out(field.key, 'long_date');
  if (field.kind === 'number') return out(field.key, 'number');
  if (field.kind === 'boolean') return `{% if ${ref(field.key)} %}yes{% else %}no{% endif %}`;
  return out(field.key, 'inline');
}

/** The inputs the draft has not yet used, as "- **Title:** value" lines, so nothing given is dropped. */
export function otherDetails(fields: Field[], used: Set<Field>): string[] {
  const shown = (field: Field) =>
    field.kind === 'list' || field.kind === 'rows'
      ? `{% for item in ${ref(field.key)} %}{{ item }}{% unless forloop.last %}, {% endunless %}{% endfor %}`
      : field.kind === 'text'
        ? out(field.key, 'excerpt')
        : valueOf(field);
  return fields.filter((field) => !used.has(field)).map((field) => `- **${plain(field.title)}:** ${shown(field)}`);
}

export function usedOf(...fields: (Field | undefined)[]): Set<Field> {
  return new Set(fields.filter((field): field is Field => field !== undefined));
}
