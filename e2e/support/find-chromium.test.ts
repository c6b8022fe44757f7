import { describe, expect, it } from 'vitest';
import { findChromium, type ChromiumHost } from './find-chromium';

const PLAYWRIGHTS = '/home/dana/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';

/** A machine with these files, and Playwright's browser where it would be installed. */
const host = (files: string[], chromiumPath?: string): ChromiumHost => ({
  chromiumPath,
  exists: (path) => files.includes(path),
  bundled: () => PLAYWRIGHTS,
});

describe('the browser the end-to-end tests drive', () => {
  it('is CHROMIUM_PATH when it is set and there, before the system’s Chromium', () => {
    expect(findChromium(host(['/opt/chrome', '/usr/bin/chromium'], '/opt/chrome'))).toEqual({ path: '/opt/chrome' });
  });

  it('says so in one sentence when CHROMIUM_PATH names no file, rather than trying another browser', () => {
    expect(findChromium(host(['/usr/bin/chromium'], '/opt/chrome'))).toEqual({
      problem: 'CHROMIUM_PATH is /opt/chrome, but there is no file there.',
    });
  });

  it('is the system’s Chromium (Debian, Ubuntu) without CHROMIUM_PATH', () => {
    expect(findChromium(host(['/usr/bin/chromium-browser', PLAYWRIGHTS]))).toEqual({
      path: '/usr/bin/chromium-browser',
    });
  });

  it('falls back to Playwright’s own browser without /usr/bin/chromium or CHROMIUM_PATH (a Mac, another distribution)', () => {
    expect(findChromium(host([PLAYWRIGHTS]))).toEqual({ path: PLAYWRIGHTS });
  });

  it('with none of them, says in one sentence what to install', () => {
    for (const machine of [
      host([]),
      {
        ...host([]),
        bundled: () => {
          throw new Error('no registry');
        },
      },
    ]) {
      const found = findChromium(machine);
      expect(found).toEqual({
        problem: expect.stringMatching(/^No Chromium found for the end-to-end tests: install it/),
      });
      const { problem } = found as { problem: string };
      expect(problem).toContain('apt-get install -y chromium');
      expect(problem).toContain('npx playwright install chromium');
      expect(problem.split(/\.\s/)).toHaveLength(1);
    }
  });
});
