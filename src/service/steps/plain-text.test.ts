import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('markdownToPlainText', () => {
  it('underlines top headings, keeps bullets and drops inline markup', () => {
    expect(
      markdownToPlainText('# Status\n\nAll **good**, see [docs](https://x.org/d).\n\n## Next\n\n- ship\n- rest'),
    ).toBe('Status\n======\n\nAll good, see docs (https://x.org/d).\n\nNext\n----\n\n- ship\n- rest\n');
  });

  it('lines up table columns', () => {
    expect(markdownToPlainText('| Item | Qty |\n|---|---|\n| Tea | 2 |\n| Marmalade | 10 |')).toBe(
      'Item       Qty\n---------  ---\nTea        2\nMarmalade  10\n',
    );
  });
});
