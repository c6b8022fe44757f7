// The list's first page as the service draws it into index.html (issue #33): built by
// scripts/vite-first-paint.ts into dist/server/first-page.mjs, which the service loads from the
// build (web and service never import each other), so both draw the one markup of first-paint.ts.
import { firstPageOf } from './first-paint';

/** The drawing of an answer of `GET /workflows?limit=50`, or null when it is not a list page. */
export function render(body: unknown, now: number): string | null {
  return firstPageOf(body, now);
}
