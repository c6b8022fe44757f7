/**
 * The workflow list's first request, sent by the first-paint script (src/web/first-paint-boot.ts)
 * before the app's JavaScript runs, and handed to the API client here: the app's own first read of
 * the list takes that answer instead of asking again, so the early paint costs no extra request and
 * the answer still goes through the client's checks (status, errors, the contract's schema).
 */
export interface FirstAnswer {
  /** The exact URL the client would ask for (the active profile's base URL, the list's first page). */
  url: string;
  /** The key it was sent with: another key's read never takes it. */
  key: string;
  /** Epoch ms the request left. */
  sentAt: number;
  /** The answer, or null when the request failed (the app then asks again and reports the outage itself). */
  answer: Promise<Response | null>;
}

/**
 * The cookie that carries a remembered key to the dashboard's own HTML request, so the service can
 * put the list's first page into it (server-state/list-key-cookie.ts writes it; the boot script reads
 * it to tell whether that list is this tab's). The service never takes it as a key for the API.
 */
export const LIST_KEY_COOKIE = 'wf_list_key';

/** Past this age the early answer is stale: the app reads the list afresh. */
const FIRST_ANSWER_MAX_AGE_MS = 10_000;

type WithFirstAnswer = typeof globalThis & { __wfFirstAnswer?: FirstAnswer };

/** Leaves the early request for the app to take (called once, by the first-paint script). */
export function offerFirstAnswer(first: FirstAnswer): void {
  (globalThis as WithFirstAnswer).__wfFirstAnswer = first;
}

/** The early answer for this request, once: only the same GET, with the same key, while fresh. */
function takeFirstAnswer(request: Request): Promise<Response | null> | null {
  const holder = globalThis as WithFirstAnswer;
  const first = holder.__wfFirstAnswer;
  if (!first || request.method !== 'GET' || request.url !== first.url || request.headers.get('x-api-key') !== first.key)
    return null;
  delete holder.__wfFirstAnswer;
  return Date.now() - first.sentAt > FIRST_ANSWER_MAX_AGE_MS ? null : first.answer;
}

/** `fetch` that answers the app's first list read with the early answer, and anything else as `fetch` does. */
export function takingFirstAnswer(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const early = input instanceof Request ? takeFirstAnswer(input) : null;
    if (early === null) return fetch(input, init);
    return early.then((response) => response ?? fetch(input, init));
  };
}
