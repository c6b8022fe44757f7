import { describe, expect, it } from 'vitest';
import { freshProfilesStore, memoryStorage, TEST_ORIGIN } from './testing/profiles-storage';
import { ProfilesStore } from './profiles-store';

describe('ProfilesStore', () => {
  it('starts with a Local profile pointing at this origin and no key', () => {
    const { store } = freshProfilesStore();
    expect(store.active()).toMatchObject({ name: 'Local', baseUrl: 'http://127.0.0.1:8080/api/v1', apiKey: '' });
    expect(store.isConnected()).toBe(false);
  });

  it('keeps a key in sessionStorage only, unless remember is chosen', () => {
    const { store, local, session } = freshProfilesStore();
    const saved = store.save({ ...store.active(), apiKey: ' secret-key ' });
    expect(session.getItem(`wf.key.${saved.id}`)).toBe('secret-key');
    expect(JSON.stringify(local.dump())).not.toContain('secret-key');
    store.save({ ...saved, remember: true });
    expect(local.getItem(`wf.key.${saved.id}`)).toBe('secret-key');
    expect(session.getItem(`wf.key.${saved.id}`)).toBeNull();
  });

  it('reads profiles, keys and the active choice back from storage', () => {
    const { store, local, session } = freshProfilesStore();
    const prod = store.save({
      name: 'Production',
      baseUrl: 'https://api.example.com/api/v1/',
      apiKey: 'prod-key',
      remember: true,
    });
    store.setActive(prod.id);
    store.setBudget(40);
    const again = new ProfilesStore(local, session, TEST_ORIGIN);
    expect(again.getState().profiles.map((p) => p.name)).toEqual(['Local', 'Production']);
    expect(again.active()).toMatchObject({
      name: 'Production',
      baseUrl: 'https://api.example.com/api/v1',
      apiKey: 'prod-key',
    });
    expect(again.getState().budget).toBe(40);
  });

  it('loses a session-only key in a new session but keeps the profile', () => {
    const { store, local } = freshProfilesStore();
    store.save({ ...store.active(), apiKey: 'k' });
    const newSession = new ProfilesStore(local, memoryStorage(), TEST_ORIGIN);
    expect(newSession.active().apiKey).toBe('');
    expect(newSession.active().name).toBe('Local');
  });

  it('never removes the last profile and moves the active choice off a removed one', () => {
    const { store } = freshProfilesStore();
    const only = store.active();
    store.remove(only.id);
    expect(store.getState().profiles).toHaveLength(1);
    const other = store.save({ name: 'Other', baseUrl: 'http://x/api/v1', apiKey: '', remember: false });
    store.setActive(other.id);
    store.remove(other.id);
    expect(store.active().id).toBe(only.id);
  });

  it('clamps the request budget to a sane range and ignores garbage in storage', () => {
    const { store, local, session } = freshProfilesStore();
    store.setBudget(0);
    expect(store.getState().budget).toBe(1);
    local.setItem('wf.requestBudget', 'lots');
    local.setItem('wf.profiles', '{not json');
    const again = new ProfilesStore(local, session, 'http://h');
    expect(again.getState().budget).toBe(100);
    expect(again.active().name).toBe('Local');
  });

  it('tells subscribers about every change', () => {
    const { store } = freshProfilesStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.save({ ...store.active(), apiKey: 'k' });
    store.setBudget(50);
    expect(calls).toBe(2);
  });

  it('shares the keys it holds, and takes shared keys only into profiles without one', () => {
    const { store, local, session } = freshProfilesStore();
    const prod = store.save({
      name: 'Production',
      baseUrl: 'https://api.example.com/api/v1',
      apiKey: 'typed',
      remember: false,
    });
    const kept = store.save({ name: 'Kept', baseUrl: 'https://kept.example.com/api/v1', apiKey: '', remember: true });
    expect(store.sharedKeys()).toEqual({ [prod.id]: 'typed' });

    const taken = store.adoptKeys({
      local: ' shared-local ',
      [prod.id]: 'would-overwrite',
      [kept.id]: 'kept-key',
      stranger: 'x',
    });
    expect(taken).toBe(true);
    const byName = Object.fromEntries(store.getState().profiles.map((p) => [p.name, p.apiKey]));
    expect(byName).toEqual({ Local: 'shared-local', Production: 'typed', Kept: 'kept-key' });
    expect(session.getItem('wf.key.local')).toBe('shared-local');
    expect(local.getItem(`wf.key.${kept.id}`)).toBe('kept-key');
    expect(store.adoptKeys({ local: 'again' })).toBe(false);
  });
});
