import { chromium, type LaunchOptions } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Where Chromium usually is on Debian and Ubuntu; CHROMIUM_PATH names any other. */
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The browser the e2e specs and benches drive: CHROMIUM_PATH, else the system's Chromium (this
 * machine has no internet, so Playwright cannot download its own), else Playwright's own browser
 * where `npx playwright install chromium` has put it (a Mac, another distribution). With none of
 * them, stop with one sentence saying what to install, rather than a stack trace per spec.
 */
function chromiumPath(): string {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (existsSync(given)) return given;
    throw new Error(`CHROMIUM_PATH is ${given}, but there is no file there.`);
  }
  const system = SYSTEM_CHROMIUMS.find((path) => existsSync(path));
  if (system) return system;
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return bundled;
  throw new Error(
    'No Chromium found for the end-to-end tests: install it (Debian or Ubuntu: `apt-get install -y chromium`; ' +
      'elsewhere: `npx playwright install chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/**
 * How this project launches Chromium: every host but loopback is made unresolvable, so that no
 * background request can hang or leak on a machine without internet.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: chromiumPath(),
  args: [
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
    '--disable-gpu',
    '--disable-sync',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};
