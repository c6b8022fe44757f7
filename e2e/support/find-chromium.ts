/** Where Chromium usually is on Debian and Ubuntu; CHROMIUM_PATH names any other. */
export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** What the machine offers: CHROMIUM_PATH, whether a file exists, and where Playwright's own Chromium would be. */
export interface ChromiumHost {
  chromiumPath: string | undefined;
  exists: (path: string) => boolean;
  /** Where `npx playwright install chromium` puts its browser (whether or not it has). */
  bundled: () => string | undefined;
}

/**
 * The browser the e2e specs and benches drive: CHROMIUM_PATH, else the system's Chromium (this
 * machine has no internet, so Playwright cannot download its own), else Playwright's own browser
 * where `npx playwright install chromium` has put it (a Mac, another distribution). With none of
 * them, one sentence saying what to install, to print instead of a stack trace per spec.
 */
export function findChromium(host: ChromiumHost): { path: string } | { problem: string } {
  const given = host.chromiumPath;
  if (given)
    return host.exists(given) ? { path: given } : { problem: `CHROMIUM_PATH is ${given}, but there is no file there.` };
  const system = SYSTEM_CHROMIUMS.find((path) => host.exists(path));
  if (system) return { path: system };
  let bundled: string | undefined;
  try {
    bundled = host.bundled();
  } catch {
    // Playwright without its browser registry: the same as a browser not installed.
  }
  if (bundled && host.exists(bundled)) return { path: bundled };
  return {
    problem:
      'No Chromium found for the end-to-end tests: install it (Debian or Ubuntu: `apt-get install -y chromium`; ' +
      'elsewhere: `npx playwright install chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  };
}
