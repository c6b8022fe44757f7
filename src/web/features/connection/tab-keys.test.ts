import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelLike } from '@/lib/tab-channel';
import { answerKeyRequests, askOpenTabsForKeys } from './tab-keys';

/** Each test gets its own channel name, so tabs of different tests never hear each other. */
let round = 0;
const stops: (() => void)[] = [];

const tabsOnOneChannel = () => {
  const name = `wf.connection.test.${++round}`;
  return (): ChannelLike => new BroadcastChannel(name);
};

afterEach(() => {
  while (stops.length) stops.pop()!();
});

/** A tab too busy to answer at once: it answers every ask `afterMs` late. */
function answerLate(open: () => ChannelLike, keys: Record<string, string>, afterMs: number) {
  const busyTab = open();
  stops.push(() => busyTab.close());
  busyTab.addEventListener('message', (event: MessageEvent<{ type?: string; from?: string }>) => {
    if (event.data.type !== 'ask-keys') return;
    const to = event.data.from;
    setTimeout(() => busyTab.postMessage({ type: 'keys', to, keys }), afterMs);
  });
}

describe('sharing keys between the tabs of one browser', () => {
  it('gives a new tab the keys an open tab holds', async () => {
    const open = tabsOnOneChannel();
    stops.push(answerKeyRequests(() => ({ local: 'key-of-the-open-tab' }), open));
    await expect(askOpenTabsForKeys(1000, open)).resolves.toEqual({ local: 'key-of-the-open-tab' });
  });

  it('reads the keys when asked, so a key saved after start-up is shared too', async () => {
    const open = tabsOnOneChannel();
    let held: Record<string, string> = {};
    stops.push(answerKeyRequests(() => held, open));
    held = { local: 'saved-later' };
    await expect(askOpenTabsForKeys(1000, open)).resolves.toEqual({ local: 'saved-later' });
  });

  it('gives up after the timeout when no tab is open', async () => {
    const open = tabsOnOneChannel();
    const started = Date.now();
    await expect(askOpenTabsForKeys(50, open)).resolves.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('hears nothing from open tabs that hold no key', async () => {
    const open = tabsOnOneChannel();
    stops.push(answerKeyRequests(() => ({}), open));
    await expect(askOpenTabsForKeys(100, open)).resolves.toBeNull();
  });

  it('takes the first answer when several tabs hold keys', async () => {
    const open = tabsOnOneChannel();
    stops.push(answerKeyRequests(() => ({ local: 'same-key' }), open));
    stops.push(answerKeyRequests(() => ({ local: 'same-key' }), open));
    await expect(askOpenTabsForKeys(1000, open)).resolves.toEqual({ local: 'same-key' });
  });

  it('ignores an answer meant for another tab, and messages of the wrong shape', async () => {
    const open = tabsOnOneChannel();
    const stranger = open();
    stops.push(() => stranger.close());
    stranger.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data.type !== 'ask-keys') return;
      stranger.postMessage({ type: 'keys', to: 'someone-else', keys: { local: 'not-for-you' } });
      stranger.postMessage({ type: 'keys', keys: { local: 'no-address' } });
      stranger.postMessage('keys');
    });
    await expect(askOpenTabsForKeys(150, open)).resolves.toBeNull();
  });

  it('passes on an answer that comes after the timeout, so a busy open tab still connects the new one', async () => {
    const open = tabsOnOneChannel();
    answerLate(open, { local: 'late-key' }, 120);
    let take: (keys: Record<string, string>) => void = () => {};
    const late = new Promise<Record<string, string>>((resolve) => (take = resolve));
    await expect(askOpenTabsForKeys(30, open, { take: (keys) => take(keys) })).resolves.toBeNull();
    await expect(late).resolves.toEqual({ local: 'late-key' });
  });

  it('stops listening for late answers once the late window has passed', async () => {
    const open = tabsOnOneChannel();
    answerLate(open, { local: 'too-late' }, 150);
    const taken: Record<string, string>[] = [];
    await expect(askOpenTabsForKeys(20, open, { lateMs: 40, take: (keys) => taken.push(keys) })).resolves.toBeNull();
    await new Promise((wait) => setTimeout(wait, 250));
    expect(taken).toEqual([]);
  });

  it('works without BroadcastChannel: nobody answers and nothing throws', async () => {
    expect(
      answerKeyRequests(
        () => ({ local: 'k' }),
        () => null,
      ),
    ).toBeTypeOf('function');
    await expect(askOpenTabsForKeys(1000, () => null)).resolves.toBeNull();
  });
});
