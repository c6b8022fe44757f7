import { describe, expect, it } from 'vitest';
import { ProfilesStore, type StorageLike } from '@/api/profiles-store';
import { findFirstKey } from './first-key';

const ORIGIN = 'http://127.0.0.1:8080';

const storage = (): StorageLike & { dump(): Record<string, string> } => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
};

const setup = () => {
  const local = storage();
  const session = storage();
  return { local, session, store: new ProfilesStore(local, session, ORIGIN) };
};

const never = () => new Promise<never>(() => {});

describe('finding a key for a tab before its first page', () => {
  it('keeps the key the tab already has and asks nobody', async () => {
    const { store } = setup();
    store.save({ ...store.active(), apiKey: 'typed-key' });
    const source = await findFirstKey(store, { askOpenTabs: never, devKey: never, origin: ORIGIN });
    expect(source).toBe('stored');
    expect(store.active().apiKey).toBe('typed-key');
  });

  it('takes the key of an open tab over the development key', async () => {
    const { store, session } = setup();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => ({ local: 'key-from-open-tab' }),
      devKey: async () => 'dev-key-123456',
      origin: ORIGIN,
    });
    expect(source).toBe('open-tab');
    expect(store.active().apiKey).toBe('key-from-open-tab');
    expect(session.getItem('wf.key.local')).toBe('key-from-open-tab');
  });

  it('uses the development key when no tab answers, kept for this tab only', async () => {
    const { store, local, session } = setup();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => null,
      devKey: async () => 'dev-key-123456',
      origin: ORIGIN,
    });
    expect(source).toBe('dev-key');
    expect(store.isConnected()).toBe(true);
    expect(session.getItem('wf.key.local')).toBe('dev-key-123456');
    expect(JSON.stringify(local.dump())).not.toContain('dev-key-123456');
  });

  it('falls back to the development key when the open tabs hold keys of other profiles only', async () => {
    const { store } = setup();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => ({ 'some-other-profile': 'other-key' }),
      devKey: async () => 'dev-key-123456',
      origin: ORIGIN,
    });
    expect(source).toBe('dev-key');
  });

  it('never offers the development key of this origin to a profile of another server', async () => {
    const { store } = setup();
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
      origin: ORIGIN,
    });
    expect(source).toBe('none');
    expect(asked).toBe(false);
    expect(store.isConnected()).toBe(false);
  });

  it('says none when nobody has a key, so the welcome page asks for it', async () => {
    const { store } = setup();
    const source = await findFirstKey(store, {
      askOpenTabs: async () => null,
      devKey: async () => null,
      origin: ORIGIN,
    });
    expect(source).toBe('none');
    expect(store.isConnected()).toBe(false);
  });
});
