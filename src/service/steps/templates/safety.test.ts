import { describe, expect, it } from 'vitest';
import { StepFailure } from '../step-io';
import { MISSING } from './format-value';
import { renderTemplate } from './liquid';

const render = (template: string, input: Record<string, unknown>, files: Record<string, unknown> = {}) =>
  renderTemplate(template, { input, files }, { renderLimitMs: 500 });

/** The largest text an input may hold. */
const LARGEST = 100_000;

describe('rendering untrusted input', () => {
  it('never reaches prototypes or functions', () => {
    const template =
      '{{ input.constructor }}|{{ input.__proto__ }}|{{ input.name.constructor }}|{{ input.toString }}|{{ constructor }}|{{ files.hasOwnProperty }}';
    expect(render(template, { name: 'x' })).toBe(Array(6).fill(MISSING).join('|'));
    const hostile = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": "p"}}') as Record<
      string,
      unknown
    >;
    expect(render('{{ input.polluted }}', hostile)).toBe(MISSING);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('prints values as text and never runs template syntax inside them', () => {
    const value = '{{ input.secret }} {% for i in (1..100000000) %}x{% endfor %} {% include "/etc/passwd" %}';
    const out = render('{{ input.value }}|{{ input.value | raw }}', { value, secret: 's3cret' });
    expect(out).toBe(`${value}|${value}`);
    expect(out).not.toContain('s3cret');
  });

  it('answers a missing field named size, first or last with a dash, not Liquid’s own properties', () => {
    expect(render('{{ input.size }} {{ input.rows.first.size }}', { rows: [{ name: 'a' }] })).toBe(
      `${MISSING} ${MISSING}`,
    );
  });

  it('reads no files through include or render', () => {
    expect(() => render('{% include "/etc/passwd" %}', {})).toThrow();
    expect(() => render('{% render "package.json" %}', {})).toThrow();
  });

  it('fails a render that would loop or allocate without bound with a message', () => {
    const attempts = [
      '{% for i in (1..100000000) %}x{% endfor %}',
      '{% for a in input.list %}{% for b in input.list %}{% for c in input.list %}x{% endfor %}{% endfor %}{% endfor %}',
    ];
    const list = Array.from({ length: LARGEST / 2 }, () => 1);
    for (const template of attempts) expect(() => render(template, { list })).toThrow(StepFailure);
  }, 5_000);

  it('renders a loop over an input of 100,000 characters', () => {
    const list = Array.from({ length: LARGEST / 10 }, (_, i) => `item ${i}`);
    // Within the service's own budget: 10,000 items took 140 to 240 ms on a loaded 2-core machine, past the 500 ms above at times.
    const out = renderTemplate('{% for item in input.list %}- {{ item }}\n{% endfor %}', { input: { list } });
    expect(out.split('\n')).toHaveLength(list.length + 1);
  }, 5_000);
});
