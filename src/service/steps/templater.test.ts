import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from './markdown-escape';
import { inlineToPlain, parseBlocks, parseInline } from './markdown-blocks';
import { MISSING, renderTemplate } from './templater';

describe('renderTemplate', () => {
  it('fills fields and nested fields, and shows missing or empty ones as a dash', () => {
    const out = renderTemplate('{{name}} / {{company.city}} / {{nope}} / {{company.nope.deeper}} / {{empty}}', {
      name: 'Ada',
      company: { city: 'London' },
      empty: '',
    });
    expect(out).toBe(`Ada / London / ${MISSING} / ${MISSING} / ${MISSING}`);
  });

  it('formats numbers, booleans, lists and objects as readable text', () => {
    const out = renderTemplate('{{n}}|{{zero}}|{{yes}}|{{no}}|{{list}}|{{obj}}', {
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
    expect(renderTemplate(template, { people: [{ name: 'Ann' }, { name: 'Bo' }] })).toBe('1. Ann (0)\n2. Bo (1)\n');
    expect(renderTemplate(template, { people: [] })).toBe('nobody\n');
    expect(renderTemplate(template, {})).toBe('nobody\n');
  });

  it('resolves names inside a loop against the item first, then the outer input', () => {
    const out = renderTemplate('{{#each rows}}{{name}}@{{shop}} {{/each}}', {
      shop: 'Corner',
      rows: [{ name: 'tea' }, { name: 'jam', shop: 'Deli' }],
    });
    expect(out).toBe('tea@Corner jam@Deli ');
  });

  it('chooses if branches by truthiness and by equality', () => {
    const template =
      '{{#if tone == "formal"}}Dear{{else}}Hi{{/if}} {{#if vip}}VIP{{else}}guest{{/if}} {{#if tone != "formal"}}!{{/if}}';
    expect(renderTemplate(template, { tone: 'formal', vip: true })).toBe('Dear VIP ');
    expect(renderTemplate(template, { tone: 'casual', vip: false })).toBe('Hi guest !');
  });

  it('escapes markdown in values but not in triple-brace values', () => {
    const context = { name: '*bold* [x](javascript:alert(1)) | # not a heading', md: '**kept**' };
    expect(renderTemplate('{{name}}', context)).toBe('\\*bold\\* \\[x\\](javascript:alert(1)) \\| # not a heading');
    expect(renderTemplate('{{{md}}}', context)).toBe('**kept**');
    expect(renderTemplate('{{name}}', context, { escape: 'none' })).toBe(context.name);
  });

  it('applies filters left to right', () => {
    const context = {
      site: 'https://www.Example.com/about?x=1',
      notes: 'line one\n\nline  two',
      day: '2026-11-21',
      list: [1, 2, 3],
    };
    expect(renderTemplate('{{site | host}}', context)).toBe('example.com');
    expect(renderTemplate('{{notes | inline}}', context)).toBe('line one line two');
    expect(renderTemplate('{{notes | quote}}', context)).toBe('> line one\n>\n> line  two');
    expect(renderTemplate('{{notes | words}} words, {{list | count}} items', context)).toBe('4 words, 3 items');
    expect(renderTemplate('{{day | date}}', context)).toBe('21 November 2026');
    expect(renderTemplate('{{notes | inline | upper}}', context)).toBe('LINE ONE LINE TWO');
    expect(
      renderTemplate('{{n | number}} {{m | number}} {{who | first}}', {
        n: 1234567.25,
        m: -1000,
        who: 'Ada  Lovelace',
      }),
    ).toBe('1,234,567.25 -1,000 Ada');
    expect(renderTemplate('{{msg | excerpt}}', { msg: 'My order arrived broken. Please help!' })).toBe(
      'My order arrived broken.',
    );
  });

  it('removes the lines of block tags that stand alone', () => {
    const template = '## People\n{{#each people}}\n- {{this}}\n{{/each}}\nend';
    expect(renderTemplate(template, { people: ['a', 'b'] })).toBe('## People\n- a\n- b\nend');
  });

  it('reads earlier findings through @files', () => {
    const out = renderTemplate(
      '{{#each @files.entities.emails}}<{{this}}> {{/each}}{{{@files.summary}}}',
      {},
      { data: { files: { entities: { emails: ['a@b.co'] }, summary: '- s' } } },
    );
    expect(out).toBe('<a@b.co> - s');
  });

  it('keeps tags it cannot read and blocks that never close as text', () => {
    expect(renderTemplate('{{ not a path }} {{#each list}}x', { list: [1] })).toBe('{{ not a path }} {{#each list}}x');
    expect(renderTemplate('a {{/if}} {{else}} b', {})).toBe('a {{/if}} {{else}} b');
    expect(renderTemplate('{{! a comment }}ok', {})).toBe('ok');
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
          expect(typeof renderTemplate(template, context)).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('escapeMarkdown', () => {
  const lineText = fc.string({
    unit: fc.constantFrom(
      'a',
      'B',
      ' ',
      '*',
      '_',
      '`',
      '#',
      '>',
      '-',
      '+',
      '1',
      '.',
      ')',
      '[',
      ']',
      '(',
      '|',
      '~',
      '\\',
      '&',
      ';',
      '<',
      '!',
      '=',
    ),
  });

  it('makes any single line read back as exactly its own text, with no markup', () => {
    fc.assert(
      fc.property(lineText, (text) => {
        const nodes = parseInline(escapeMarkdown(text));
        expect(nodes.every((node) => node.type === 'text')).toBe(true);
        expect(inlineToPlain(nodes)).toBe(text.trimStart());
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets a value open a heading, list, quote or table', () => {
    fc.assert(
      fc.property(
        lineText.filter((text) => text.trim() !== ''),
        (text) => {
          const blocks = parseBlocks(`${escapeMarkdown(text)}\n`);
          expect(blocks.map((block) => block.type)).toEqual(['paragraph']);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
