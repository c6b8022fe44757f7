/**
 * Connection profiles (Local, Production…): a name, a base URL and an API key each. Names and URLs
 * live in localStorage; a key lives in sessionStorage unless its profile opts into "Remember on
 * this device", so by default a key disappears when the tab closes.
 */

export interface Profile {
  id: string;
  name: string;
  baseUrl: string;
  apiKey: string;
  remember: boolean;
}

export interface ConnectionState {
  profiles: Profile[];
  activeId: string;
  /** Requests per minute the scheduler allows for this browser. */
  budget: number;
}

interface StoredProfile {
  id: string;
  name: string;
  baseUrl: string;
  remember: boolean;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PROFILES_KEY = 'wf.profiles';
const ACTIVE_KEY = 'wf.activeProfile';
const BUDGET_KEY = 'wf.requestBudget';
const keyName = (id: string) => `wf.key.${id}`;

const DEFAULT_BUDGET = 100;

export const defaultBaseUrl = (origin: string) => `${origin}/api/v1`;

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);

const memoryStorage = (): StorageLike => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

export class ProfilesStore {
  private state: ConnectionState;
  private listeners = new Set<() => void>();

  constructor(
    private readonly local: StorageLike,
    private readonly session: StorageLike,
    private readonly origin: string,
  ) {
    this.state = this.read();
  }

  getState = (): ConnectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  active(): Profile {
    return this.state.profiles.find((p) => p.id === this.state.activeId) ?? this.state.profiles[0]!;
  }

  isConnected(): boolean {
    return this.active().apiKey.trim() !== '';
  }

  /** Creates or replaces a profile; the key moves between storages when `remember` changes. */
  save(profile: Omit<Profile, 'id'> & { id?: string }): Profile {
    const saved: Profile = {
      id: profile.id ?? newId(),
      name: profile.name.trim() || 'Untitled',
      baseUrl: profile.baseUrl.trim().replace(/\/+$/, ''),
      apiKey: profile.apiKey.trim(),
      remember: profile.remember,
    };
    const exists = this.state.profiles.some((p) => p.id === saved.id);
    const profiles = exists
      ? this.state.profiles.map((p) => (p.id === saved.id ? saved : p))
      : [...this.state.profiles, saved];
    this.writeKey(saved);
    this.update({ ...this.state, profiles });
    return saved;
  }

  /** The keys this tab holds, by profile id, for another tab of this browser that has none. */
  sharedKeys(): Record<string, string> {
    return Object.fromEntries(this.state.profiles.filter((p) => p.apiKey !== '').map((p) => [p.id, p.apiKey]));
  }

  /**
   * Takes keys another tab shared into the profiles of this tab that have none (a key typed here
   * wins), stored as each profile's remember choice says. Returns whether any key was taken.
   */
  adoptKeys(keys: Record<string, string>): boolean {
    let taken = false;
    const profiles = this.state.profiles.map((p) => {
      const key = keys[p.id];
      if (p.apiKey !== '' || typeof key !== 'string' || key.trim() === '') return p;
      taken = true;
      const adopted = { ...p, apiKey: key.trim() };
      this.writeKey(adopted);
      return adopted;
    });
    if (taken) this.update({ ...this.state, profiles });
    return taken;
  }

  setActive(id: string): void {
    if (!this.state.profiles.some((p) => p.id === id)) return;
    this.update({ ...this.state, activeId: id });
  }

  remove(id: string): void {
    if (this.state.profiles.length <= 1) return;
    this.local.removeItem(keyName(id));
    this.session.removeItem(keyName(id));
    const profiles = this.state.profiles.filter((p) => p.id !== id);
    const activeId = this.state.activeId === id ? profiles[0]!.id : this.state.activeId;
    this.update({ ...this.state, profiles, activeId });
  }

  setBudget(budget: number): void {
    const clean = Math.min(10_000, Math.max(1, Math.floor(budget)));
    this.update({ ...this.state, budget: clean });
  }

  /** Re-reads storage, e.g. after another tab changed it. */
  reload(): void {
    this.state = this.read();
    this.emit();
  }

  private update(next: ConnectionState): void {
    const stored: StoredProfile[] = next.profiles.map(({ id, name, baseUrl, remember }) => ({
      id,
      name,
      baseUrl,
      remember,
    }));
    this.local.setItem(PROFILES_KEY, JSON.stringify(stored));
    this.local.setItem(ACTIVE_KEY, next.activeId);
    this.local.setItem(BUDGET_KEY, String(next.budget));
    this.state = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private writeKey(profile: Profile): void {
    const name = keyName(profile.id);
    this.local.removeItem(name);
    this.session.removeItem(name);
    if (profile.apiKey === '') return;
    (profile.remember ? this.local : this.session).setItem(name, profile.apiKey);
  }

  private read(): ConnectionState {
    let stored: StoredProfile[] = [];
    try {
      const parsed: unknown = JSON.parse(this.local.getItem(PROFILES_KEY) ?? '[]');
      if (Array.isArray(parsed)) {
        stored = parsed.filter(
          (p): p is StoredProfile =>
            typeof p === 'object' &&
            p !== null &&
            typeof p.id === 'string' &&
            typeof p.name === 'string' &&
            typeof p.baseUrl === 'string',
        );
      }
    } catch {
      stored = [];
    }
    if (stored.length === 0)
      stored = [{ id: 'local', name: 'Local', baseUrl: defaultBaseUrl(this.origin), remember: false }];
    const profiles = stored.map((p) => {
      const remember = p.remember === true;
      const apiKey = (remember ? this.local : this.session).getItem(keyName(p.id)) ?? '';
      return { id: p.id, name: p.name, baseUrl: p.baseUrl, remember, apiKey };
    });
    const activeStored = this.local.getItem(ACTIVE_KEY);
    const activeId = profiles.some((p) => p.id === activeStored) ? activeStored! : profiles[0]!.id;
    const budgetRaw = Number(this.local.getItem(BUDGET_KEY));
    const budget = Number.isFinite(budgetRaw) && budgetRaw >= 1 ? Math.floor(budgetRaw) : DEFAULT_BUDGET;
    return { profiles, activeId, budget };
  }
}

let store: ProfilesStore | null = null;

const safeStorage = (get: () => Storage): StorageLike => {
  try {
    const s = get();
    s.getItem('wf.probe');
    return s;
  } catch {
    // Storage can be disabled (privacy modes); the dashboard still works for this tab.
    return memoryStorage();
  }
};

/** The app-wide profiles store, kept in sync with other tabs through storage events. */
export function getProfilesStore(): ProfilesStore {
  if (store) return store;
  const created = new ProfilesStore(
    safeStorage(() => localStorage),
    safeStorage(() => sessionStorage),
    typeof location === 'undefined' ? 'http://localhost' : location.origin,
  );
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.startsWith('wf.')) created.reload();
    });
  }
  store = created;
  return created;
}
