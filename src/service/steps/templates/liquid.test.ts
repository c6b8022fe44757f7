import { describe, expect, it } from 'vitest';
import { MISSING } from './format-value';
import { renderTemplate, type EscapeMode, type TemplateData } from './liquid';

const render = (template: string, data: TemplateData, escape?: EscapeMode) =>
  renderTemplate(template, data, { escape });

describe('renderTemplate (Liquid)', () => {
  it('prints values as report text: missing or empty as a dash, lists and objects readable', () => {
    const input = { name: 'Ada', company: { city: 'London' }, empty: '', n: 12.5, yes: true, list: ['a', 'b'] };
    expect(
      render(
        '{{ input.name }} / {{ input.company.city }} / {{ input.nope }} / {{ input.empty }} / {{ input.n }} / {{ input.yes }} / {{ input.list }}',
        { input },
      ),
    ).toBe(`Ada / London / ${MISSING} / ${MISSING} / 12.5 / yes / a, b`);
  });

  it('escapes markdown in values unless they are printed raw or markdown is off', () => {
    const input = { name: '*bold* [x](javascript:alert(1))', md: '**kept**' };
    expect(render('{{ input.name }}', { input })).toBe('\\*bold\\* \\[x\\](javascript:alert(1))');
    expect(render('{{ input.md | raw }} {{ input.nope | raw }}', { input })).toBe(`**kept** ${MISSING}`);
    expect(render('{{ input.name }}', { input }, 'none')).toBe(input.name);
  });

  it('greets by the first name in an email address, and a role mailbox or a bad address as "there"', () => {
    const input = { a: 'jordan.miles@example.com', b: 'info@example.com', c: 'not an address', d: 'x7@example.com' };
    expect(
      render(
        '{{ input.a | email_name }} {{ input.b | email_name }} {{ input.c | email_name }} {{ input.d | email_name }}',
        { input },
      ),
    ).toBe('Jordan there there there');
  });

  it("names a company by its website's domain, and leaves what is not a website as it is", () => {
    const input = { a: 'https://www.acme-robotics.com/about', b: 'shop.example.co.uk', c: 'not a site' };
    expect(render('{{ input.a | site_name }} / {{ input.b | site_name }} / {{ input.c | site_name }}', { input })).toBe(
      'Acme Robotics / Example / not a site',
    );
  });

  it('formats dates and numbers the same on every machine', () => {
    const input = { day: '2026-11-21T23:30:00+05:00', bad: '2026-02-31', n: 1234567.25, m: -1000, z: -0 };
    expect(render('{{ input.day | long_date }}, {{ input.bad | long_date }}', { input })).toBe(
      '21 November 2026, 2026-02-31',
    );
    expect(render('{{ input.n | number }} {{ input.m | number }} {{ input.z | number }}', { input })).toBe(
      '1,234,567.25 -1,000 0',
    );
  });

  it('has the report filters: inline, quote, host, excerpt, first_word, word_count, titlecase', () => {
    const input = {
      notes: 'line one\n\nline  *two*',
      site: 'www.Example.com/about',
      who: 'ada  lovelace',
      msg: 'My order arrived broken. Please help!',
    };
    expect(render('{{ input.notes | inline }}', { input })).toBe('line one line \\*two\\*');
    expect(render('{{ input.notes | quote }}', { input })).toBe('> line one\n>\n> line  \\*two\\*');
    expect(render('{{ input.notes | raw | quote }}', { input })).toBe('> line one\n>\n> line  *two*');
    expect(render('{{ input.site | host }} {{ input.who | first_word }} {{ input.who | titlecase }}', { input })).toBe(
      'example.com ada Ada  Lovelace',
    );
    expect(render('{{ input.msg | excerpt }} ({{ input.msg | word_count }} words)', { input })).toBe(
      'My order arrived broken. (6 words)',
    );
  });

  it('loops and branches, taking a block tag’s line with it when it ends in -%}', () => {
    const template =
      '## People\n{% for p in input.people -%}\n- {{ p.name }} ({{ forloop.index }})\n{% else -%}\nnobody\n{% endfor -%}\nend';
    expect(render(template, { input: { people: [{ name: 'Ann' }, { name: 'Bo' }] } })).toBe(
      '## People\n- Ann (1)\n- Bo (2)\nend',
    );
    expect(render(template, { input: {} })).toBe('## People\nnobody\nend');
    expect(render('{% if input.notes != blank %}yes{% else %}no{% endif %}', { input: { notes: ' ' } })).toBe('no');
  });

  it('reads earlier findings under files', () => {
    const files = { entities: { emails: ['a@b.co'] }, summary: '- s' };
    expect(
      render('{% for e in files.entities.emails %}<{{ e }}> {% endfor %}{{ files.summary | raw }}', {
        input: {},
        files,
      }),
    ).toBe('<a@b.co> - s');
  });
});
