import { afterAll, describe, expect, it } from 'vitest';
import { followActiveProfile, getApiClient } from './active-client';
import { getProfilesStore } from './profiles-store';
import { getScheduler } from './scheduler';

describe('the active client', () => {
  afterAll(() => getScheduler().dispose());

  it('is handed out without touching the scheduler; following the profile sets the budget, now and on change', () => {
    const store = getProfilesStore();
    const budget = () => getScheduler().getSnapshot().budget;
    store.setBudget(40);
    const client = getApiClient();
    expect(budget()).toBe(100);
    expect(getApiClient()).toBe(client);

    const stop = followActiveProfile();
    expect(budget()).toBe(40);
    expect(followActiveProfile()).toBe(stop);
    store.setBudget(70);
    expect(budget()).toBe(70);

    stop();
    store.setBudget(10);
    expect(budget()).toBe(70);
  });

  it('is a new client once the profile points elsewhere', () => {
    const store = getProfilesStore();
    const before = getApiClient();
    store.save({ ...store.active(), baseUrl: 'http://other.example/api/v1' });
    expect(getApiClient()).not.toBe(before);
    expect(getApiClient().baseUrl).toBe('http://other.example/api/v1');
  });
});
