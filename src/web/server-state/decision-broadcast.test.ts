import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelLike } from '@/lib/tab-channel';
import { decisionTabs, type DecidedMessage } from './decision-broadcast';

/** Each test gets its own channel name, so tabs of different tests never hear each other. */
let round = 0;
const stops: (() => void)[] = [];
afterEach(() => {
  while (stops.length) stops.pop()!();
});

const browser = () => {
  const name = `wf.decisions.test.${++round}`;
  return (): ChannelLike => new BroadcastChannel(name);
};

/** A tab that follows the others and records what it hears. */
const openTab = (open: () => ChannelLike) => {
  const tab = decisionTabs(open);
  const heard: Omit<DecidedMessage, 'type'>[] = [];
  stops.push(tab.follow((d) => heard.push(d)));
  return { tab, heard };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const decision = { workflowId: 'wf-1', executionId: 'run-1', status: 'finished' } as const;

describe('telling the other tabs about a decision', () => {
  it('reaches every other open tab with the run and its new status', async () => {
    const open = browser();
    const deciding = openTab(open);
    const b = openTab(open);
    const c = openTab(open);
    deciding.tab.announce(decision);
    await settle();
    expect(b.heard).toEqual([decision]);
    expect(c.heard).toEqual([decision]);
  });

  it('does not make the deciding tab refresh a second time', async () => {
    const open = browser();
    const deciding = openTab(open);
    openTab(open);
    deciding.tab.announce(decision);
    await settle();
    expect(deciding.heard).toEqual([]);
  });

  it('sends a refused decision without a status, so the others re-read it', async () => {
    const open = browser();
    const deciding = openTab(open);
    const other = openTab(open);
    deciding.tab.announce({ workflowId: 'wf-1', executionId: 'run-1' });
    await settle();
    expect(other.heard).toEqual([{ workflowId: 'wf-1', executionId: 'run-1', status: undefined }]);
  });

  it('ignores messages that are not decisions', async () => {
    const open = browser();
    const other = openTab(open);
    const stranger = open();
    stops.push(() => stranger.close());
    stranger.postMessage({ type: 'ask-keys', from: 'x' });
    stranger.postMessage({ type: 'decided', workflowId: 1 });
    stranger.postMessage('decided');
    await settle();
    expect(other.heard).toEqual([]);
  });

  it('sends nothing and fails nowhere where the browser has no BroadcastChannel', () => {
    const tab = decisionTabs(() => null);
    expect(tab.follow(() => {})).toBeTypeOf('function');
    expect(() => tab.announce(decision)).not.toThrow();
  });

  it('stops hearing once the tab stops following', async () => {
    const open = browser();
    const deciding = openTab(open);
    const other = decisionTabs(open);
    const heard: unknown[] = [];
    other.follow((d) => heard.push(d))();
    deciding.tab.announce(decision);
    await settle();
    expect(heard).toEqual([]);
  });
});
