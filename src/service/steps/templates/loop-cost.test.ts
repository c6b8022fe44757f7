import { describe, expect, it } from 'vitest';
import { StepFailure } from '../step-io';
import { renderTemplate } from './liquid';

const render = (template: string, input: Record<string, unknown>) =>
  renderTemplate(template, { input }, { escape: 'none' });

const refusal = (template: string) => {
  try {
    render(template, { list: [1, 2], text: 'a b', rows: [{ cells: [1] }], count: 3 });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(StepFailure);
    return (error as Error).message;
  }
};

describe('loops whose cost grows with the input', () => {
  it('are refused before rendering, with a sentence naming the loops', () => {
    expect(refusal('{% for a in input.list %}{% for b in input.list %}x{% endfor %}{% endfor %}')).toBe(
      'the template loops over input.list inside a loop over input.list, so its work would grow with the square of the input’s size; loop over one list at a time',
    );
    const spelled =
      '{% assign words = input.text | split: " " %}{% for w in words %}{% for v in words %}{% endfor %}{% endfor %}';
    expect(refusal(spelled)).toMatch(/^the template loops over words inside a loop over words/);
    expect(
      refusal(
        '{% if input.list %}{% for a in input.list %}{% tablerow b in files.x %}{% endtablerow %}{% endfor %}{% endif %}',
      ),
    ).toMatch(/loops over files.x inside a loop over input.list/);
    expect(refusal('{% for i in (1..input.count) %}x{% endfor %}')).toBe(
      'the template loops over (1..input.count), a range set by the input, so its work would grow with what the input says; loop over a list of the input instead',
    );
  });

  it('are not refused when the inner loop walks the outer item, has a fixed limit, or is fixed in size', () => {
    expect(
      refusal('{% for row in input.rows %}{% for cell in row.cells %}{{ cell }}{% endfor %}{% endfor %}'),
    ).toBeNull();
    expect(refusal('{% for a in input.list %}{% for b in input.list limit: 3 %}x{% endfor %}{% endfor %}')).toBeNull();
    expect(refusal('{% for a in input.list %}{% for i in (1..3) %}x{% endfor %}{% endfor %}')).toBeNull();
    expect(
      refusal('{% for a in input.list %}{{ a }}{% endfor %}{% for b in input.list %}{{ b }}{% endfor %}'),
    ).toBeNull();
  });
});
