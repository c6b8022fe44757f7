/**
 * Keys are kept per tab (sessionStorage), so a link opened in a new tab would start without one.
 * At start-up a tab without a key asks the other open tabs of this browser, over a same-origin
 * BroadcastChannel, and any tab that holds keys answers. Once the last tab closes nobody answers.
 */
import { tabChannel, type OpenChannel } from '@/lib/tab-channel';

const CHANNEL_NAME = 'wf.connection';

/** How long a new tab waits for an answer before deciding nobody holds a key. */
const ASK_TIMEOUT_MS = 300;

const openBroadcastChannel = tabChannel(CHANNEL_NAME);

interface Ask {
  type: 'ask-keys';
  from: string;
}
interface Answer {
  type: 'keys';
  to: string;
  keys: Record<string, string>;
}

const isAsk = (data: unknown): data is Ask =>
  typeof data === 'object' &&
  data !== null &&
  (data as Ask).type === 'ask-keys' &&
  typeof (data as Ask).from === 'string';

const isAnswer = (data: unknown, to: string): data is Answer => {
  if (typeof data !== 'object' || data === null) return false;
  const answer = data as Answer;
  return (
    answer.type === 'keys' &&
    answer.to === to &&
    typeof answer.keys === 'object' &&
    answer.keys !== null &&
    Object.values(answer.keys).every((k) => typeof k === 'string')
  );
};

const newAskId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);

/**
 * Answers other tabs' requests with the keys this tab holds (read when asked, so a key saved later
 * is shared too). A tab with no key stays silent. Returns the way to stop answering.
 */
export function answerKeyRequests(keys: () => Record<string, string>, open: OpenChannel = openBroadcastChannel) {
  const channel = open();
  if (!channel) return () => {};
  channel.addEventListener('message', (event) => {
    if (!isAsk(event.data)) return;
    const held = keys();
    if (Object.keys(held).length === 0) return;
    channel.postMessage({ type: 'keys', to: event.data.from, keys: held } satisfies Answer);
  });
  return () => channel.close();
}

/**
 * How long an answer that missed ASK_TIMEOUT_MS is still taken. An open tab busy drawing a long list
 * on a slow machine can answer late; the new tab has shown its welcome page by then and goes on.
 */
const LATE_ANSWER_MS = 10_000;

/**
 * Asks the open tabs for their keys; the first answer wins, and null means none came in time.
 * An answer that comes after the timeout, within `lateMs`, goes to `late` instead.
 */
export function askOpenTabsForKeys(
  timeoutMs = ASK_TIMEOUT_MS,
  open: OpenChannel = openBroadcastChannel,
  late?: { lateMs?: number; take: (keys: Record<string, string>) => void },
): Promise<Record<string, string> | null> {
  const channel = open();
  if (!channel) return Promise.resolve(null);
  const from = newAskId();
  return new Promise((resolve) => {
    let inTime = true;
    const close = () => {
      clearTimeout(timer);
      clearTimeout(lateTimer);
      channel.close();
    };
    const timer = setTimeout(() => {
      inTime = false;
      resolve(null);
      if (!late) close();
    }, timeoutMs);
    const lateTimer = setTimeout(close, timeoutMs + (late?.lateMs ?? LATE_ANSWER_MS));
    channel.addEventListener('message', (event) => {
      if (!isAnswer(event.data, from)) return;
      close();
      if (inTime) resolve(event.data.keys);
      else late?.take(event.data.keys);
    });
    channel.postMessage({ type: 'ask-keys', from } satisfies Ask);
  });
}
