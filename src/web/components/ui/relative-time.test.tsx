import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  it('says "just now" for a time ahead of the clock, never a time in the future', () => {
    const ahead = new Date(Date.now() + 13_000).toISOString();
    const html = renderToStaticMarkup(<RelativeTime iso={ahead} />);
    expect(html).toContain('just now');
    expect(html).not.toContain('in 13 seconds');
    expect(html).toContain(`dateTime="${ahead}"`);
  });
  it('says how long ago a past time was', () => {
    const html = renderToStaticMarkup(<RelativeTime iso={new Date(Date.now() - 5 * 60_000).toISOString()} />);
    expect(html).toContain('5 minutes ago');
  });
});
