import { ProfilesStore, type StorageLike } from '../profiles-store';

/** The page's address in tests of the profiles store. */
export const TEST_ORIGIN = 'http://127.0.0.1:8080';

/** A browser storage kept in memory, with all it holds readable at once. */
export function memoryStorage(): StorageLike & { dump(): Record<string, string> } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}

/** A profiles store on empty local and session storage, returned with them to look into. */
export function freshProfilesStore(origin = TEST_ORIGIN) {
  const local = memoryStorage();
  const session = memoryStorage();
  return { local, session, store: new ProfilesStore(local, session, origin) };
}
