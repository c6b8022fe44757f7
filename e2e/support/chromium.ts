import type { LaunchOptions } from '@playwright/test';

/**
 * How this project launches Debian's Chromium, for the e2e specs and the benches alike: the
 * machine has no internet, so Playwright's own browser download is unavailable and every host but
 * loopback is made unresolvable, so that no background request can hang or leak.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
