import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getServerReachability } from '@/lib/server-reachability';
import { refreshEverything } from './connection';

/** A list on screen (one observer) whose reads say what the server held at the time. */
function listOnScreen(server: { names: string[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: () => [...server.names] });
  const stop = observer.subscribe(() => undefined);
  const shown = () => observer.getCurrentResult().data;
  return { client, shown, stop };
}

describe('refreshEverything, when the server answers again after an outage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads what is on screen at once and again a few seconds later, so writes held during the outage show', async () => {
    vi.useFakeTimers();
    const server = { names: ['Before'] };
    const page = listOnScreen(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.shown()).toEqual(['Before']);

    refreshEverything(page.client);
    await vi.advanceTimersByTimeAsync(0);
    // Someone's page, back a moment later too, sends what it held: after the first read was answered.
    server.names.push('Made after the return');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(page.shown()).toEqual(['Before']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(page.shown()).toEqual(['Before', 'Made after the return']);
    page.stop();
  });

  it('does not read again while the server is down once more', async () => {
    vi.useFakeTimers();
    const server = { names: ['Before'] };
    const page = listOnScreen(server);
    await vi.advanceTimersByTimeAsync(0);
    refreshEverything(page.client);
    await vi.advanceTimersByTimeAsync(0);
    server.names.push('Unseen');
    vi.spyOn(getServerReachability(), 'getSnapshot').mockReturnValue({ down: true, nextProbeAt: Date.now() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(page.shown()).toEqual(['Before']);
    page.stop();
  });
});
