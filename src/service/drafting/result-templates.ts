/**
 * The results of the recipes the report templates do not cover: sorting a text into categories by
 * the words it uses, and computing converted totals.
 */
import { CATEGORY_WORDS } from '../../contract/prompt-words';
import type { Field } from '../workflow/field';
import { literal, ref } from './draft-parts';

/** Word stems that stand for a category in a text: "billing" → "bill", "sales" → "sale", with the words such texts use. */
function stems(category: string): string[] {
  const own = category
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .map((word) => (word.length > 5 ? word.slice(0, Math.max(4, word.length - 3)) : word.replace(/s$/, '')));
  return [
    ...own,
    ...own.flatMap((stem) => (Object.hasOwn(CATEGORY_WORDS, stem) ? CATEGORY_WORDS[stem]!.split(' | ') : [])),
  ];
}

/** The Liquid test that a lower-cased text mentions one of the stems. */
const mentions = (variable: string, words: string[]) =>
  words.map((w) => `${variable} contains "${w.replace(/"/g, '')}"`).join(' or ');

/**
 * Sorts a text into the prompt's categories by the words it uses, says whether it reads as urgent
 * when the prompt asks, and shows the text under its title.
 */
export function classifyTemplate(source: Field, categories: string[], others: Field[], urgency: boolean): string {
  const lines = [`{% assign text = ${ref(source.key)} | downcase -%}`, '{% assign category = "" -%}'];
  categories.forEach((category, index) => {
    lines.push(
      `{% ${index === 0 ? 'if' : 'elsif'} ${mentions('text', stems(category))} -%}`,
      `{% assign category = "${category.replace(/"/g, '')}" -%}`,
    );
  });
  if (categories.length > 0) lines.push('{% endif -%}');
  if (categories.length > 0)
    lines.push(
      '{% if category != blank -%}',
      '**Route to:** {{ category }} (the text mentions it)',
      '{% else -%}',
      `**Route to:** not clear from the text: a person should choose ${literal(categories.join(', '))}`,
      '{% endif -%}',
    );
  if (urgency)
    lines.push(
      '',
      `{% if ${mentions('text', ['urgent', 'asap', 'immediately', 'right away', 'as soon as possible', 'emergency', 'critical', 'outage', 'is down', 'cannot access', "can't access"])} -%}`,
      '**Urgent:** yes: the text asks for a quick answer or reports an outage.',
      '{% else -%}',
      '**Urgent:** no: nothing in the text marks it as urgent.',
      '{% endif -%}',
    );
  for (const field of others) lines.push('', `**${literal(field.title)}:** {{ ${ref(field.key)} }}`);
  lines.push('', `## ${literal(source.title)}`, '', `{{ ${ref(source.key)} | quote }}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A CSV of each amount, its converted value and the total (or, with no conversion, the amounts and
 * their total): Liquid's `times` and `plus` compute them; the other inputs follow as rows.
 */
export function computeTemplate(
  amounts: Field,
  rate: Field | undefined,
  currency: Field | undefined,
  target: string | undefined,
  others: Field[],
): string {
  const unit = currency ? `{{ ${ref(currency.key)} | upcase }}` : '';
  const converted = target ? `${target.toLowerCase()}_` : '';
  const header = [
    '"item"',
    '"amount"',
    ...(currency ? ['"currency"'] : []),
    ...(rate && target ? [`"amount_${target.toLowerCase()}"`] : []),
  ].join(',');
  const each = rate ? `{% assign value = amount | times: ${ref(rate.key)} | round: 2 -%}` : '';
  const row = (label: string, amount: string, value: string) =>
    [label, amount, ...(currency ? [`"${unit}"`] : []), ...(rate && target ? [value] : [])].join(',');
  return [
    header,
    '{% assign total = 0 -%}',
    `{% assign total_${converted || 'x_'}value = 0 -%}`,
    `{% for amount in ${ref(amounts.key)} -%}`,
    each,
    '{% assign total = total | plus: amount -%}',
    ...(rate ? [`{% assign total_${converted}value = total_${converted}value | plus: value -%}`] : []),
    row('"{{ forloop.index }}"', '{{ amount }}', '{{ value }}'),
    '{% endfor -%}',
    row('"total"', '{{ total | round: 2 }}', `{{ total_${converted}value | round: 2 }}`),
    ...others.map((field) => `"${literal(field.title).replace(/"/g, '""')}","{{ ${ref(field.key)} }}"`),
  ]
    .filter(Boolean)
    .join('\n')
    .concat('\n');
}
