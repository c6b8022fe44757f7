import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MISSING } from '../../../steps/templates/format-value';
import { renderTemplate, type EscapeMode } from '../../../steps/templates/liquid';
import { legacyToLiquid } from './legacy-to-liquid';

/** Renders a template in the older syntax as a migrated plan's step does: converted once, then Liquid. */
const legacy = (
  template: string,
  input: Record<string, unknown>,
  options: { files?: Record<string, unknown>; escape?: EscapeMode } = {},
) => renderTemplate(legacyToLiquid(template), { input, files: options.files }, { escape: options.escape });

describe('legacyToLiquid', () => {
  it('converts a stored report template into Liquid, line handling included', () => {
    const stored =
      '## Dates\n\n{{#each @files.entities.dates}}\n- {{text}}{{#if iso}} ({{iso}}){{/if}}\n{{else}}\n- None found\n{{/each}}\n\n' +
      '{{#if tone == "casual"}}Hi {{name | first}}{{/if}} {{{@files.summary}}} {{notes | quote}}';
    expect(legacyToLiquid(stored)).toBe(
      '## Dates\n\n{% for item in files.entities.dates %}- {{ item.text | default: input.text }}' +
        '{% if item.iso and item.iso != empty and item.iso != 0 %} ({{ item.iso | default: input.iso }}){% endif %}\n' +
        '{% else %}- None found\n{% endfor %}\n' +
        '{% if input.tone == "casual" %}Hi {{ input.name | first_word }}{% endif %} {{ files.summary | raw }} {{ input.notes | quote }}',
    );
  });

  it('keeps text that looks like Liquid literal', () => {
    const stored = 'a {% raw %} {{ not a path }} {{x}} {';
    expect(legacyToLiquid(stored)).not.toContain('{% raw %} {{ not');
    expect(legacy(stored, { x: 1 })).toBe('a {% raw %} {{ not a path }} 1 {');
  });

  it('compares as text, as the old syntax did', () => {
    const template = '{{#if n == "5"}}five{{/if}}{{#if b != "true"}} not true{{/if}}{{#if s == ""}}never{{/if}}';
    expect(legacy(template, { n: 5, b: true, s: '' })).toBe('five');
    expect(legacy(template, { n: '5', b: 'false' })).toBe('five not true');
  });
});

