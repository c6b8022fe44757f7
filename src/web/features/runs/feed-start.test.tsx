// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedStart } from './feed-start';

afterEach(cleanup);

const shown = (feed: { loaded: number; refreshing: boolean; checkedAt: number; error?: unknown }) =>
  render(
    <FeedStart feed={{ error: null, ...feed }} errorTitle="Could not load" loadingLabel="Loading runs">
      <p>Nothing waits for approval</p>
    </FeedStart>,
  );

describe('FeedStart', () => {
  it('shows a skeleton while a feed reads for the first time', () => {
    shown({ loaded: 0, refreshing: true, checkedAt: 0 });
    expect(screen.queryByText('Nothing waits for approval')).toBeNull();
    expect(screen.getByText('Loading runs…')).toBeTruthy();
  });

  it('shows what an empty feed read before at once while it reads again', () => {
    shown({ loaded: 0, refreshing: true, checkedAt: Date.now() - 60_000 });
    expect(screen.getByText('Nothing waits for approval')).toBeTruthy();
    expect(screen.queryByText('Loading runs…')).toBeNull();
  });
});
