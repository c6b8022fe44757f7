// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { batchRecord, rowRecord } from '@/testing/batch-records';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { StopControl } from './stop-control';

// The engine's stop (journal, cancel request) has its own tests; here only what the person sees of it.
const engine = vi.hoisted(() => ({ stopBatch: vi.fn<(batchId: string) => Promise<unknown>>() }));
vi.mock('@/batch-engine/batch-runtime', () => engine);
beforeEach(() => engine.stopBatch.mockReset().mockResolvedValue({}));

const running = () =>
  batchRecord({}, [
    rowRecord(0, { status: 'finished' }),
    rowRecord(1, { status: 'processing' }),
    rowRecord(2, { status: 'unsent' }),
  ]);

describe('StopControl', () => {
  it('on a plain v1 server, offers to stop sending and says runs already sent will finish', async () => {
    const batch = running();
    const { user } = await renderWithServer(<StopControl batch={batch} />);

    const stop = await screen.findByRole('button', { name: 'Stop sending' });
    expect(stop.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(stop.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Stops sending; runs already sent will finish (this server cannot cancel them).',
    );
    await user.click(stop);

    expect(engine.stopBatch).toHaveBeenCalledWith(batch.id);
  });

  it('where the server can cancel, says the queued runs will be cancelled too', async () => {
    await renderWithServer(<StopControl batch={running()} />, { server: new FakeV1Server({ extensions: true }) });

    const stop = await screen.findByRole('button', { name: 'Stop (cancel queued runs)' });
    expect(document.getElementById(stop.getAttribute('aria-describedby')!)?.textContent).toContain(
      'cancels the runs still queued on the server',
    );
  });

  it('is not offered once there is nothing left to stop', async () => {
    const finished = batchRecord({}, [rowRecord(0, { status: 'finished' }), rowRecord(1, { status: 'error' })]);
    const stopped = batchRecord({ stopped: { at: Date.now(), unsentStopped: 1, cancel: 'unsupported' } }, [
      rowRecord(0, { status: 'unsent' }),
    ]);
    const { rerender } = await renderWithServer(<StopControl batch={running()} />);
    expect(screen.getByRole('button', { name: 'Stop sending' })).toBeDefined();

    rerender(<StopControl batch={finished} />);
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
    rerender(<StopControl batch={stopped} />);
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
  });

  it('says why a stop failed, and lets the person try again', async () => {
    engine.stopBatch.mockRejectedValueOnce(new Error('The journal is locked by another tab.'));
    const { user } = await renderWithServer(<StopControl batch={running()} />);

    await user.click(await screen.findByRole('button', { name: 'Stop sending' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not stop: The journal is locked by another tab.',
    );
    const again = screen.getByRole('button', { name: 'Stop sending' });
    expect(again.hasAttribute('disabled')).toBe(false);
    await user.click(again);
    expect(engine.stopBatch).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