describe('templates in the syntax of plans saved before Liquid', () => {
  it('fills fields and nested fields, and shows missing or empty ones as a dash', () => {
    const out = legacy('{{name}} / {{company.city}} / {{nope}} / {{company.nope.deeper}} / {{empty}}', {
      name: 'Ada',
      company: { city: 'London' },
      empty: '',
    });
    expect(out).toBe(`Ada / London / ${MISSING} / ${MISSING} / ${MISSING}`);
  });

  it('formats numbers, booleans, lists and objects as readable text', () => {
    const out = legacy('{{n}}|{{zero}}|{{yes}}|{{no}}|{{list}}|{{obj}}', {
      n: 12.5,
      zero: 0,
      yes: true,
      no: false,
      list: ['a', 'b'],
      obj: { x: 1, y: 'z' },
    });
    expect(out).toBe('12.5|0|yes|no|a, b|x: 1; y: z');
  });

  it('loops over lists with this, @index and @number, and uses else for an empty list', () => {
    const template = '{{#each people}}{{@number}}. {{this.name}} ({{@index}})\n{{else}}nobody\n{{/each}}';
    expect(legacy(template, { people: [{ name: 'Ann' }, { name: 'Bo' }] })).toBe('1. Ann (0)\n2. Bo (1)\n');
    expect(legacy(template, { people: [] })).toBe('nobody\n');
    expect(legacy(template, {})).toBe('nobody\n');
  });

  it('resolves names inside a loop against the item first, then the outer input', () => {
    const out = legacy('{{#each rows}}{{name}}@{{shop}} {{/each}}', {
      shop: 'Corner',
      rows: [{ name: 'tea' }, { name: 'jam', shop: 'Deli' }],
    });
    expect(out).toBe('tea@Corner jam@Deli ');
  });

  it('chooses if branches by truthiness and by equality', () => {
    const template =
      '{{#if tone == "formal"}}Dear{{else}}Hi{{/if}} {{#if vip}}VIP{{else}}guest{{/if}} {{#if tone != "formal"}}!{{/if}}';
    expect(legacy(template, { tone: 'formal', vip: true })).toBe('Dear VIP ');
    expect(legacy(template, { tone: 'casual', vip: false })).toBe('Hi guest !');
  });

  it('escapes markdown in values but not in triple-brace values', () => {
    const context = { name: '*bold* [x](javascript:alert(1)) | # not a heading', md: '**kept**' };
    expect(legacy('{{name}}', context)).toBe('\\*bold\\* \\[x\\](javascript:alert(1)) \\| # not a heading');
    expect(legacy('{{{md}}}', context)).toBe('**kept**');
    expect(legacy('{{name}}', context, { escape: 'none' })).toBe(context.name);
  });

  it('applies filters left to right', () => {
    const context = {
      site: 'https://www.Example.com/about?x=1',
      notes: 'line one\n\nline  two',
      day: '2026-11-21',
      list: [1, 2, 3],
    };
    expect(legacy('{{site | host}}', context)).toBe('example.com');
    expect(legacy('{{notes | inline}}', context)).toBe('line one line two');
    expect(legacy('{{notes | quote}}', context)).toBe('> line one\n>\n> line  two');
    expect(legacy('{{notes | words}} words, {{list | count}} items', context)).toBe('4 words, 3 items');
    expect(legacy('{{day | date}}', context)).toBe('21 November 2026');
    expect(legacy('{{notes | inline | upper}}', context)).toBe('LINE ONE LINE TWO');
    expect(
      legacy('{{n | number}} {{m | number}} {{who | first}}', {
        n: 1234567.25,
        m: -1000,
        who: 'Ada  Lovelace',
      }),
    ).toBe('1,234,567.25 -1,000 Ada');
    expect(legacy('{{msg | excerpt}}', { msg: 'My order arrived broken. Please help!' })).toBe(
      'My order arrived broken.',
    );
  });

  it('removes the lines of block tags that stand alone', () => {
    const template = '## People\n{{#each people}}\n- {{this}}\n{{/each}}\nend';
    expect(legacy(template, { people: ['a', 'b'] })).toBe('## People\n- a\n- b\nend');
  });

  it('reads earlier findings through @files', () => {
    const out = legacy(
      '{{#each @files.entities.emails}}<{{this}}> {{/each}}{{{@files.summary}}}',
      {},
      { files: { entities: { emails: ['a@b.co'] }, summary: '- s' } },
    );
    expect(out).toBe('<a@b.co> - s');
  });

  it('keeps tags it cannot read and blocks that never close as text', () => {
    expect(legacy('{{ not a path }} {{#each list}}x', { list: [1] })).toBe('{{ not a path }} {{#each list}}x');
    expect(legacy('a {{/if}} {{else}} b', {})).toBe('a {{/if}} {{else}} b');
    expect(legacy('{{! a comment }}ok', {})).toBe('ok');
  });

  it('never throws, whatever the template and the input', () => {
    const templateText = fc
      .array(
        fc.constantFrom(
          '{{',
          '}}',
          '{{{',
          '}}}',
          '#each ',
          '#if ',
          '/each',
          '/if',
          'else',
          'x',
          'a.b',
          ' == "1"',
          '|',
          'quote',
          '\n',
          '!',
          '@files',
          'this',
          ' ',
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(templateText, fc.string()),
        fc.dictionary(fc.constantFrom('x', 'a', 'b', 'list'), fc.jsonValue()),
        (template, context) => {
          expect(typeof legacy(template, context)).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });
});
