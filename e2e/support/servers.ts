/**
 * The local services an e2e run starts (playwright.config.ts): per Playwright worker, a default one
 * with every local extension, and a strict-v1 one (WORKFLOW_STRICT_V1=1) that offers only what the
 * v1 description shows, so the dashboard's fallbacks run against a server with nothing extra.
 *
 * Specs run against the default service in the `chromium` project. A test tagged `@both-modes`
 * (`test('…', { tag: BOTH_MODES_TAG }, …)`) also runs in the `strict-v1` project, whose service is
 * the strict one; the `strictV1` fixture tells the test which one it is talking to. Both services
 * know the same keys, each with its own database.
 *
 * Journeys count things of the whole account (runs waiting for approval, the retention setting), so
 * two journeys must never share a database at the same time: each worker has its own pair of
 * services (the `baseURL` fixture picks them by the worker's parallel index), and within a worker
 * the spec files run one after the other, as they did when the run had one worker.
 */
// At least 32 characters, as the service requires of configured keys.
export const E2E_API_KEY = 'e2e-key-0123456789abcdef0123456789';
export const E2E_OTHER_KEY = 'e2e-other-key-0123456789abcdef0123';

/** Parallel workers, each with its own two services; E2E_WORKERS=1 starts two services only. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

const DEFAULT_PORT = Number(process.env.E2E_PORT ?? 8787);
const STRICT_V1_PORT = Number(process.env.E2E_STRICT_PORT ?? DEFAULT_PORT + 1);
/** Workers after the first take the ports after both configured ones, two each. */
const NEXT_FREE_PORT = Math.max(DEFAULT_PORT, STRICT_V1_PORT) + 1;

/** The port of worker `parallelIndex`'s default or strict-v1 service. */
export function servicePort(strictV1: boolean, parallelIndex: number): number {
  if (parallelIndex === 0) return strictV1 ? STRICT_V1_PORT : DEFAULT_PORT;
  return NEXT_FREE_PORT + 2 * (parallelIndex - 1) + (strictV1 ? 1 : 0);
}

export function serviceOrigin(strictV1: boolean, parallelIndex: number): string {
  return `http://127.0.0.1:${servicePort(strictV1, parallelIndex)}`;
}

/** Tag of the tests that also run against the strict-v1 service. */
export const BOTH_MODES_TAG = '@both-modes';
