import { describe, expect, it } from 'vitest';
import { freshProfilesStore, TEST_ORIGIN } from '@/api/testing/profiles-storage';
import { findFirstKey } from './first-key';

const never = () => new Promise<never>(() => {});

describe('finding a key for a tab before its first page', () => {
  it('keeps the key the tab already has and asks nobody', async () => {
    const { store } = freshProfilesStore();
    store.save({ ...store.active(), apiKey: 'typed-key' });
    const source = await findFirstKey(store, { askOpenTabs: never, devKey: never, origin: TEST_ORIGIN });
    expect(source).toBe('stored');
    expect(store.active().apiKey).toBe('typed-key');
  });

  it('takes the key of an open tab over the development key', async () => {
    const { store, session } = freshProfilesStore();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => ({ local: 'key-from-open-tab' }),
      devKey: async () => 'dev-key-123456',
      origin: TEST_ORIGIN,
    });
    expect(source).toBe('open-tab');
    expect(store.active().apiKey).toBe('key-from-open-tab');
    expect(session.getItem('wf.key.local')).toBe('key-from-open-tab');
  });

  it('uses the development key when no tab answers, kept for this tab only', async () => {
    const { store, local, session } = freshProfilesStore();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => null,
      devKey: async () => 'dev-key-123456',
      origin: TEST_ORIGIN,
    });
    expect(source).toBe('dev-key');
    expect(store.isConnected()).toBe(true);
    expect(session.getItem('wf.key.local')).toBe('dev-key-123456');
    expect(JSON.stringify(local.dump())).not.toContain('dev-key-123456');
  });

  it('falls back to the development key when the open tabs hold keys of other profiles only', async () => {
    const { store } = freshProfilesStore();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => ({ 'some-other-profile': 'other-key' }),
      devKey: async () => 'dev-key-123456',
      origin: TEST_ORIGIN,
    });
    expect(source).toBe('dev-key');
  });

  it('never offers the development key of this origin to a profile of another server', async () => {
    const { store } = freshProfilesStore();
    const prod = store.save({
      name: 'Production',
      baseUrl: 'https://api.example.com/api/v1',
      apiKey: '',
      remember: false,
    });
    store.setActive(prod.id);
    let asked = false;
    const source = await findFirstKey(store, {
      askOpenTabs: async () => null,
      devKey: async () => {
        asked = true;
        return 'dev-key-123456';
      },
      origin: TEST_ORIGIN,
    });
    expect(source).toBe('none');
    expect(asked).toBe(false);
    expect(store.isConnected()).toBe(false);
  });

  it('says none when nobody has a key, so the welcome page asks for it', async () => {
    const { store } = freshProfilesStore();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => null,
      devKey: async () => null,
      origin: TEST_ORIGIN,
    });
    expect(source).toBe('none');
    expect(store.isConnected()).toBe(false);
  });
});
