/**
 * The two local services an e2e run starts (playwright.config.ts): the default one, with every
 * local extension, and a strict-v1 one (WORKFLOW_STRICT_V1=1) that offers only what the v1
 * description shows, so the dashboard's fallbacks run against a server with nothing extra.
 *
 * Specs run against the default service in the `chromium` project. A test tagged `@both-modes`
 * (`test('…', { tag: BOTH_MODES_TAG }, …)`) also runs in the `strict-v1` project, whose baseURL is
 * the strict service; the `strictV1` fixture tells the test which one it is talking to. Both
 * services know the same keys, each with its own database.
 */
// At least 32 characters, as the service requires of configured keys.
export const E2E_API_KEY = 'e2e-key-0123456789abcdef0123456789';
export const E2E_OTHER_KEY = 'e2e-other-key-0123456789abcdef0123';

export const DEFAULT_PORT = Number(process.env.E2E_PORT ?? 8787);
export const STRICT_V1_PORT = Number(process.env.E2E_STRICT_PORT ?? DEFAULT_PORT + 1);
export const DEFAULT_BASE_URL = `http://127.0.0.1:${DEFAULT_PORT}`;
export const STRICT_V1_BASE_URL = `http://127.0.0.1:${STRICT_V1_PORT}`;

/** Tag of the tests that also run against the strict-v1 service. */
export const BOTH_MODES_TAG = '@both-modes';
