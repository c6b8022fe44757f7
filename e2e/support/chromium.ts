import { chromium, type LaunchOptions } from '@playwright/test';
import { existsSync } from 'node:fs';
import { findChromium } from './find-chromium';

/** The browser to launch (see findChromium); with none, the run stops here with one sentence. */
function chromiumPath(): string {
  const found = findChromium({
    chromiumPath: process.env.CHROMIUM_PATH,
    exists: existsSync,
    bundled: () => chromium.executablePath(),
  });
  if ('path' in found) return found.path;
  console.error(found.problem);
  process.exit(1);
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
